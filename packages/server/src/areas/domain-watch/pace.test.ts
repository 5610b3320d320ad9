import { describe, expect, it } from 'vitest';
import { pace } from './pace.js';

describe('pace', () => {
  it('never runs more than the bound at once, and runs every task in the order asked', async () => {
    const run = pace(3, 10_000);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        run(async () => {
          started.push(i);
          most = Math.max(most, ++running);
          await new Promise((go) => setImmediate(go));
          running--;
          if (i === 5) throw new Error('one task fails');
          return i;
        }).catch(() => -1),
      ),
    );
    expect(most).toBe(3);
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(results.filter((r) => r === -1)).toHaveLength(1);
  });
});
