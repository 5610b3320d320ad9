import type { EvidenceKind } from '@portal/contract';
import { sql } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';
import { URL_OF } from '../evidence/repo.js';
import { RECORD_TABLES } from '../../records/core/tables.js';

/**
 * SQL of takedown re-checks: the record page's read and the daily job's (job.ts); the verdict a finished capture
 * fills in is evidence/repo.ts's.
 */

type Conn = Db | Tx;

/** The record's re-check with the client's re-check delay (days after the takedown), if it has one. */
export function findRecheckOfRecord(db: Conn, clientId: number, kind: EvidenceKind, recordId: number) {
  const idColumn = RECORD_TABLES[kind].id;
  return db
    .selectFrom('takedown_recheck as t')
    .leftJoin('client_setting as s', 's.client_id', 't.client_id')
    .select(['t.round', 't.takedown_at', 't.capture_id', 't.verdict', 't.verdict_reason', 't.checked_at', 's.recheck_days'])
    .where('t.client_id', '=', clientId)
    .where(`t.${idColumn}`, '=', recordId)
    .executeTakeFirst();
}


/** A re-check due for a capture. */
export interface DueRecheck {
  recheck_id: number;
  client_id: number;
  kind: 'ec' | 'ws' | 'sns';
  record_id: string;
  round: number;
}

/**
 * The re-checks of live clients without a verdict whose round was set at least the client's `recheck_days` (default
 * 1) calendar days before `today` (UTC), with no capture yet or a failed one, tried fewer than `attempts` times:
 * the oldest takedowns first, `limit` at most.
 */
export async function dueRechecks(db: Conn, today: string, attempts: number, limit: number): Promise<DueRecheck[]> {
  const due = await sql<DueRecheck>`
    SELECT t.recheck_id, t.client_id, t.kind, COALESCE(t.ec_id, t.ws_id, t.sns_id) AS record_id, t.round
    FROM takedown_recheck t
    JOIN client c ON c.client_id = t.client_id AND c.deleted_at IS NULL
    LEFT JOIN client_setting s ON s.client_id = t.client_id
    LEFT JOIN evidence_capture e ON e.capture_id = t.capture_id
    WHERE t.verdict IS NULL AND (t.capture_id IS NULL OR e.state = 'failed') AND t.attempts < ${attempts}
      AND (t.takedown_at AT TIME ZONE 'UTC')::date + COALESCE(s.recheck_days, 1) <= ${today}::date
    ORDER BY t.takedown_at, t.recheck_id
    LIMIT ${limit}`.execute(db);
  return due.rows;
}

/** The record's page (as stored, untrimmed), if the record exists. */
export async function recordUrlOf(db: Conn, kind: EvidenceKind, recordId: string): Promise<string | undefined> {
  const t = RECORD_TABLES[kind];
  const found = await sql<{ url: string }>`SELECT ${URL_OF[kind]} AS url FROM ${sql.table(t.records)} AS r WHERE r.${sql.ref(t.id)} = ${recordId}`.execute(db);
  return found.rows[0]?.url;
}

/** A pending capture of the record's page, marked as a re-check of the round; its id. */
export async function insertRecheckCapture(db: Conn, due: DueRecheck, url: string, now: Date): Promise<number> {
  const t = RECORD_TABLES[due.kind];
  const { capture_id } = await db
    .insertInto('evidence_capture')
    .values({ client_id: due.client_id, kind: due.kind, [t.id]: Number(due.record_id), url, state: 'pending', requested_by: null, requested_at: now, recheck_round: due.round })
    .returning('capture_id')
    .executeTakeFirstOrThrow();
  return capture_id;
}

/**
 * Points the re-check at its new capture and counts the attempt, only while the round is still the one to re-check
 * and has no verdict; whether it did.
 */
export async function attachRecheckCapture(db: Conn, due: DueRecheck, captureId: number): Promise<boolean> {
  const moved = await db
    .updateTable('takedown_recheck')
    .set((eb) => ({ capture_id: captureId, attempts: eb('attempts', '+', 1) }))
    .where('recheck_id', '=', due.recheck_id)
    .where('round', '=', due.round)
    .where('verdict', 'is', null)
    .executeTakeFirst();
  return Number(moved.numUpdatedRows) > 0;
}
