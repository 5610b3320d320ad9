import { describe, expect, it } from 'vitest';
import { PICTURE_MAX_BYTES } from '@portal/contract';
import { pictureFileProblem } from './pictureFile';

describe('pictureFileProblem', () => {
  it('takes PNG, JPEG and GIF names of any case up to the largest size', () => {
    for (const name of ['a.png', 'B.JPG', 'c.jpeg', 'd.Gif']) expect([name, pictureFileProblem({ name, size: PICTURE_MAX_BYTES })]).toEqual([name, null]);
  });
  it('names a wrong type before a wrong size', () => {
    expect(pictureFileProblem({ name: 'page.html', size: 10 })).toBe('badType');
    expect(pictureFileProblem({ name: 'png', size: 10 })).toBe('badType');
    expect(pictureFileProblem({ name: 'big.webp', size: PICTURE_MAX_BYTES + 1 })).toBe('badType');
    expect(pictureFileProblem({ name: 'big.jpg', size: PICTURE_MAX_BYTES + 1 })).toBe('tooLarge');
  });
});
