import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Role } from '@portal/contract';
import { HEADER_EN, createSession, hashPassword, listing, migrate, multipartBody, openDatabase, xlsxOf, type Db } from '@portal/server/testing';
import { sql } from 'kysely';
import pg from 'pg';
import { seedEcRecords, seedInfringementCategories } from './ec-dataset.js';

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
const TIMEOUT_MS = 30_000;
const SLOW_MS = 5_000;
const ROOT = path.resolve(import.meta.dirname, '..');

interface Session {
  token: string;
  analyst: boolean;
}
interface Seeded {
  clientId: number;
  subIds: number[];
  sessions: Session[];
  env: Record<string, string>;
  cleanup(): Promise<void>;
}

// ---------------------------------------------------------------- the database, before the server starts

async function seed(db: Db): Promise<Omit<Seeded, 'env' | 'cleanup'>> {
  await migrate(db);
  const subIds = await seedInfringementCategories(db);
  const { client_id: clientId } = await db.insertInto('client').values({ client_name: 'Load Co' }).returning('client_id').executeTakeFirstOrThrow();
  await seedEcRecords(db, clientId, ROWS, subIds);
  const passwordHash = await hashPassword(`Load-${randomBytes(6).toString('hex')}1!`);
  const analysts = Math.max(1, Math.round(SESSIONS / 4));
  const users = await db
    .insertInto('users')
    .values(
      Array.from({ length: SESSIONS }, (_, i) => ({
        user_name: `Load user ${i + 1}`,
        user_mail: `load-${i + 1}@load.example`,
        password_hash: passwordHash,
        user_role: i < analysts ? Role.ANALYST : Role.CLIENT,
        user_locale: i % 2 ? 'ja' : 'en',
        client_id: i < analysts ? null : clientId,
      })),
    )
    .returning(['user_id', 'user_role'])
    .execute();
  await db.insertInto('client_manager').values(users.filter((u) => u.user_role === Role.ANALYST).map((u) => ({ client_id: clientId, user_id: u.user_id }))).execute();
  // Each client user starts with a few notices, some read, so the badge counts something.
  const clients = users.filter((u) => u.user_role === Role.CLIENT);
  if (clients.length > 0) {
    await db
      .insertInto('notice')
      .values(clients.flatMap((u) => [0, 1, 2, 3, 4].map((k) => ({ user_id: u.user_id, title: `Load notice ${k}`, type: 1, viewed: k < 2, send_date: new Date() }))))
      .execute();
  }
  const sessions: Session[] = [];
  for (const u of users) sessions.push({ token: await createSession(db, u.user_id, new Date()), analyst: u.user_role === Role.ANALYST });
  await sql`ANALYZE`.execute(db);
  return { clientId, subIds, sessions };
}

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

const agent = new http.Agent({ keepAlive: true, maxSockets: SESSIONS + 8 });

interface Answer {
  status: number;
  code: number | null;
}

/** One POST over a kept-alive connection; aborted (status 0) when no full answer came within TIMEOUT_MS. */
function post(port: number, pathName: string, token: string, body: Buffer, contentType: string): Promise<Answer> {
  return new Promise((resolve) => {
    const req = http.request(
      { agent, host: '127.0.0.1', port, method: 'POST', path: pathName, headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'content-length': body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          clearTimeout(timer);
          let code: number | null = null;
          try {
            code = (JSON.parse(Buffer.concat(chunks).toString()) as { code: number }).code;
          } catch {
            code = null;
          }
          resolve({ status: res.statusCode ?? 0, code });
        });
        res.on('error', () => resolve({ status: 0, code: null }));
      },
    );
    const timer = setTimeout(() => req.destroy(new Error('timeout')), TIMEOUT_MS);
    req.on('error', () => {
      clearTimeout(timer);
      resolve({ status: 0, code: null });
    });
    req.end(body);
  });
}

class Recorder {
  readonly byCall = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  total = 0;
  async time(call: string, f: () => Promise<Answer>): Promise<Answer> {
    const started = performance.now();
    const answer = await f();
    const ms = performance.now() - started;
    this.total += 1;
    const list = this.byCall.get(call) ?? [];
    list.push(ms);
    this.byCall.set(call, list);
    if (process.env.LOAD_SERVER_LOG && (ms > SLOW_MS || answer.status !== 200)) console.error(`${Math.round(started)} ${call} ${answer.status} ${Math.round(ms)} ms`);
    if (answer.status !== 200 || answer.code !== 0) {
      const kind = `${call} ${answer.status === 0 ? 'no answer' : `HTTP ${answer.status} code ${answer.code}`}`;
      this.errors.set(kind, (this.errors.get(kind) ?? 0) + 1);
    }
    return answer;
  }
}

const percentiles = (values: number[]) => {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: Math.round(sorted[sorted.length - 1] ?? 0) };
};

