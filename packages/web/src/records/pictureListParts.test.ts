import { describe, expect, it } from 'vitest';
import { matchKindsOf } from './pictureListParts';

const match = (kind: 'same-photo' | 'shared-photo', refId: number) => ({ kind, refId, score: 90, reason: 'why' });

describe('matchKindsOf', () => {
  it("names each kind of a record's matches once, in the contract's order", () => {
    expect(matchKindsOf({ imageMatches: [match('shared-photo', 4), match('same-photo', 1), match('shared-photo', 5)] })).toEqual(['same-photo', 'shared-photo']);
  });
  it('names none for a record not looked at, without a picture, or without matches', () => {
    expect(matchKindsOf({})).toEqual([]);
    expect(matchKindsOf({ imageStatus: 'pending' })).toEqual([]);
    expect(matchKindsOf({ imageStatus: 'done', imageMatches: [] })).toEqual([]);
  });
});
