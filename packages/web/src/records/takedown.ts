import type { TakedownNotice, TakedownProblem } from '@portal/contract';

/** A record the pre-send check found problems with, and all of them (the composer lists each record once). */
export interface RecordProblems {
  recordId: number;
  problems: TakedownProblem[];
}

/**
 * The notices' problems by record, each record once in the order it first appears (issue 35: a record with two
 * problems, say no trademark and already taken down, was listed twice), its problems in the check's order.
 */
export function problemsByRecord(notices: readonly TakedownNotice[]): RecordProblems[] {
  const byRecord = new Map<number, TakedownProblem[]>();
  for (const p of notices.flatMap((n) => n.problems)) {
    const list = byRecord.get(p.recordId) ?? [];
    // The same problem twice (a record in two notices) is one problem.
    if (!list.some((q) => q.field === p.field && q.message === p.message)) list.push(p);
    byRecord.set(p.recordId, list);
  }
  return [...byRecord].map(([recordId, problems]) => ({ recordId, problems }));
}
