import type { Updateable } from 'kysely';
import type { CategorizedRecordColumns } from '../platform/schema.js';

/** How far the analyst and the client got with one demo record of a categorized kind (websites, social media). */
export interface DemoProgress {
  category: number;
  remarks: string;
  /** Report rounds done (0 to 2); `done` closes the last with a takedown and a final result. */
  rounds: number;
  done: boolean;
  action: number | null;
  /** The client's comment on a takedown request (action 1). */
  takedownRemarks: string;
  trademarkId: number | null;
}

/** The columns a demo record is updated with: categorized on the 8th, rounds on the 12th and 18th, answered on the 20th. */
export function demoProgressColumns(p: DemoProgress, day: (d: number) => string, now: Date): Updateable<CategorizedRecordColumns> {
  return {
    category_id: p.category,
    categorize_date: day(8),
    remarks: p.remarks,
    process1_date: p.rounds >= 1 ? day(12) : null,
    process1_result: p.rounds >= 1 ? (p.rounds === 1 && p.done ? 2 : 1) : null,
    process2_date: p.rounds >= 2 ? day(18) : null,
    process2_result: p.rounds >= 2 ? (p.done ? 2 : 1) : null,
    process_result: p.done ? 2 : null,
    process_confirm_date: p.done ? day(26) : null,
    action: p.action,
    response_date: p.action ? day(20) : null,
    response_remarks: p.action === 1 ? p.takedownRemarks : '',
    trademark_id: p.action === 1 ? p.trademarkId : null,
    published: true,
    updated_at: now,
  };
}