const WORDS = ['serum', 'cream', 'lotion', 'lip tint', 'mask', 'cleanser', 'toner', 'sunscreen', 'essence', 'foundation'];
const FILTER_FIELDS = ['ec_site', 'ec_product_currency', 'ec_product_region', 'ec_search_keyword', 'ec_category_id', 'ec_response_action', 'ec_process1_result', 'ec_product_seller', 'ec_scan_date', 'report_id'];
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** What one user does, weighted like a working day on the record screens (the badge polls in between). */
function workload(seeded: Seeded, saveable: number[]): { weight: number; call: string; body: (s: Session, n: number) => object }[] {
  const clientId = seeded.clientId;
  return [
    { weight: 18, call: '/api/ec-data/search-records', body: () => ({ clientId, limit: 20, offset: Math.random() < 0.2 ? 20 * Math.floor(Math.random() * 10) : 0 }) },
    { weight: 10, call: '/api/ec-data/search-records', body: (_s, n) => ({ clientId, limit: 20, keyword: n % 3 ? pick(WORDS) : `${n % 500}ml`, wordFields: ['ec_product_title'], searchType: 3 }) },
    {
      weight: 10,
      call: '/api/ec-data/search-records',
      body: () => ({
        clientId,
        limit: 50,
        whereFields: [{ key: 'ec_site', values: [pick(['Amazon', 'Taobao', 'Rakuten', 'eBay'])] }, { key: 'ec_product_currency', values: [pick(['USD', 'JPY'])] }],
        orderFields: [{ key: pick(['ec_product_price', 'ec_scan_date', 'ec_product_seller']), value: pick([1, 2] as const) }],
      }),
    },
    { weight: 10, call: '/api/ec-data/fetch-filters', body: () => ({ clientId, fieldName: pick(FILTER_FIELDS) }) },
    { weight: 25, call: '/api/notication/unviewed-notice-count', body: () => ({}) },
    { weight: 10, call: '/api/user/userinfo', body: () => ({}) },
    { weight: 10, call: '/api/ec-data/get-record', body: () => ({ clientId, recordId: pick(saveable) }) },
    { weight: 3, call: '/api/ec-data/get-record-history', body: () => ({ clientId, recordId: pick(saveable) }) },
    {
      weight: 4,
      call: '/api/ec-data/update-record',
      body: (s, n) => (s.analyst ? { clientId, recordId: pick(saveable), categoryRemarks: `checked ${n}` } : { clientId, recordId: pick(saveable), responseRemarks: `seen ${n}` }),
    },
  ];
}

async function runUser(port: number, s: Session, until: number, plan: ReturnType<typeof workload>, rec: Recorder, counter: { n: number }) {
  const totalWeight = plan.reduce((a, w) => a + w.weight, 0);
  // Sessions start spread over one pause, as people do, rather than all in the same millisecond.
  await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * THINK_MS));
  while (performance.now() < until) {
    let r = Math.random() * totalWeight;
    const step = plan.find((w) => (r -= w.weight) < 0) ?? plan[0]!;
    const n = (counter.n += 1);
    await rec.time(step.call, () => post(port, step.call, s.token, Buffer.from(JSON.stringify(step.body(s, n))), 'application/json'));
    if (THINK_MS > 0) await new Promise((resolve) => setTimeout(resolve, Math.random() * 2 * THINK_MS));
  }
}

/** An analyst's spreadsheet every UPLOAD_EVERY_MS: a new 200-row report, then an update of 200 records, and so on. */
async function runUploads(port: number, s: Session, clientId: number, saveable: number[], until: number, rec: Recorder) {
  for (let round = 0; performance.now() + UPLOAD_EVERY_MS < until; round++) {
    await new Promise((resolve) => setTimeout(resolve, UPLOAD_EVERY_MS));
    const update = round % 2 === 1;
    const bytes = update
      ? await xlsxOf(['ID', 'Comments'], saveable.slice(0, 200).map((id) => [id, `upload round ${round}`]))
      : await xlsxOf(HEADER_EN, Array.from({ length: 200 }, (_, i) => listing(1_000_000 + round * 1000 + i)));
    const { boundary, payload } = multipartBody({ clientId }, [{ name: `load-${round}.xlsx`, bytes }]);
    const call = update ? '/api/ec-report/batch-update' : '/api/ec-report/upload-report';
    await rec.time(call, () => post(port, call, s.token, payload, `multipart/form-data; boundary=${boundary}`));
  }
}

/** Ids of categorized records (the save rule holds for them), found through the list like a user would. */
async function saveableRecords(port: number, s: Session, seeded: Seeded): Promise<number[]> {
  const body = Buffer.from(JSON.stringify({ clientId: seeded.clientId, limit: 500, whereFields: [{ key: 'ec_category_id', values: seeded.subIds }] }));
  const res = await new Promise<string>((resolve, reject) => {
    const req = http.request({ agent, host: '127.0.0.1', port, method: 'POST', path: '/api/ec-data/search-records', headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/json' } }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => resolve(Buffer.concat(chunks).toString()));
    });
    req.on('error', reject);
    req.end(body);
  });
  const ids = (JSON.parse(res) as { data: { records: { ec_id: number }[] } }).data.records.map((r) => r.ec_id);
  if (ids.length === 0) throw new Error('no categorized records to save');
  return ids;
}

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
  await Promise.all([...seeded.sessions.map((s) => runUser(port, s, until, plan, rec, counter)), runUploads(port, analyst, seeded.clientId, saveable, until, rec)]);
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
