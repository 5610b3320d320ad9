import { execFileSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { portalUrls, type Layout, type Secrets } from './layout.js';
import { spawnLogged } from './run.js';

/** What the build reads: a source newer than the compiled server (or a missing one) means `npm run build` first. */
const SOURCES = ['packages/contract/src', 'packages/server/src', 'packages/web/src'];
const BUILT = ['packages/server/dist/main.js', 'packages/server/dist/worker.js', 'packages/web/dist/index.html'];

export function buildIfStale(layout: Layout): void {
  const built = BUILT.map((f) => path.join(layout.root, f));
  const oldest = Math.min(...built.map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)));
  const newest = Math.max(...SOURCES.map((dir) => newestIn(path.join(layout.root, dir))));
  if (oldest > newest) return;
  console.log('building the portal (npm run build): the compiled server is missing or older than its sources');
  execFileSync('npm', ['run', 'build'], { cwd: layout.root, stdio: 'inherit' });
}

function newestIn(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    // Tests are not built: a changed test needs no new build.
    if (entry.isFile() && !entry.name.includes('.test.')) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

export type Role = 'api1' | 'api2' | 'worker1' | 'worker2';

/**
 * The environment of one portal process: the shared secrets key, the database through PgBouncer (the listener
 * too; and, for the API processes, the standby for reads: DATABASE_READ_URL), its own DATA_DIR (nothing shared lives
 * there on PostgreSQL). The demo data are seeded by the first API
 * process alone, which also serves the demo marketplace on a fixed port; the other processes are told its origin,
 * so the crawler workers may fetch it.
 */
export function portalEnv(layout: Layout, secrets: Secrets, role: Role): NodeJS.ProcessEnv {
  const urls = portalUrls(layout, secrets);
  const market = `http://127.0.0.1:${layout.ports.demoMarket}`;
  const api = role === 'api1' || role === 'api2';
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: urls.pooled,
    DATABASE_LISTEN_URL: urls.listen,
    SECRETS_KEY: secrets.secretsKey,
    METRICS_TOKEN: secrets.metricsToken,
    DATA_DIR: path.join(layout.dir, role),
    TRUST_PROXY: '1',
    PUBLIC_URL: process.env.PUBLIC_URL ?? `http://localhost:${layout.ports.http}`,
    DEMO: role === 'api1' && layout.demo ? '1' : '0',
    DEMO_MARKET_PORT: String(layout.ports.demoMarket),
  };
  if (api) {
    env.PORT = String(layout.ports.api[role === 'api1' ? 0 : 1]);
    env.HOST = '127.0.0.1';
    env.CRAWLER_WORKER = '0';
    // The dashboards, lists, filter values and exports read on the standby once it has the caller's writes.
    env.DATABASE_READ_URL = urls.standby;
  }
  if (layout.demo && role !== 'api1') {
    env.CRAWLER_ALLOW_ORIGINS = [process.env.CRAWLER_ALLOW_ORIGINS, market].filter(Boolean).join(',');
    env.CAPTURE_ALLOW_ORIGINS = [process.env.CAPTURE_ALLOW_ORIGINS, market].filter(Boolean).join(',');
  }
  return env;
}

/** `npm run serve` (API) or `npm run worker`, its output in logs/<role>.log. */
export function startPortalProcess(layout: Layout, secrets: Secrets, role: Role): ChildProcess {
  fs.mkdirSync(path.join(layout.dir, role), { recursive: true });
  const script = role.startsWith('api') ? 'serve' : 'worker';
  return spawnLogged(role, 'npm', ['run', '--silent', script], { env: portalEnv(layout, secrets, role), logDir: layout.logDir, cwd: layout.root });
}
