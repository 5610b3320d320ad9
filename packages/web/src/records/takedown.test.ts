import { describe, expect, it } from 'vitest';
import type { TakedownNotice, TakedownProblem } from '@portal/contract';
import { problemsByRecord } from './takedown';

const problem = (recordId: number, field: TakedownProblem['field'], message = `${field} of ${recordId}`): TakedownProblem => ({ recordId, field, message });
const notice = (recordIds: number[], problems: TakedownProblem[]): TakedownNotice => ({ channel: 'mail', to: '', subject: 's', body: 'b', recordIds, problems });

describe('the takedown composer\'s problems', () => {
  it('lists each record once, with all its problems in the check\'s order, records in the order they first appear', () => {
    const notices = [notice([5, 3], [problem(5, 'trademark'), problem(3, 'evidence'), problem(5, 'result')]), notice([8], [problem(8, 'seller')])];
    expect(problemsByRecord(notices)).toEqual([
      { recordId: 5, problems: [problem(5, 'trademark'), problem(5, 'result')] },
      { recordId: 3, problems: [problem(3, 'evidence')] },
      { recordId: 8, problems: [problem(8, 'seller')] },
    ]);
  });

  it('names the same problem of a record once, and nothing when there is none', () => {
    expect(problemsByRecord([notice([1], [problem(1, 'evidence')]), notice([1], [problem(1, 'evidence')])])).toEqual([{ recordId: 1, problems: [problem(1, 'evidence')] }]);
    expect(problemsByRecord([notice([1, 2], [])])).toEqual([]);
  });
});
