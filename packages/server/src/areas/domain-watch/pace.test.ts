import { describe, expect, it } from 'vitest';
import { pace } from './pace.js';

const until = async (ok: () => boolean) => {
  while (!ok()) await new Promise((go) => setTimeout(go, 1));
};

describe('pace', () => {
  it('never runs more than the bound at once, and starts every task in the order asked', async () => {
    const run = pace(3, 10_000);
    let open!: () => void;
    const gate = new Promise<void>((go) => (open = go));
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const all = Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        run(async () => {
          started.push(i);
          most = Math.max(most, ++running);
          await gate;
          running--;
          if (i === 5) throw new Error('one task fails');
          return i;
        }).catch(() => -1),
      ),
    );
    await until(() => started.length === 3);
    // The fourth waits for a slot however long the first three take.
    await new Promise((go) => setTimeout(go, 20));
    expect(started).toEqual([0, 1, 2]);
    open();
    const results = await all;
    expect(most).toBe(3);
    expect(started).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(results.filter((r) => r === -1)).toHaveLength(1);
  });
});
