import type { Tx } from '../../platform/db.js';
import { openRecheckOfCapture, updateRecheck } from './repo.js';
import { classify } from './recheck-verdict.js';

/**
 * A finished capture that re-checks a takedown fills in the verdict, in the capture's own transaction. A failed
 * capture leaves the verdict open with its reason (the job tries again, RECHECK_ATTEMPTS in all). It lives with the
 * captures, whose job settles it, while takedown-recheck/ asks for them: each folder imports the other one way only.
 */
export async function settleRecheck(
  tx: Tx,
  captureId: number,
  url: string,
  outcome: { ok: true; finalUrl: string; status: number | null; html: Buffer } | { ok: false; reason: string },
  now: Date,
): Promise<void> {
  const recheckId = await openRecheckOfCapture(tx, captureId);
  if (recheckId === undefined) return;
  if (!outcome.ok) {
    await updateRecheck(tx, recheckId, { verdict_reason: `capture failed: ${outcome.reason}` });
    return;
  }
  const { verdict, reason } = classify({ url, finalUrl: outcome.finalUrl, status: outcome.status, html: outcome.html });
  await updateRecheck(tx, recheckId, { verdict, verdict_reason: reason.slice(0, 300), checked_at: now });
}
