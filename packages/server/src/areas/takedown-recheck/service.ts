import type { Evidence, EvidenceKind, RecordRecheck } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { captures, visibleRecord } from '../evidence/service.js';
import { findRecheckOfRecord } from './repo.js';

/**
 * A record's re-check after its takedown, for whoever may see the record (client users: their own company's
 * published records): the verdict, the re-check's capture and the newest capture before it, side by side.
 */
export async function recordRecheck(ctx: AuthedContext, input: { clientId: number; kind: EvidenceKind; recordId: number }): Promise<{ recheck: RecordRecheck | null }> {
  await visibleRecord(ctx, input.kind, input.clientId, input.recordId);
  const row = await findRecheckOfRecord(ctx.db, input.clientId, input.kind, input.recordId);
  if (!row) return { recheck: null };
  const all = await captures(ctx, input);
  const recheck = all.find((e) => e.id === row.capture_id) ?? null;
  // The listing as it was: the newest capture someone asked for before the re-check (all are newest first).
  const original = all.find((e: Evidence) => e.recheckRound === null && e.state === 'done' && (recheck === null || e.id < recheck.id)) ?? null;
  const takedownAt = new Date(row.takedown_at);
  const due = new Date(Date.UTC(takedownAt.getUTCFullYear(), takedownAt.getUTCMonth(), takedownAt.getUTCDate() + (row.recheck_days ?? 1)));
  return {
    recheck: {
      round: row.round,
      takedownAt: takedownAt.toISOString(),
      dueOn: due.toISOString().slice(0, 10),
      verdict: row.verdict,
      verdictReason: row.verdict_reason,
      checkedAt: row.checked_at ? new Date(row.checked_at).toISOString() : null,
      original,
      recheck,
    },
  };
}
