import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { failover } from './cluster/failover.js';
import { HAPROXY, startHaproxy } from './cluster/haproxy.js';
import { loadSecrets, readLayout, type Layout } from './cluster/layout.js';
import { PGBOUNCER, startPgBouncer } from './cluster/pgbouncer.js';
import { buildIfStale, startPortalProcess, type Role } from './cluster/portal.js';
import { currentPrimary, currentStandby, startPrimary, startStandby, stopPostgres } from './cluster/postgres.js';
import { alive, answers200, ensurePackages, signalGroup, waitFor } from './cluster/run.js';

/**
 * `npm run cluster`: the portal as a deployment of several processes on this machine (docs/operations.md, "A cluster
 * on one machine"): a PostgreSQL primary and its streaming standby, PgBouncer in transaction mode, two API processes
 * behind HAProxy and two job workers. It stays in the foreground; Ctrl-C, SIGTERM or `npm run cluster -- stop`
 * stops everything it started. `CLUSTER_DIR` (default .cluster/) keeps the databases, secrets and logs for the next run.
 */
const layout = readLayout();
const pidFile = path.join(layout.dir, 'cluster.pid');
/** The children's process ids, for a `stop` after this process itself was killed. */
const stateFile = path.join(layout.dir, 'processes.json');
/** The portal's processes may take a while on a busy 2-core machine: migrations, the demo data, the first build. */
const READY_MS = 240_000;

async function up(): Promise<void> {
  const running = readPid();
  if (running && alive(running)) throw new Error(`a cluster already runs from ${layout.dir} (process ${running}): npm run cluster -- stop`);
  fs.mkdirSync(layout.logDir, { recursive: true });
  ensurePackages({ haproxy: HAPROXY, pgbouncer: PGBOUNCER });
  const secrets = loadSecrets(layout);
  fs.writeFileSync(pidFile, String(process.pid));
  const children = new Map<string, ChildProcess>();
  let stopping = false;
  const remember = (name: string, child: ChildProcess) => {
    children.set(name, child);
    fs.writeFileSync(stateFile, JSON.stringify(Object.fromEntries([...children].map(([n, c]) => [n, c.pid]))));
    // A process that dies is reported and left dead: HAProxy sends its requests to the other (that is the point).
    child.once('exit', (code, signal) => {
      if (!stopping) console.error(`${name} exited (${signal ?? code}); its log: ${path.join(layout.logDir, `${name}.log`)}`);
    });
  };
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping the cluster');
    await stopChildren([...children].reverse());
    stopPostgres(layout);
    fs.rmSync(pidFile, { force: true });
    fs.rmSync(stateFile, { force: true });
  };
  const onSignal = (signal: string) => {
    console.log(`${signal}:`);
    void shutdown().then(() => process.exit(0));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    buildIfStale(layout);
    await startPrimary(layout, secrets);
    startStandby(layout, secrets);
    remember('pgbouncer', await startPgBouncer(layout, secrets));
    // The first API process migrates and seeds alone; the others start on a ready database.
    remember('api1', startPortalProcess(layout, secrets, 'api1'));
    await ready('api1', children.get('api1')!, layout.ports.api[0]);
    for (const role of ['api2', 'worker1', 'worker2'] as const) remember(role, startPortalProcess(layout, secrets, role));
    await ready('api2', children.get('api2')!, layout.ports.api[1]);
    await waitFor('the workers', READY_MS, () => (['worker1', 'worker2'] as const).every((w) => workerReady(w, children.get(w)!)));
    remember('haproxy', startHaproxy(layout));
    await waitFor(`HAProxy on port ${layout.ports.http}`, 30_000, () => answers200(`http://127.0.0.1:${layout.ports.http}/api/ready`));
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    await shutdown();
    process.exit(1);
  }
  printAddresses(layout);
}

async function ready(role: Role, child: ChildProcess, port: number): Promise<void> {
  await waitFor(`${role} ready on port ${port}`, READY_MS, () => {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${role} exited: see ${path.join(layout.logDir, `${role}.log`)}`);
    return answers200(`http://127.0.0.1:${port}/api/ready`);
  });
}

