import { ACCEPTANCE_ROUNDS, type EvidenceKind } from '@portal/contract';
import { sql, type RawBuilder } from 'kysely';
import type { Db, Tx } from '../../platform/db.js';

/** SQL of the acceptance monitor: one statement per record kind. */

interface KindSource {
  table: string;
  /** Round columns' prefix (`ec_process1_date` / `process1_date`). */
  prefix: string;
  marketplace: RawBuilder<string>;
}
const SOURCES: Record<EvidenceKind, KindSource> = {
  ec: { table: 'ec_record', prefix: 'ec_process', marketplace: sql<string>`r.ec_site` },
  sns: { table: 'sns_record', prefix: 'process', marketplace: sql<string>`r.platform::text` },
  ws: { table: 'ws_record', prefix: 'process', marketplace: sql<string>`''` },
};
/** The kinds in the order the monitor lists them. */
export const ACCEPTANCE_KINDS: EvidenceKind[] = ['ec', 'sns', 'ws'];

export interface Counted {
  marketplace: string;
  round: number;
  sent: string;
  taken: string;
  rejected: string;
  review: string;
}

/** The client's posted records with a report date in the period, each round a row, counted by marketplace and round. */
export async function countAcceptanceOfKind(db: Db | Tx, kind: EvidenceKind, clientId: number, from: string, to: string): Promise<Counted[]> {
  const s = SOURCES[kind];
  const col = (n: number, part: 'date' | 'result') => sql.ref(`r.${s.prefix}${n}_${part}`);
  const inPeriod = (n: number) => sql`${col(n, 'date')} BETWEEN ${from}::date AND ${to}::date`;
  const rounds = sql.join(ACCEPTANCE_ROUNDS.map((n) => sql`(${sql.lit(n)}::int, ${col(n, 'date')}, ${col(n, 'result')})`));
  const result = await sql<Counted>`
    SELECT ${s.marketplace} AS marketplace, x.round,
      count(*) AS sent,
      count(*) FILTER (WHERE x.result = 2) AS taken,
      count(*) FILTER (WHERE x.result = 3) AS rejected,
      count(*) FILTER (WHERE x.result = 1) AS review
    FROM ${sql.table(s.table)} r
    CROSS JOIN LATERAL (VALUES ${rounds}) AS x(round, sent_on, result)
    WHERE r.client_id = ${clientId} AND r.published
      AND (${sql.join(ACCEPTANCE_ROUNDS.map(inPeriod), sql` OR `)})
      AND x.sent_on BETWEEN ${from}::date AND ${to}::date
    GROUP BY 1, 2`.execute(db);
  return result.rows;
}
