import type { EvidenceKind } from '@portal/contract';
import { sql, type Insertable } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import type { TakedownNoticeTable } from '../../platform/schema.js';
import { RECORD_TABLES } from '../../records/core/tables.js';

/** SQL of takedown notices and of the report rounds they fill in; which round and whether to send are service.ts's. */

type Conn = Db | Tx;

/** A report round as the records table keeps it: its columns, and the field names its history rows use. */
export interface RoundColumns {
  dateField: string;
  resultField: string;
  dateColumn: string;
  resultColumn: string;
}

/**
 * Fills the round's report date of those of the client's records whose date is still empty, with `emptyResult`
 * where the round had no result; the records changed, with the round's result as it is now.
 */
export async function fillRoundDate(
  db: Conn,
  kind: EvidenceKind,
  fill: { clientId: number; ids: number[]; round: RoundColumns; reportDate: string; emptyResult: number; at: Date },
): Promise<{ id: number; result: number }[]> {
  const t = RECORD_TABLES[kind];
  const dateCol = sql.ref(fill.round.dateColumn);
  const resultCol = sql.ref(fill.round.resultColumn);
  const idList = sql`${fill.ids}::bigint[]`;
  const updated = await sql<{ id: number; result: number }>`
      UPDATE ${sql.table(t.records)} AS r SET ${dateCol} = ${fill.reportDate}, ${resultCol} = COALESCE(r.${resultCol}, ${fill.emptyResult}), updated_at = ${fill.at}
      WHERE r.client_id = ${fill.clientId} AND r.${sql.ref(t.id)} = ANY(${idList}) AND r.${dateCol} IS NULL
      RETURNING r.${sql.ref(t.id)} AS id, r.${resultCol} AS result`.execute(db);
  return updated.rows;
}

/** One history row per record (in id order) saying the takedown set the round's date and result. */
export async function insertRoundHistory(
  db: Conn,
  kind: EvidenceKind,
  entry: { clientId: number; userId: number; rows: { id: number; result: number }[]; round: RoundColumns; reportDate: string; at: Date },
): Promise<void> {
  const t = RECORD_TABLES[kind];
  const idList = sql`${entry.rows.map((r) => r.id)}::bigint[]`;
  await sql`
      INSERT INTO ${sql.table(t.history)} (record_id, client_id, user_id, source, fields, created_at)
      SELECT u.id, ${entry.clientId}, ${entry.userId}, 'takedown', jsonb_build_object(${entry.round.dateField}::text, ${entry.reportDate}::text, ${entry.round.resultField}::text, u.result), ${entry.at}
      FROM unnest(${idList}, ${sql`${entry.rows.map((r) => r.result)}::int[]`}) AS u(id, result)
      ORDER BY u.id`.execute(db);
}

/** The new notices' ids, in the order given. */
export async function insertNotices(db: Conn, notices: Insertable<TakedownNoticeTable>[]): Promise<number[]> {
  const stored = await db.insertInto('takedown_notice').values(notices).returning('notice_id').execute();
  return stored.map((s) => s.notice_id);
}

/** The client's newest 500 notices of the kind with their sender's name; only those naming `recordId`, when given. */
export function listNotices(db: Conn, clientId: number, kind: EvidenceKind, recordId: number | undefined) {
  let q = db
    .selectFrom('takedown_notice as n')
    .leftJoin('users as u', 'u.user_id', 'n.sent_by')
    .select(['n.notice_id', 'n.kind', 'n.channel', 'n.record_ids', 'n.recipient', 'n.subject', 'n.body', 'n.sent_at', 'u.user_name'])
    .where('n.client_id', '=', clientId)
    .where('n.kind', '=', kind);
  if (recordId !== undefined) q = q.where(sql<boolean>`n.record_ids @> ARRAY[${recordId}]::bigint[]`);
  return q.orderBy('n.notice_id', 'desc').limit(500).execute();
}