/** A worker serves no HTTP: it is ready once it logged so (worker.ts). */
function workerReady(role: Role, child: ChildProcess): boolean {
  if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${role} exited: see ${path.join(layout.logDir, `${role}.log`)}`);
  return fs.readFileSync(path.join(layout.logDir, `${role}.log`), 'utf8').includes('worker ready');
}

/** SIGTERM to every child's process group (the portal's processes finish their requests and jobs within 10 s). */
async function stopChildren(children: [string, ChildProcess | number][]): Promise<void> {
  const pids = children.map(([, c]) => (typeof c === 'number' ? c : c.pid)).filter((pid): pid is number => pid !== undefined);
  for (const pid of pids) signalGroup(pid, 'SIGTERM');
  const until = Date.now() + 12_000;
  while (Date.now() < until && pids.some(alive)) await new Promise((r) => setTimeout(r, 200));
  for (const pid of pids.filter(alive)) signalGroup(pid, 'SIGKILL');
}

function printAddresses(layout: Layout): void {
  const demo = demoAccounts();
  const [primary, standby] = [currentPrimary(layout), currentStandby(layout)];
  console.log(
    [
      `Portal (HAProxy) at http://localhost:${layout.ports.http}`,
      `  API processes   http://127.0.0.1:${layout.ports.api[0]}, http://127.0.0.1:${layout.ports.api[1]} (CRAWLER_WORKER=0), 2 workers (npm run worker)`,
      `  PostgreSQL      primary 127.0.0.1:${primary.port} (db/${primary.node}), standby 127.0.0.1:${standby.port} (db/${standby.node}; streaming, read-only)`,
      `  PgBouncer       postgres://portal@127.0.0.1:${layout.ports.bouncer}/portal (transaction mode; the portal's DATABASE_URL; passwords in secrets.json)`,
      `                  and /portal_listen (session mode; DATABASE_LISTEN_URL)`,
      `  Metrics         GET http://127.0.0.1:${layout.ports.api[0]}/metrics (and :${layout.ports.api[1]}) with the bearer token metricsToken of secrets.json`,
      `  Files           ${layout.dir} (secrets.json, logs/, ${path.relative(layout.dir, primary.log)} and ${path.basename(standby.log)})`,
      'npm run cluster -- failover promotes the standby.',
      ...(demo.length > 0 ? ['Demo accounts (sign-in codes are written to logs/api1.log while SMTP_URL is not set):', ...demo] : []),
      'Ctrl-C (or npm run cluster -- stop) stops everything.',
    ].join('\n'),
  );
}

/** The first API process's start banner lists the demo accounts. */
function demoAccounts(): string[] {
  const lines = fs.readFileSync(path.join(layout.logDir, 'api1.log'), 'utf8').split('\n');
  const at = lines.map((l) => l.startsWith('Demo accounts')).lastIndexOf(true);
  if (at < 0) return [];
  const accounts: string[] = [];
  for (const line of lines.slice(at + 1)) {
    if (!line.startsWith('  ')) break;
    accounts.push(line);
  }
  return accounts;
}

function readPid(): number | undefined {
  return fs.existsSync(pidFile) ? Number(fs.readFileSync(pidFile, 'utf8')) || undefined : undefined;
}

/** `npm run cluster -- stop`: the foreground process stops what it started; if it was killed, its children go here. */
async function down(): Promise<void> {
  const running = readPid();
  if (running && alive(running)) {
    process.kill(running, 'SIGTERM');
    await waitFor('the cluster to stop', 60_000, () => !alive(running));
    console.log('stopped');
    return;
  }
  if (fs.existsSync(stateFile)) await stopChildren(Object.entries(JSON.parse(fs.readFileSync(stateFile, 'utf8')) as Record<string, number>));
  stopPostgres(layout);
  fs.rmSync(pidFile, { force: true });
  fs.rmSync(stateFile, { force: true });
  console.log('stopped');
}

/** `npm run cluster -- failover`: the standby takes over (cluster/failover.ts); PgBouncer's id from the state file. */
async function promoteStandby(): Promise<void> {
  const pids = fs.existsSync(stateFile) ? (JSON.parse(fs.readFileSync(stateFile, 'utf8')) as Record<string, number>) : {};
  const { ms } = await failover(layout, loadSecrets(layout), pids.pgbouncer);
  console.log(`db/${currentPrimary(layout).node} is the primary (port ${currentPrimary(layout).port}), taking writes through PgBouncer ${ms} ms after the failover began`);
}

const commands: Record<string, () => Promise<void>> = { up, stop: down, failover: promoteStandby };
const command = process.argv[2] ?? 'up';
if (!commands[command]) {
  console.error('usage: npm run cluster [-- stop | failover]');
  process.exit(2);
}
commands[command]().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
