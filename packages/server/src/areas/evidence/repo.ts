import type { EvidenceKind } from '@portal/contract';
import { sql, type Expression, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { EvidenceCaptureTable, StoredFileTable, TakedownRecheckTable } from '../../platform/schema.js';
import { RECORD_TABLES } from '../../records/core/tables.js';

/** SQL of evidence captures and of the record pages they are taken of; who may see what is the service's. */

type Conn = Db | Tx;

/** The page a record's evidence is taken of. */
export const URL_OF: Record<EvidenceKind, ReturnType<typeof sql<string>>> = {
  ec: sql<string>`r.ec_product_url`,
  ws: sql<string>`r.page_url`,
  sns: sql<string>`COALESCE(NULLIF(r.post_url, ''), r.account_url)`,
};
const idColumnOf = (kind: EvidenceKind) => RECORD_TABLES[kind].id as 'ec_id' | 'ws_id' | 'sns_id';

/** The record's page, when the record exists and `visible` (on the record as `r`) holds for it. */
export async function findRecordUrl(db: Conn, kind: EvidenceKind, recordId: number, visible: Expression<SqlBool>): Promise<{ url: string } | undefined> {
  const t = RECORD_TABLES[kind];
  const found = await sql<{ url: string }>`
    SELECT ${URL_OF[kind]} AS url FROM ${sql.table(t.records)} AS r
    WHERE r.${sql.ref(t.id)} = ${recordId} AND ${visible}`.execute(db);
  return found.rows[0];
}

/** The pages of those of the records that `visible` lets through. */
export async function recordUrls(db: Conn, kind: EvidenceKind, recordIds: number[], visible: Expression<SqlBool>): Promise<{ id: number; url: string }[]> {
  const t = RECORD_TABLES[kind];
  const found = await sql<{ id: number; url: string }>`
    SELECT r.${sql.ref(t.id)} AS id, ${URL_OF[kind]} AS url FROM ${sql.table(t.records)} AS r
    WHERE r.${sql.ref(t.id)} IN (${sql.join(recordIds)}) AND ${visible}`.execute(db);
  return found.rows;
}

export interface PendingCapture {
  clientId: number;
  kind: EvidenceKind;
  recordId: number;
  url: string;
  /** Null: asked by the portal itself (a domain watch run promoting its look-alikes as a user since removed). */
  requestedBy: number | null;
  requestedAt: Date;
  /** A host fetched from these addresses (a promoted look-alike: its domain watch's answers). */
  pinnedHost?: { host: string; addresses: string[] };
}

const pendingRow = (c: PendingCapture) => ({
  client_id: c.clientId,
  kind: c.kind,
  [idColumnOf(c.kind)]: c.recordId,
  url: c.url,
  state: 'pending' as const,
  requested_by: c.requestedBy,
  requested_at: c.requestedAt,
  pinned_host: c.pinnedHost?.addresses.length ? JSON.stringify(c.pinnedHost) : null,
});

/** A new pending capture; its id. */
export async function insertPendingCapture(db: Conn, capture: PendingCapture): Promise<number> {
  const { capture_id } = await db.insertInto('evidence_capture').values(pendingRow(capture)).returning('capture_id').executeTakeFirstOrThrow();
  return capture_id;
}

/** New pending captures, in the order given; their ids. */
export async function insertPendingCaptures(db: Conn, captures: PendingCapture[]): Promise<number[]> {
  const rows = await db.insertInto('evidence_capture').values(captures.map(pendingRow)).returning('capture_id').execute();
  return rows.map((r) => r.capture_id);
}

/** How many of the client's named captures are in each state. */
export function captureStateCounts(db: Conn, clientId: number, captureIds: number[]) {
  return db
    .selectFrom('evidence_capture')
    .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
    .where('client_id', '=', clientId)
    .where('capture_id', 'in', captureIds)
    .groupBy('state')
    .execute();
}

/** The record's captures with the requesting user's name, newest first; only the one named by `only`, when given. */
export function capturesOfRecord(db: Conn, clientId: number, kind: EvidenceKind, recordId: number, only?: number) {
  let q = db
    .selectFrom('evidence_capture as e')
    .leftJoin('users as u', 'u.user_id', 'e.requested_by')
    .selectAll('e')
    .select('u.user_name')
    .where('e.client_id', '=', clientId)
    .where(`e.${idColumnOf(kind)}`, '=', recordId);
  if (only !== undefined) q = q.where('e.capture_id', '=', only);
  return q.orderBy('e.capture_id', 'desc').execute();
}

export function findCapture(db: Conn, clientId: number, captureId: number) {
  return db.selectFrom('evidence_capture').selectAll().where('capture_id', '=', captureId).where('client_id', '=', clientId).executeTakeFirst();
}

/** The re-check (takedown-recheck/) that waits for this capture's verdict, if any. */
export async function openRecheckOfCapture(db: Conn, captureId: number): Promise<number | undefined> {
  const recheck = await db.selectFrom('takedown_recheck').select('recheck_id').where('capture_id', '=', captureId).where('verdict', 'is', null).executeTakeFirst();
  return recheck?.recheck_id;
}

export async function updateRecheck(db: Conn, recheckId: number, changes: Updateable<TakedownRecheckTable>): Promise<void> {
  await db.updateTable('takedown_recheck').set(changes).where('recheck_id', '=', recheckId).execute();
}

/** The ids of the captures still pending (sent again when the capture queue starts: queue.ts). */
export async function pendingCaptureIds(db: Conn): Promise<number[]> {
  const rows = await db.selectFrom('evidence_capture').select('capture_id').where('state', '=', 'pending').execute();
  return rows.map((r) => r.capture_id);
}

/** What the capture queue needs of a capture: its client, page, requester and state. */
export function captureToRun(db: Conn, captureId: number) {
  return db.selectFrom('evidence_capture').select(['capture_id', 'client_id', 'url', 'requested_by', 'state', 'pinned_host']).where('capture_id', '=', captureId).executeTakeFirst();
}

/** The capture's outcome (done or failed), if it is still pending. */
export async function settlePendingCapture(db: Conn, captureId: number, outcome: Updateable<EvidenceCaptureTable>): Promise<void> {
  await db.updateTable('evidence_capture').set(outcome).where('capture_id', '=', captureId).where('state', '=', 'pending').execute();
}

/** Stores a file of a capture (its screenshot or page). */
export async function insertCaptureFile(db: Conn, file: Insertable<StoredFileTable>): Promise<void> {
  await db.insertInto('stored_file').values(file).execute();
}
