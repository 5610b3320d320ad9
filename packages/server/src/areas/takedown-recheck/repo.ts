import type { EvidenceKind } from '@portal/contract';
import type { Db, Tx } from '../../platform/db.js';
import { RECORD_TABLES } from '../../records/core/tables.js';

/** SQL of takedown re-checks: the record page's read and the verdict a finished capture fills in. */

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

/** The re-check the capture was taken for, while it has no verdict yet. */
