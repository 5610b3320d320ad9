import { defineConfig } from 'vitest/config';

/**
 * One run covers the unit tests and the API tests twice: on the embedded PGlite and on PostgreSQL
 * (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test). `*.pg.test.ts` files cover what only a
 * PostgreSQL server has (several replicas on one database) and run in the postgres project only.
 * Browser journeys live in e2e/.
 */
const apiTests = ['packages/server/src/**/*.test.ts'];
/** The checks of the repository's files (the documents, the folders' imports, where SQL lives) need no database: they run once. */
const docsTests = ['packages/server/src/ops/docs-check.test.ts', 'packages/server/src/ops/import-circles.test.ts', 'packages/server/src/ops/sql-placement.test.ts'];

/**
 * The server's tests that open no database (readers, scorers, parsers: no test portal, no TEST_DB): once, not on
 * each database. A test file that starts a portal must not be listed (it would run on PGlite only).
 */
const databaseFree = [
  'areas/crawler-tasks/reading/japanese',
  'areas/crawler-tasks/reading/learn-selectors',
  'areas/crawler-tasks/reading/price',
  'areas/crawler-tasks/reading/product',
  'areas/crawler-tasks/reading/search',
  'areas/domain-watch/pace',
  'areas/domain-watch/page-score',
  'areas/domain-watch/permutations',
  'areas/domain-watch/resolve',
  'areas/evidence/recheck-verdict',
  'areas/sites/recipe-page',
  'areas/watches/compare',
  'areas/watches/schedule',
  'demo/brand-sites',
  'demo/market-live',
  'platform/documents',
  'platform/images',
  'platform/outbound/outbound',
  'platform/png-shrink',
  'platform/replica',
  'platform/runtime',
  'records/core/hint-text',
  'records/core/kind',
  'records/pictures/fingerprint',
  'records/pictures/hash-index',
  'records/pictures/same-photo',
  'records/pictures/text-finder',
  'records/pictures/thumbnail-cache',
  'records/sheets/csv-reader',
  'records/sheets/xlsx-reader',
].map((name) => `packages/server/src/${name}.test.ts`);

/**
 * API tests whose subject is not the database: Chromium, fetching fixture sites, the HTTP layer, spreadsheets,
 * limits and permissions. They run on PostgreSQL only. The embedded PGlite (the quick start's engine) is still
 * exercised by every call of the registry (registry.property.test.ts walks all of them on it), by every other API
 * file (records, search, uploads, dashboards, jobs, triage, pictures, domain watch, demo, backups, caches) and by
 * every browser journey of e2e/; these files doubled about nine minutes of PGlite work for no engine difference.
 * A new test file runs on both unless it is added here.
 */
const postgresOnly = [
  'areas/crawler-tasks/crawler',
  'areas/crawler-tasks/crawler-browser',
  'areas/crawler-tasks/crawler-evidence',
  'areas/domain-watch/domain-pages',
  'areas/evidence/evidence',
  'areas/session/session',
  'areas/sites/recipe-browser',
  'areas/sites/recipe-learning',
  'areas/sites/recipe-site-url',
  'areas/sites/sites',
  'areas/watches/watches',
  'demo/market',
  'kinds/sns/reports',
  'kinds/ws/reports',
  'platform/api-client',
  'platform/boundary',
  'platform/guard',
  'platform/http',
  'platform/metrics',
  'platform/openapi',
  'platform/security-headers',
  'platform/web-assets',
  'records/sheets/sheet-corpus',
  'records/sheets/template',
  'records/upload/upload-limits',
].map((name) => `packages/server/src/${name}.test.ts`);

/**
 * Two files at a time (the API tests mostly wait on the database, the browser and the mail server), and the API
 * files of one project share their worker's loaded modules instead of importing the whole server again for each
 * file (4 s of every file's time); each file still opens its own database and server and closes them in afterAll.
 * The projects run one after another (groupOrder), so no more than two workers load the two cores.
 */
const shared = { isolate: false } as const;
/**
 * The property-based walk of the call registry (platform/registry.property.test.ts) runs on PGlite in `npm test`:
 * its cost is per call (232), not per case, and on both databases it took over four of CI's thirty minutes.
 * `npm run bench:property` runs it on both (PROPERTY_ON_POSTGRES=1) with 2,000 cases a call.
 */
const propertyWalk = ['packages/server/src/platform/registry.property.test.ts'];
const propertyOnPostgres = process.env.PROPERTY_ON_POSTGRES === '1';

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      // The API client's document checks (Redocly's rules, the committed types) need no database.
      { test: { name: 'unit', sequence: { groupOrder: 0 }, include: ['packages/contract/src/**/*.test.ts', 'packages/web/src/**/*.test.ts', 'packages/api-client/src/**/*.test.ts'] } },
      { test: { name: 'docs', sequence: { groupOrder: 0 }, include: docsTests } },
      // The same time limits as the API projects they came from (the Japanese reader loads its dictionary on its first case).
      { test: { name: 'server-unit', sequence: { groupOrder: 0 }, include: databaseFree, testTimeout: 30_000, hookTimeout: 60_000 } },
      { test: { name: 'api-pglite', ...shared, sequence: { groupOrder: 1 }, include: apiTests, exclude: ['**/*.pg.test.ts', '**/node_modules/**', ...docsTests, ...databaseFree, ...postgresOnly], env: { TEST_DB: 'pglite' }, testTimeout: 30_000, hookTimeout: 60_000 } },
      { test: { name: 'api-postgres', ...shared, sequence: { groupOrder: 2 }, include: apiTests, exclude: ['**/node_modules/**', ...docsTests, ...databaseFree, ...(propertyOnPostgres ? [] : propertyWalk)], env: { TEST_DB: 'postgres' }, testTimeout: 30_000, hookTimeout: 60_000 } },
    ],
  },
});
