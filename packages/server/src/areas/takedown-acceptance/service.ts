import { ACCEPTANCE_ROUNDS, ACCEPTANCE_TARGET, acceptanceRate, type AcceptanceAnswer, type AcceptanceRow, type EvidenceKind } from '@portal/contract';
import { sql, type RawBuilder } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';

/**
 * The acceptance monitor (issue 18, point 5; the rules are in the contract's takedown-acceptance.ts): each round of
 * each posted record whose report date is in the period counts once as sent, under its result as it is now.
 * One statement per kind: the client's posted records with a report date in the period, each round a row.
 */
interface KindSource {
  kind: EvidenceKind;
  table: string;
  /** Round columns' prefix (`ec_process1_date` / `process1_date`). */
  prefix: string;
  marketplace: RawBuilder<string>;
}
const SOURCES: KindSource[] = [
  { kind: 'ec', table: 'ec_record', prefix: 'ec_process', marketplace: sql<string>`r.ec_site` },
  { kind: 'sns', table: 'sns_record', prefix: 'process', marketplace: sql<string>`r.platform::text` },
  { kind: 'ws', table: 'ws_record', prefix: 'process', marketplace: sql<string>`''` },
];

interface Counted {
  marketplace: string;
  round: number;
  sent: string;
  taken: string;
  rejected: string;
  review: string;
}

async function countKind(ctx: AuthedContext, s: KindSource, clientId: number, from: string, to: string): Promise<Counted[]> {
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
    GROUP BY 1, 2`.execute(ctx.db);
  return result.rows;
}

export async function acceptance(ctx: AuthedContext, input: { clientId: number; fromDate: string; toDate: string }): Promise<AcceptanceAnswer> {
  const rows: AcceptanceRow[] = [];
  for (const s of SOURCES) {
    const counted = await countKind(ctx, s, input.clientId, input.fromDate, input.toDate);
    const sentBy = new Map<string, number>();
    for (const c of counted) sentBy.set(c.marketplace, (sentBy.get(c.marketplace) ?? 0) + Number(c.sent));
    // Marketplaces with the most notices first, then by name; rounds in order.
    counted.sort((a, b) => sentBy.get(b.marketplace)! - sentBy.get(a.marketplace)! || a.marketplace.localeCompare(b.marketplace) || a.round - b.round);
    for (const c of counted) {
      const takenDown = Number(c.taken);
      const noAction = Number(c.rejected);
      rows.push({ kind: s.kind, marketplace: c.marketplace, round: c.round, sent: Number(c.sent), takenDown, noAction, inReview: Number(c.review), rate: acceptanceRate(takenDown, noAction) });
    }
  }
  const totals = ACCEPTANCE_ROUNDS.map((round) => {
    const of = rows.filter((r) => r.round === round);
    const sum = (f: (r: AcceptanceRow) => number) => of.reduce((n, r) => n + f(r), 0);
    const takenDown = sum((r) => r.takenDown);
    const noAction = sum((r) => r.noAction);
    return { round, sent: sum((r) => r.sent), takenDown, noAction, inReview: sum((r) => r.inReview), rate: acceptanceRate(takenDown, noAction) };
  });
  return { rows, totals, target: ACCEPTANCE_TARGET };
}
