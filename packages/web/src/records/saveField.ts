import type { SaveProblem } from './kind';

const blank = (v: unknown) => v === null || v === undefined || v === '';

/**
 * The form field a save problem (document 3, section 5) is about, so the page scrolls to it and marks it: the blank
 * one of a pair that must be filled together, the earlier round a later one needs. The detail forms of every kind
 * name these fields as the update payload does.
 */
export function problemField(problem: SaveProblem, values: Record<string, unknown>): string {
  const round = problem.params?.round ?? 1;
  const firstBlank = (a: string, b: string) => (blank(values[a]) ? a : b);
  switch (problem.key) {
    case 'validation.categorizeDateRequired':
      return 'categorizeDate';
    case 'validation.recordCategoryRequired':
      return 'categoryId';
    case 'validation.roundIncomplete':
      return firstBlank(`process${round}Result`, `process${round}Date`);
    case 'validation.roundOrder':
      return `process${round}Result`;
    case 'validation.finalIncomplete':
      return firstBlank('processResult', 'processConfirmDate');
    default:
      return 'process1Result';
  }
}
