import type { DownloadQuery, evidence as contract, EvidenceKind } from '@portal/contract';
import { sql } from 'kysely';
import type { z } from 'zod';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { fileBytes } from '../../platform/files.js';
import { visibleTo } from '../records/search.js';
import { RECORD_TABLES } from '../records/tables.js';
import { CAPTURE_FILE_KIND } from './queue.js';

/**
 * Evidence of a record of any kind (issue 18): analysts among the client's managers ask for a capture; whoever may
 * see the record (client users: their own company's published records) sees its captures and their files.
 * Captures are never changed or deleted here: only the record's removal removes them (cascade).
 */
type Input = z.output<typeof contract.captureInput>;
type Answer = z.output<typeof contract.evidence>;

/** The page a record's evidence is taken of. */
export const URL_OF: Record<EvidenceKind, ReturnType<typeof sql<string>>> = {
  ec: sql<string>`r.ec_product_url`,
  ws: sql<string>`r.page_url`,
  sns: sql<string>`COALESCE(NULLIF(r.post_url, ''), r.account_url)`,
};
const idColumnOf = (kind: EvidenceKind) => RECORD_TABLES[kind].id as 'ec_id' | 'ws_id' | 'sns_id';

export async function visibleRecord(ctx: AuthedContext, kind: EvidenceKind, clientId: number, recordId: number): Promise<{ url: string }> {
  const t = RECORD_TABLES[kind];
  const found = await sql<{ url: string }>`
    SELECT ${URL_OF[kind]} AS url FROM ${sql.table(t.records)} AS r
    WHERE r.${sql.ref(t.id)} = ${recordId} AND ${visibleTo(ctx, clientId, t.records)}`.execute(ctx.db);
  const row = found.rows[0];
  if (!row) throw new AppError('objectNotFound');
  return row;
}

export async function capture(ctx: AuthedContext, input: Input): Promise<{ evidence: Answer }> {
  const { url } = await visibleRecord(ctx, input.kind, input.clientId, input.recordId);
  const { capture_id } = await ctx.db
    .insertInto('evidence_capture')
    .values({ client_id: input.clientId, kind: input.kind, [idColumnOf(input.kind)]: input.recordId, url: url.trim(), state: 'pending', requested_by: ctx.user.userId, requested_at: ctx.now })
    .returning('capture_id')
    .executeTakeFirstOrThrow();
  // Queued in the same transaction as the row. Without a queue in this process (API tests, a web-only replica)
  // the row waits: a queue sends every pending row when it starts.
  await ctx.services.captures?.send(capture_id, ctx.db);
  const [answer] = await captures(ctx, input, capture_id);
  return { evidence: answer! };
}

/**
 * Captures of the list's selection: every record must be one the analyst may see, or nothing is queued (one
 * transaction). Answers the queued captures' ids, which the list polls for progress.
 */
export async function captureBatch(ctx: AuthedContext, input: z.output<typeof contract.captureBatchInput>): Promise<{ ids: number[] }> {
  const t = RECORD_TABLES[input.kind];
  const wanted = [...new Set(input.recordIds)];
  const found = await sql<{ id: number; url: string }>`
    SELECT r.${sql.ref(t.id)} AS id, ${URL_OF[input.kind]} AS url FROM ${sql.table(t.records)} AS r
    WHERE r.${sql.ref(t.id)} IN (${sql.join(wanted)}) AND ${visibleTo(ctx, input.clientId, t.records)}`.execute(ctx.db);
  if (found.rows.length !== wanted.length) throw new AppError('objectNotFound');
  const urls = new Map(found.rows.map((r) => [Number(r.id), r.url]));
  const rows = await ctx.db
    .insertInto('evidence_capture')
    .values(wanted.map((recordId) => ({ client_id: input.clientId, kind: input.kind, [idColumnOf(input.kind)]: recordId, url: urls.get(recordId)!.trim(), state: 'pending' as const, requested_by: ctx.user.userId, requested_at: ctx.now })))
    .returning('capture_id')
    .execute();
  const ids = rows.map((r) => r.capture_id);
  for (const id of ids) await ctx.services.captures?.send(id, ctx.db);
  return { ids };
}

/** How many of the named captures (of this client) are still pending, done or failed: a batch's progress (analysts). */
export async function progress(ctx: AuthedContext, input: z.output<typeof contract.progressInput>): Promise<{ pending: number; done: number; failed: number }> {
  const rows = await ctx.db
    .selectFrom('evidence_capture')
    .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
    .where('client_id', '=', input.clientId)
    .where('capture_id', 'in', input.ids)
    .groupBy('state')
    .execute();
  const counts = { pending: 0, done: 0, failed: 0 };
  for (const r of rows) counts[r.state] = Number(r.n);
  return counts;
}

export async function list(ctx: AuthedContext, input: Input): Promise<{ evidence: Answer[] }> {
  await visibleRecord(ctx, input.kind, input.clientId, input.recordId);
  return { evidence: await captures(ctx, input) };
}

export async function captures(ctx: AuthedContext, input: Input, only?: number): Promise<Answer[]> {
  let q = ctx.db
    .selectFrom('evidence_capture as e')
    .leftJoin('users as u', 'u.user_id', 'e.requested_by')
    .selectAll('e')
    .select('u.user_name')
    .where('e.client_id', '=', input.clientId)
    .where(`e.${idColumnOf(input.kind)}`, '=', input.recordId);
  if (only !== undefined) q = q.where('e.capture_id', '=', only);
  const rows = await q.orderBy('e.capture_id', 'desc').execute();
  return rows.map((r) => ({
    id: r.capture_id,
    capturedAt: new Date(r.captured_at ?? r.requested_at).toISOString(),
    requestedAt: new Date(r.requested_at).toISOString(),
    url: r.url,
    finalUrl: r.final_url,
    status: r.http_status,
    sha256Png: r.sha256_png,
    sha256Html: r.sha256_html,
    byUserName: r.user_name ?? '',
    state: r.state,
    reason: (r.reason as Answer['reason']) ?? null,
    reasonDetail: r.reason_detail,
    recheckRound: r.recheck_round,
  }));
}

/**
 * GET /api/evidence/file?clientId=&id=&part=png|html: the PNG shown inline, the HTML only as a download (an opaque
 * type, an attachment, and the download headers' sandbox), never rendered on the portal's origin. Anything the
 * user may not see answers as one that does not exist.
 */
export async function serveFile(ctx: AuthedContext, { clientId, id: captureId, part }: DownloadQuery<'/api/evidence/file'>): Promise<DownloadAnswer> {
  const row = await ctx.db.selectFrom('evidence_capture').selectAll().where('capture_id', '=', captureId).where('client_id', '=', clientId).executeTakeFirst();
  if (!row) throw new AppError('objectNotFound');
  const recordId = row.ec_id ?? row.ws_id ?? row.sns_id;
  await visibleRecord(ctx, row.kind, clientId, Number(recordId));
  const name = part === 'png' ? row.png_file : row.html_file;
  const bytes = name ? await fileBytes(ctx.db, name) : undefined;
  if (!name || !name.startsWith(`${CAPTURE_FILE_KIND}-`) || !bytes) throw new AppError('objectNotFound');
  if (part === 'png') return { contentType: 'image/png', body: bytes };
  return { contentType: 'application/octet-stream', body: bytes, fileName: `capture-${captureId}.html` };
}
