import { defineConfig } from 'vitest/config';

/** Browser journeys in Debian's Chromium against the real server serving the built web app. */
export default defineConfig({
  test: {
    include: ['**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two journeys at a time on the two cores: each is mostly waiting on its browser and server, and the pair keeps
    // the suite within CI's half-hour.
    fileParallelism: true,
    maxWorkers: 2,
    // The journeys of a worker share its loaded modules (the whole server, Playwright, the PGlite template of
    // testing/database.ts) instead of importing them again for each file; each journey still starts its own
    // portal, database and browser and closes them in afterAll.
    isolate: false,
    // A screen waited on with expect.poll may take longer than the default second on a loaded 2-core machine.
    expect: { poll: { timeout: 15_000 } },
  },
});
