import { z } from 'zod';
import { id, recordId } from './validation.js';

/**
 * Evidence captures of a record (issue 18, spec README "Evidence and takedown notices"): the browser's PNG and the
 * HTML as served, with their SHA-256, the final URL and the HTTP status. A capture is queued, then done or failed
 * (with a reason); nobody changes or deletes one.
 */
export const EVIDENCE_KINDS = ['ec', 'ws', 'sns'] as const;
export type EvidenceKind = (typeof EVIDENCE_KINDS)[number];
export const EVIDENCE_STATES = ['pending', 'done', 'failed'] as const;
/** Why a capture failed; the screens name each in the user's language. */
export const CAPTURE_FAILURES = ['timeout', 'tooLarge', 'redirectLoop', 'download', 'privateAddress', 'badUrl', 'unreachable', 'browser'] as const;
export type CaptureFailureReason = (typeof CAPTURE_FAILURES)[number];

const kind = z.enum(EVIDENCE_KINDS, { error: 'validation.evidenceKind' });
export const captureInput = z.object({ clientId: id, kind, recordId });
export const listInput = captureInput;

export const evidence = z.object({
  id: z.number(),
  /** When the browser took it (for a pending or failed capture: when it was asked). */
  capturedAt: z.string(),
  requestedAt: z.string(),
  /** The URL asked for, and where the browser ended after redirects (null until done). */
  url: z.string(),
  finalUrl: z.string().nullable(),
  /** The HTTP status of the page (null when none came back). */
  status: z.number().nullable(),
  sha256Png: z.string().nullable(),
  sha256Html: z.string().nullable(),
  byUserName: z.string(),
  state: z.enum(EVIDENCE_STATES),
  reason: z.enum(CAPTURE_FAILURES).nullable(),
  reasonDetail: z.string().nullable(),
  /** A re-check after a takedown (the job asked for it): the round it checks; null for a capture someone asked for. */
  recheckRound: z.number().nullable(),
});
export type Evidence = z.infer<typeof evidence>;
export const captureOutput = z.object({ evidence });
export const listOutput = z.object({ evidence: z.array(evidence) });

/** A batch capture from the record list's selection: at most this many records at once (the queue takes them in turn). */
export const CAPTURE_BATCH_MAX = 200;
export const captureBatchInput = z.object({
  clientId: id,
  kind,
  recordIds: z.array(recordId).min(1, 'validation.noRecordsSelected').max(CAPTURE_BATCH_MAX, 'validation.captureBatchTooMany'),
});
export const captureBatchOutput = z.object({ ids: z.array(z.number()) });
/** How far a batch has got: its captures by state. */
export const progressInput = z.object({ clientId: id, ids: z.array(id).min(1, 'validation.noRecordsSelected').max(CAPTURE_BATCH_MAX, 'validation.captureBatchTooMany') });
export const progressOutput = z.object({ pending: z.number(), done: z.number(), failed: z.number() });
