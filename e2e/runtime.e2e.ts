import { expect, it } from 'vitest';

// The journeys' server runs in this process (startTestPortal): it is on Node.js 24 when the run is.
it('runs on Node.js 24 or later (npm puts it on the PATH: scripts/node24.sh)', () => {
  expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
});
