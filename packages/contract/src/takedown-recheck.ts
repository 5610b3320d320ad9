import { z } from 'zod';
import { EVIDENCE_KINDS, evidence } from './evidence.js';
import { id, recordId } from './validation.js';

/**
 * Re-check after a takedown (issue 18, point 2): when a round's result of a record becomes takedown, the listing is
 * captured again `days` days later (a setting per client, kept by its managing analysts) and classified:
 * `gone` (HTTP 404/410/451, a removed-listing page, or a redirect to a search or home page) or `live`.
 */
export const RECHECK_DAYS_MIN = 1;
export const RECHECK_DAYS_MAX = 14;
export const RECHECK_DAYS_DEFAULT = 1;
export const RECHECK_VERDICTS = ['gone', 'live'] as const;
export type RecheckVerdict = (typeof RECHECK_VERDICTS)[number];

export const getRecheckSettingsInput = z.object({ clientId: id });
export const setRecheckSettingsInput = z.object({
  clientId: id,
  days: z
    .number({ error: 'validation.recheckDays' })
    .int('validation.recheckDays')
    .min(RECHECK_DAYS_MIN, 'validation.recheckDays')
    .max(RECHECK_DAYS_MAX, 'validation.recheckDays'),
});
export const recheckSettingsOutput = z.object({ days: z.number() });

export const getRecordRecheckInput = z.object({ clientId: id, kind: z.enum(EVIDENCE_KINDS, { error: 'validation.evidenceKind' }), recordId });
export const recordRecheck = z.object({
  /** The round (1-3) whose takedown result is re-checked: the latest round with that result. */
  round: z.number(),
  /** When the result was set to takedown, and the day (UTC) from which the re-check is due. */
  takedownAt: z.string(),
  dueOn: z.string(),
  /** null until the re-check capture is done (pending, or failed and to be tried again). */
  verdict: z.enum(RECHECK_VERDICTS).nullable(),
  /** Why: `status 404`, `phrase "…"`, `redirect to /search`, `page answers 200`. */
  verdictReason: z.string().nullable(),
  checkedAt: z.string().nullable(),
  /** The newest capture before the re-check (the listing as it was), and the re-check's own capture. */
  original: evidence.nullable(),
  recheck: evidence.nullable(),
});
export type RecordRecheck = z.infer<typeof recordRecheck>;
export const getRecordRecheckOutput = z.object({ recheck: recordRecheck.nullable() });
