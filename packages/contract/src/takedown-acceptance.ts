import { z } from 'zod';
import { dashboardRangeEnd } from './dashboards.js';
import { EVIDENCE_KINDS } from './evidence.js';
import { isoDate } from './search.js';
import { id } from './validation.js';

/**
 * The acceptance monitor (issue 18, point 5): per marketplace and report round, how the notices sent in a period
 * ended. A notice counts as sent in the period when its round's report date is in it (both ends inclusive); its
 * result is the round's result as it is now: 2 taken down, 3 no action (rejected), 1 in review.
 *
 * Acceptance rate = taken down / (taken down + no action): the decided notices only, so notices still in review
 * (or without a result) neither help nor hurt; null when none is decided. Compared with ACCEPTANCE_TARGET.
 *
 * Marketplace: EC records by their site; SNS records by their platform (its number as text, SNS_PLATFORMS);
 * website records have no marketplace (the notice goes to a host or registrar the record does not name), so
 * they are one row per round with marketplace ''. Only posted records count, for analysts as for clients, so both
 * see the same figures and the rejected-listing links open exactly the counted records.
 */
export const ACCEPTANCE_TARGET = 0.9;
export const ACCEPTANCE_ROUNDS = [1, 2, 3] as const;

const requiredDate = (message: string) => z.string({ error: message }).min(1, message).pipe(isoDate);
export const acceptanceInput = z
  .object({
    clientId: z.number({ error: 'validation.dashboardClientRequired' }).pipe(id),
    fromDate: requiredDate('validation.dashboardStartRequired'),
    toDate: requiredDate('validation.dashboardEndRequired'),
  })
  .refine((v) => v.toDate >= v.fromDate, { message: 'validation.endBeforeStart', path: ['toDate'] })
  .refine((v) => v.toDate <= (dashboardRangeEnd(v.fromDate) ?? v.toDate), { message: 'validation.dashboardRangeTooLong', path: ['toDate'] });

const figures = {
  sent: z.number().int(),
  takenDown: z.number().int(),
  noAction: z.number().int(),
  inReview: z.number().int(),
  /** takenDown / (takenDown + noAction), 0-1 rounded to 4 places; null when nothing is decided. */
  rate: z.number().nullable(),
};
export const acceptanceRow = z.object({ kind: z.enum(EVIDENCE_KINDS), marketplace: z.string(), round: z.number().int(), ...figures });
export type AcceptanceRow = z.infer<typeof acceptanceRow>;
export const acceptanceOutput = z.object({
  /** Marketplaces (kind, then most sent first) and their rounds in order; rows with nothing sent are left out. */
  rows: z.array(acceptanceRow),
  /** Every marketplace together, per round. */
  totals: z.array(z.object({ round: z.number().int(), ...figures })),
  target: z.number(),
});
export type AcceptanceAnswer = z.infer<typeof acceptanceOutput>;

/** The acceptance rate of some figures (see above); shared by the server and the page. */
export function acceptanceRate(takenDown: number, noAction: number): number | null {
  const decided = takenDown + noAction;
  return decided === 0 ? null : Math.round((takenDown / decided) * 10_000) / 10_000;
}
