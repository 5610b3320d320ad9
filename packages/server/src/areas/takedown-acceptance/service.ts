import { ACCEPTANCE_ROUNDS, ACCEPTANCE_TARGET, acceptanceRate, type AcceptanceAnswer, type AcceptanceRow } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { ACCEPTANCE_KINDS, countAcceptanceOfKind } from './repo.js';

/**
 * The acceptance monitor (issue 18, point 5; the rules are in the contract's takedown-acceptance.ts): each round of
 * each posted record whose report date is in the period counts once as sent, under its result as it is now.
 * The counting is one statement per kind (repo.ts); here the rows are ordered and totalled.
 */
export async function acceptance(ctx: AuthedContext, input: { clientId: number; fromDate: string; toDate: string }): Promise<AcceptanceAnswer> {
  const rows: AcceptanceRow[] = [];
  for (const kind of ACCEPTANCE_KINDS) {
    const counted = await countAcceptanceOfKind(ctx.db, kind, input.clientId, input.fromDate, input.toDate);
    const sentBy = new Map<string, number>();
    for (const c of counted) sentBy.set(c.marketplace, (sentBy.get(c.marketplace) ?? 0) + Number(c.sent));
    // Marketplaces with the most notices first, then by name; rounds in order.
    counted.sort((a, b) => sentBy.get(b.marketplace)! - sentBy.get(a.marketplace)! || a.marketplace.localeCompare(b.marketplace) || a.round - b.round);
    for (const c of counted) {
      const takenDown = Number(c.taken);
      const noAction = Number(c.rejected);
      rows.push({ kind, marketplace: c.marketplace, round: c.round, sent: Number(c.sent), takenDown, noAction, inReview: Number(c.review), rate: acceptanceRate(takenDown, noAction) });
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
