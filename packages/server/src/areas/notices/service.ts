import { isMessageKey, translate, type Locale, type MessageKey, type Notice, type NoticeType } from '@portal/contract';
import type { AuthedContext, Services } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { fail } from '../../platform/errors.js';
import type { KindName } from '../../records/core/tables.js';
import * as repo from './repo.js';

/** The notice centre: each user sees and marks only their own notices. */

/** The badge count, read from a short cache that every change to a user's notices invalidates. */
export async function unviewedCount(ctx: AuthedContext): Promise<number> {
  const { unviewedCounts } = ctx.services;
  const at = ctx.now.getTime();
  const cached = unviewedCounts.get(ctx.user.userId, at);
  if (cached !== undefined) return cached;
  const count = await repo.countUnviewed(ctx.db, ctx.user.userId);
  unviewedCounts.set(ctx.user.userId, count, at);
  return count;
}

/** Whoever adds notices or marks them viewed calls this in the same transaction. */
export async function noticesChanged(services: Services, db: Db | Tx, userId: number | readonly number[]): Promise<void> {
  await services.bus.publishAll(db, 'notices', typeof userId === 'number' ? [userId] : userId);
}

export function subscribeNoticeCache(services: Services): void {
  services.bus.on('notices', (userId) => services.unviewedCounts.delete(Number(userId)));
  services.bus.onDropAll(() => services.unviewedCounts.clear());
}

/**
 * A notice opens its target in the browser, so only the portal's own paths are allowed (an absolute URL must
 * be on the portal's own address): never `javascript:`, never another host.
 */
export function isSafeTarget(target: string, publicUrl: string | undefined): boolean {
  if (target === '') return true;
  if (/^\/(?![/\\])/.test(target) && !/[\s\\]/.test(target)) return true;
  if (!publicUrl) return false;
  try {
    const url = new URL(target);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === new URL(publicUrl).origin;
  } catch {
    return false;
  }
}

/** A notice about some records opens the list on exactly those: its target carries the notice's id. */
function withNoticeId(target: string, id: number, scoped: boolean): string {
  if (!scoped || target === '') return target;
  return `${target}${target.includes('?') ? '&' : '?'}noticeId=${id}`;
}

function present(row: Awaited<ReturnType<typeof repo.findOwn>> & object, publicUrl: string | undefined): Notice {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    type: row.type,
    from: row.sender,
    createdAt: row.send_date.toISOString(),
    viewed: row.viewed,
    target_url: isSafeTarget(row.target, publicUrl) ? withNoticeId(row.target, row.id, row.scoped) : '',
  };
}

export async function search(ctx: AuthedContext, input: { offset: number; limit: number; startDate?: string | null | undefined; endDate?: string | null | undefined; keyword: string }) {
  const { rows, total } = await repo.search(ctx.db, ctx.user.userId, input, input.offset, input.limit);
  return { notices: rows.map((r) => present(r, ctx.services.config.publicUrl)), total, unviewed: await repo.countUnviewed(ctx.db, ctx.user.userId) };
}

/** Marks the user's own notice viewed and answers it (with its target); another user's notice is "not found". */
export async function view(ctx: AuthedContext, noticeId: number) {
  const row = await repo.findOwn(ctx.db, ctx.user.userId, noticeId);
  if (!row) fail('objectNotFound');
  if (!row.viewed) {
    await repo.markViewed(ctx.db, ctx.user.userId, noticeId);
    await noticesChanged(ctx.services, ctx.db, ctx.user.userId);
  }
  return { notice: present({ ...row, viewed: true }, ctx.services.config.publicUrl) };
}

/** What a notice was about, so the record list can open on exactly those records (the list's noticeId filter). */
export type NoticeScope = { recordIds: number[] } | { reportId: number };

/**
 * The notice service the record and report areas call: tells every live user of a client, each in their own
 * language. Runs in the caller's transaction, so a rolled-back change notifies nobody. The type says what happened
 * (1 a record updated, 2 records updated together, 3 a report posted); `records` says of which record kind, whose
 * texts the catalogue has under `notice.type{n}` (EC, the first kind) and `notice.<kind>.type{n}` (the others).
 */
function noticeKey(records: KindName, type: NoticeType, part: 'title' | 'content'): MessageKey {
  const key = `notice.${records === 'ec' ? '' : `${records}.`}type${type}.${part}`;
  if (!isMessageKey(key)) throw new Error(`no notice text ${key}`);
  return key;
}

export async function notifyClientUsers(
  services: Services,
  db: Db | Tx,
  clientId: number,
  notice: { type: NoticeType; records: KindName; params: Record<string, string | number>; target: string; from?: string; now: Date; scope?: NoticeScope },
): Promise<number> {
  if (!isSafeTarget(notice.target, services.config.publicUrl)) throw new Error(`unsafe notice target: ${notice.target}`);
  const users = await repo.liveUsersOfClient(db, clientId);
  const text = (locale: Locale, part: 'title' | 'content') => translate(locale, noticeKey(notice.records, notice.type, part), notice.params);
  await repo.insertMany(
    db,
    users.map((u) => ({
      user_id: u.user_id,
      title: text(u.user_locale as Locale, 'title').slice(0, 200),
      content: text(u.user_locale as Locale, 'content'),
      type: notice.type,
      sender: notice.from ?? 'IPF',
      target: notice.target,
      send_date: notice.now,
      scope: notice.scope ? JSON.stringify(notice.scope) : null,
    })),
  );
  await noticesChanged(services, db, users.map((u) => u.user_id));
  return users.length;
}

/**
 * The notice service for notices to named users (service requests tell "the other side": a client's users or its
 * staff). Each user gets the texts in their own language; runs in the caller's transaction.
 */
export async function notifyUsers(
  services: Services,
  db: Db | Tx,
  users: readonly { user_id: number; user_locale: string }[],
  notice: { type: NoticeType; title: MessageKey; content: MessageKey; params: (locale: Locale) => Record<string, string | number>; target: string; from?: string; now: Date; scope?: NoticeScope },
): Promise<void> {
  if (!isSafeTarget(notice.target, services.config.publicUrl)) throw new Error(`unsafe notice target: ${notice.target}`);
  const rows = users.map((u) => {
    const locale = u.user_locale as Locale;
    const params = notice.params(locale);
    return {
      user_id: u.user_id,
      title: translate(locale, notice.title, params).slice(0, 200),
      content: translate(locale, notice.content, params),
      type: notice.type,
      sender: notice.from ?? 'IPF',
      target: notice.target,
      send_date: notice.now,
      scope: notice.scope ? JSON.stringify(notice.scope) : null,
    };
  });
  await repo.insertMany(db, rows);
  await noticesChanged(services, db, users.map((u) => u.user_id));
}
