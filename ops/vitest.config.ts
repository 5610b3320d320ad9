import { defineConfig } from 'vitest/config';

/**
 * `npm run test:cluster`: the cluster's smoke test (ops/cluster.test.ts), alone: it starts six processes and two
 * PostgreSQL servers, which the unit run's two test files at a time must not compete with.
 */
export default defineConfig({
  test: { include: ['ops/**/*.test.ts'], root: new URL('..', import.meta.url).pathname, maxWorkers: 1, testTimeout: 120_000, hookTimeout: 200_000 },
});
