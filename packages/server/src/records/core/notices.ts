import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { notifyClientUsers } from '../../areas/notices/service.js';
import type { KindName, ListKind } from './kind.js';
import { clientName } from './queries.js';

/**
 * The notices a client's users get about their records of any kind (document 3, section 6), in the caller's
 * transaction: one record changed (type 1, opens its detail), records changed together (type 2) and a report
 * posted (type 3), both opening the kind's list on exactly those records. Texts are the kind's (`records`).
 */
export type NoticeKind = Pick<ListKind, 'listPath' | 'detailPath'> & { name: KindName };

const listOf = (kind: NoticeKind, clientId: number) => `${kind.listPath}?clientId=${clientId}`;

export async function notifyRecordChanged(ctx: AuthedContext, kind: NoticeKind, clientId: number, recordId: number): Promise<void> {
  await notifyClientUsers(ctx.services, ctx.db, clientId, {
    type: 1,
    records: kind.name,
    params: { client: await clientName(ctx.db, clientId), record: recordId },
    target: kind.detailPath(clientId, recordId),
    scope: { recordIds: [recordId] },
    now: ctx.now,
  });
}

/** Some of the client's visible (published) records changed together: nothing when none of them is visible. */
export async function notifyRecordsChanged(ctx: AuthedContext, db: Db | Tx, kind: NoticeKind, clientId: number, published: number[]): Promise<void> {
  if (published.length === 0) return;
  await notifyClientUsers(ctx.services, db, clientId, {
    type: 2,
    records: kind.name,
    params: { client: await clientName(db, clientId), count: published.length },
    target: listOf(kind, clientId),
    scope: { recordIds: published },
    now: ctx.now,
  });
}

export async function notifyReportPosted(ctx: AuthedContext, kind: NoticeKind, clientId: number, report: { id: number; name: string }): Promise<void> {
  await notifyClientUsers(ctx.services, ctx.db, clientId, {
    type: 3,
    records: kind.name,
    params: { client: await clientName(ctx.db, clientId), report: report.name },
    target: listOf(kind, clientId),
    scope: { reportId: report.id },
    now: ctx.now,
  });
}
