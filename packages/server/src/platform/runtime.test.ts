import { describe, expect, it } from 'vitest';
import { NODE_MAJOR, readConfig } from './config.js';

describe('runtime', () => {
  it('runs on Node.js 24 or later (npm puts it on the PATH: scripts/node24.sh)', () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(NODE_MAJOR);
    expect(() => readConfig({})).not.toThrow();
  });
});
