import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Db } from '@portal/server/testing';
import pg from 'pg';
import { agent, percentiles, Recorder, runUploads, runUser, saveableRecords, seedLoad, SLOW_MS, workload, type LoadData } from './load-workload.js';

/**
 * Load benchmark: SESSIONS signed-in users (a quarter analysts, the rest client users of one client with ROWS
 * marketplace records) each run a mixed workload for SECONDS, pausing THINK_MS on average between requests: record lists (plain,
 * fuzzy keyword, column filters and sorts), column filter values, the notice badge count, userinfo, record details
 * and history, detail saves; and now and then (UPLOAD_EVERY seconds) an analyst uploads a 200-row spreadsheet
 * through the real multipart call, alternately a new report and an update of 200 existing records.
 *
 * The portal runs in a child process exactly as `npm run serve` starts it (heap limit, demo data, jobs), so the
 * load generator does not share its event loop; both share the machine's cores. Its database is seeded first by
 * this process (PGlite in a temporary directory, or a fresh database beside TEST_DATABASE_URL), with session
 * tokens made by the server's own createSession (the same hashing as a real sign-in).
 *
 * Every request's latency is recorded; a request without an answer after 30 s is aborted and counted. Prints one
 * JSON line: p50/p95/p99/max, throughput, errors and requests over 5 s, overall and by call.
 */
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const SESSIONS = Number(process.env.LOAD_SESSIONS ?? 200);
const ROWS = Number(process.env.LOAD_ROWS ?? 100_000);
const UPLOAD_EVERY_MS = Number(process.env.LOAD_UPLOAD_EVERY ?? 20) * 1000;
/** A user's pause between two requests: uniform between 0 and twice this (0: back to back, a saturation test). */
const THINK_MS = Number(process.env.LOAD_THINK_MS ?? 3000);
const DATABASE = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';
const ROOT = path.resolve(import.meta.dirname, '..');

interface Seeded extends LoadData {
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

// ---------------------------------------------------------------- the database, before the server starts

const seed = (db: Db) => seedLoad(db, { sessions: SESSIONS, rows: ROWS });

async function prepare(): Promise<Seeded> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-load-'));
  const removeDir = () => fs.rmSync(dataDir, { recursive: true, force: true });
  if (DATABASE === 'pglite') {
    const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      return { ...(await seed(handle.db)), env: { DATA_DIR: dataDir }, cleanup: async () => removeDir() };
    } finally {
      await handle.close();
    }
  }
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `portal_load_${process.pid}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ url: url.toString(), poolSize: 2 });
  try {
    const seeded = await seed(handle.db);
    return {
      ...seeded,
      env: { DATA_DIR: dataDir, DATABASE_URL: url.toString() },
      cleanup: async () => {
        removeDir();
        await admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      },
    };
  } finally {
    await handle.close();
  }
}

// ---------------------------------------------------------------- the server, in a process of its own

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function startServer(env: Record<string, string>, port: number): Promise<ChildProcess> {
  // LOAD_SERVER_ARGS: extra node options for the server, e.g. --cpu-prof to see where its time goes.
  const extra = (process.env.LOAD_SERVER_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [`--max-old-space-size=${process.env.NODE_HEAP_MB ?? 384}`, `--max-semi-space-size=${process.env.NODE_SEMI_SPACE_MB ?? 8}`, ...extra, '--import', 'tsx', path.join(ROOT, 'packages/server/src/main.ts')], {
    cwd: ROOT,
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', DEMO: '1', LOG_LEVEL: process.env.LOAD_LOG_LEVEL ?? 'warn', SECRETS_KEY: randomBytes(32).toString('base64') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Portal ready')) resolve();
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`the server ended (${code}) before it was ready:\n${output}`)));
  });
  // LOAD_SERVER_LOG=file keeps the server's log lines (with LOAD_LOG_LEVEL=info, one per request) for a closer look.
  if (process.env.LOAD_SERVER_LOG) child.stdout!.pipe(fs.createWriteStream(process.env.LOAD_SERVER_LOG));
  else child.stdout!.resume();
  return child;
}

/** CPU seconds (user + system) the server process has used so far (Linux /proc; clock ticks of 1/100 s). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** Peak resident memory of the server process (Linux /proc), sampled once a second. */
function watchRss(pid: number): () => number {
  let peak = 0;
  const timer = setInterval(() => {
    const match = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    if (match) peak = Math.max(peak, Number(match[1]) / 1024);
  }, 1000);
  return () => {
    clearInterval(timer);
    return Math.round(peak);
  };
}

// ---------------------------------------------------------------- the load

const seedStarted = performance.now();
const seeded = await prepare();
const seedSeconds = Math.round((performance.now() - seedStarted) / 1000);
const port = await freePort();
const server = await startServer(seeded.env, port);
try {
  const stopRss = watchRss(server.pid!);
  const analyst = seeded.sessions.find((s) => s.analyst)!;
  const saveable = await saveableRecords(port, analyst, seeded);
  const rec = new Recorder();
  const plan = workload(seeded, saveable);
  const counter = { n: 0 };
  const cpuBefore = cpuSeconds(server.pid!);
  const started = performance.now();
  const until = started + SECONDS * 1000;
  await Promise.all([...seeded.sessions.map((s) => runUser(port, s, until, plan, rec, counter, THINK_MS)), runUploads(port, analyst, seeded.clientId, saveable, until, rec, UPLOAD_EVERY_MS)]);
  const elapsed = (performance.now() - started) / 1000;
  const serverCpu = cpuSeconds(server.pid!) - cpuBefore;
  const all = [...rec.byCall.values()].flat();
  const byCall = Object.fromEntries([...rec.byCall.entries()].map(([call, list]) => [call.replace('/api/', ''), percentiles(list)]));
  const overall = percentiles(all);
  const errors = [...rec.errors.values()].reduce((a, b) => a + b, 0);
  const slow = all.filter((ms) => ms > SLOW_MS).length;
  console.log(
    JSON.stringify({
      benchmark: 'load: signed-in sessions, mixed record workload',
      database: DATABASE,
      sessions: SESSIONS,
      records: ROWS,
      seconds: SECONDS,
      thinkMs: THINK_MS,
      seedSeconds,
      requests: rec.total,
      requestsPerSecond: Math.round(rec.total / elapsed),
      p50: overall.p50,
      p95: overall.p95,
      p99: overall.p99,
      max: overall.max,
      overFiveSeconds: slow,
      errors,
      errorKinds: Object.fromEntries(rec.errors),
      serverPeakRssMb: stopRss(),
      // Share of one core the server process used, and its CPU per request (the database server's not counted).
      serverCpuCores: Number((serverCpu / elapsed).toFixed(2)),
      serverCpuMsPerRequest: Number(((serverCpu * 1000) / rec.total).toFixed(1)),
      byCall,
    }),
  );
  if (errors > 0 || slow > 0) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  agent.destroy();
  await seeded.cleanup();
}
