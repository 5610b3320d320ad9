import type { DownloadQuery, evidence as contract, EvidenceKind } from '@portal/contract';
import type { z } from 'zod';
import type { DownloadAnswer } from '../../platform/call.js';
import type { AuthedContext, Services } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import { fileBytes } from '../../platform/files.js';
import { visibleTo } from '../../records/core/visibility-queries.js';
import { RECORD_TABLES } from '../../records/core/tables.js';
import { CAPTURE_FILE_KIND } from './queue.js';
import * as repo from './repo.js';

/**
 * Evidence of a record of any kind (issue 18): analysts among the client's managers ask for a capture; whoever may
 * see the record (client users: their own company's published records) sees its captures and their files.
 * Captures are never changed or deleted here: only the record's removal removes them (cascade).
 */
type Input = z.output<typeof contract.captureInput>;
type Answer = z.output<typeof contract.evidence>;

export async function visibleRecord(ctx: AuthedContext, kind: EvidenceKind, clientId: number, recordId: number): Promise<{ url: string }> {
  const row = await repo.findRecordUrl(ctx.db, kind, recordId, visibleTo(ctx, clientId, RECORD_TABLES[kind].records));
  if (!row) throw new AppError('objectNotFound');
  return row;
}

export async function capture(ctx: AuthedContext, input: Input): Promise<{ evidence: Answer }> {
  const { url } = await visibleRecord(ctx, input.kind, input.clientId, input.recordId);
  const captureId = await repo.insertPendingCapture(ctx.db, {
    clientId: input.clientId,
    kind: input.kind,
    recordId: input.recordId,
    url: url.trim(),
    requestedBy: ctx.user.userId,
    requestedAt: ctx.now,
  });
  // Queued in the same transaction as the row. Without a queue in this process (API tests, a web-only replica)
  // the row waits: a queue sends every pending row when it starts.
  await ctx.services.queues.send('evidence-capture', { captureId }, { db: ctx.db });
  const [answer] = await captures(ctx, input, captureId);
  return { evidence: answer! };
}

/**
 * Captures of the list's selection: every record must be one the analyst may see, or nothing is queued (one
 * transaction). Answers the queued captures' ids, which the list polls for progress.
 */
export async function captureBatch(ctx: AuthedContext, input: z.output<typeof contract.captureBatchInput>): Promise<{ ids: number[] }> {
  const wanted = [...new Set(input.recordIds)];
  const found = await repo.recordUrls(ctx.db, input.kind, wanted, visibleTo(ctx, input.clientId, RECORD_TABLES[input.kind].records));
  if (found.length !== wanted.length) throw new AppError('objectNotFound');
  const urls = new Map(found.map((r) => [Number(r.id), r.url]));
  const ids = await queueCaptures(
    ctx.services,
    ctx.db,
    wanted.map((recordId) => ({ clientId: input.clientId, kind: input.kind, recordId, url: urls.get(recordId)!.trim(), requestedBy: ctx.user.userId, requestedAt: ctx.now })),
  );
  return { ids };
}

/**
 * Pending captures and their jobs, in the caller's transaction (a capture batch, a promoted look-alike): the
 * records must be ones the caller may see, which the caller has checked. Answers the captures' ids.
 */
export async function queueCaptures(services: Services, db: Db | Tx, captures: repo.PendingCapture[]): Promise<number[]> {
  if (captures.length === 0) return [];
  const ids = await repo.insertPendingCaptures(db, captures);
  for (const id of ids) await services.queues.send('evidence-capture', { captureId: id }, { db });
  return ids;
}

/** How many of the named captures (of this client) are still pending, done or failed: a batch's progress (analysts). */
export async function progress(ctx: AuthedContext, input: z.output<typeof contract.progressInput>): Promise<{ pending: number; done: number; failed: number }> {
  const rows = await repo.captureStateCounts(ctx.db, input.clientId, input.ids);
  const counts = { pending: 0, done: 0, failed: 0 };
  for (const r of rows) counts[r.state] = Number(r.n);
  return counts;
}

export async function list(ctx: AuthedContext, input: Input): Promise<{ evidence: Answer[] }> {
  await visibleRecord(ctx, input.kind, input.clientId, input.recordId);
  return { evidence: await captures(ctx, input) };
}

export async function captures(ctx: AuthedContext, input: Input, only?: number): Promise<Answer[]> {
  const rows = await repo.capturesOfRecord(ctx.db, input.clientId, input.kind, input.recordId, only);
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
  const row = await repo.findCapture(ctx.db, clientId, captureId);
  if (!row) throw new AppError('objectNotFound');
  const recordId = row.ec_id ?? row.ws_id ?? row.sns_id;
  await visibleRecord(ctx, row.kind, clientId, Number(recordId));
  const name = part === 'png' ? row.png_file : row.html_file;
  const bytes = name ? await fileBytes(ctx.db, name) : undefined;
  if (!name || !name.startsWith(`${CAPTURE_FILE_KIND}-`) || !bytes) throw new AppError('objectNotFound');
  if (part === 'png') return { contentType: 'image/png', body: bytes };
  return { contentType: 'application/octet-stream', body: bytes, fileName: `capture-${captureId}.html` };
}
