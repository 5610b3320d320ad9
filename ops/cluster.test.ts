import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestMailbox } from '../packages/server/src/testing/mailbox.js';
import { readLayout } from './cluster/layout.js';
import { buildIfStale } from './cluster/portal.js';
import { alive, signalGroup } from './cluster/run.js';

/**
 * The cluster's smoke test: `npm run cluster` in a directory of its own on free ports, without demo data; sign in
 * through HAProxy, write and read back, kill -9 one API process and see HAProxy answer from the other alone within
 * a few seconds; then Ctrl-C's path (SIGTERM) stops everything it started.
 */
const ADMIN = { mail: 'admin@cluster.test', password: 'Cluster-Smoke-1' };
let dir: string;
let cluster: ChildProcess;
let output = '';
let mailbox: TestMailbox;
let ports: { http: number; pg: number; bouncer: number; api: number };

beforeAll(() => {
  // A fresh checkout (CI) has no compiled server yet: built here, outside the cluster's own start time below.
  buildIfStale(readLayout());
}, 900_000);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-'));
  fs.chmodSync(dir, 0o755);
  mailbox = await new TestMailbox().start();
  ports = { http: await freePorts(1), pg: await freePorts(2), bouncer: await freePorts(1), api: await freePorts(11) };
  cluster = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'cluster.ts')], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      CLUSTER_DIR: dir,
      CLUSTER_HTTP_PORT: String(ports.http),
      CLUSTER_PG_PORT: String(ports.pg),
      CLUSTER_BOUNCER_PORT: String(ports.bouncer),
      CLUSTER_API_PORT: String(ports.api),
      DEMO: '0',
      ADMIN_MAIL: ADMIN.mail,
      ADMIN_PASSWORD: ADMIN.password,
      SMTP_URL: mailbox.url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  cluster.stdout?.on('data', (b: Buffer) => (output += b.toString()));
  cluster.stderr?.on('data', (b: Buffer) => (output += b.toString()));
  const until = Date.now() + 170_000;
  while (!output.includes('stops everything')) {
    if (cluster.exitCode !== null || Date.now() > until) throw new Error(`the cluster did not come up:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}, 180_000);

afterAll(async () => {
  if (cluster && cluster.exitCode === null) {
    const exited = new Promise((r) => cluster.once('exit', r));
    cluster.kill('SIGTERM');
    await exited;
  }
  await mailbox?.stop();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

const base = () => `http://127.0.0.1:${ports.http}`;
async function call(pathname: string, body: unknown, token?: string): Promise<{ status: number; servedBy: string | null; body: { code: number; data: Record<string, unknown> | null } }> {
  const res = await fetch(base() + pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(10_000),
  });
  // HAProxy's own answers (502, 503) are HTML.
  const json = res.headers.get('content-type')?.includes('json');
  const parsed = json ? ((await res.json()) as { code: number; data: Record<string, unknown> | null }) : { code: -1, data: { text: await res.text() } };
  return { status: res.status, servedBy: res.headers.get('x-served-by'), body: parsed };
}

/** The reads both API processes served on the standby so far (their /metrics, with the cluster's token). */
async function standbyReads(): Promise<number> {
  const { metricsToken } = JSON.parse(fs.readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as { metricsToken: string };
  let sum = 0;
  for (const port of [ports.api, ports.api + 1]) {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    sum += Number(/^portal_replica_reads_total\{target="standby"\} (\d+)/m.exec(text)?.[1] ?? 0);
  }
  return sum;
}

describe('npm run cluster', () => {
  it('serves through HAProxy, survives an API process killed, and stops everything', async () => {
    expect((await call('/api/requestcode', { mail: ADMIN.mail })).body.code).toBe(0);
    const code = await mailbox.codeFor(ADMIN.mail);
    const login = await call('/api/login', { ...ADMIN, code });
    expect(login.body.code, JSON.stringify(login.body)).toBe(0);
    const token = String(login.body.data?.token);
    // Written through one process, read back through both (round robin): the same database behind PgBouncer.
    expect((await call('/api/user/update-userinfo', { name: 'Smoke Admin' }, token)).body.code).toBe(0);
    const reads = [await call('/api/user/userinfo', {}, token), await call('/api/user/userinfo', {}, token)];
    expect(new Set(reads.map((r) => r.servedBy))).toEqual(new Set(['api1', 'api2']));
    for (const r of reads) expect(r.body.data?.user).toMatchObject({ user_name: 'Smoke Admin' });
    // The home dashboard reads on the standby (DATABASE_READ_URL of the API processes): counted by each process.
    const before = await standbyReads();
    for (let i = 0; i < 2; i++) expect((await call('/api/home-dashboard', {}, token)).body.code).toBe(0);
    expect((await standbyReads()) - before).toBe(2);

    const pids = JSON.parse(fs.readFileSync(path.join(dir, 'processes.json'), 'utf8')) as Record<string, number>;
    signalGroup(pids.api1!, 'SIGKILL');
    const killedAt = Date.now();
    // Dead once its port refuses connections (a request racing the kill would be one in flight, which may fail).
    while (!(await isFree(ports.api))) await new Promise((r) => setTimeout(r, 10));
    const answers: { at: number; ok: boolean; status: number; servedBy: string | null }[] = [];
    while (Date.now() - killedAt < 6_000) {
      const r = await call('/api/user/userinfo', {}, token).catch((err: Error) => ({ status: 0, servedBy: `${err.message} ${String((err.cause as Error | undefined)?.message)}`, body: { code: -1, data: null } }));
      answers.push({ at: Date.now() - killedAt, ok: r.status === 200 && r.body.code === 0, status: r.status, servedBy: r.servedBy });
      await new Promise((r) => setTimeout(r, 50));
    }
    // HAProxy resends a request whose connection failed, so none fails; after its two checks a second apart (2-3 s)
    // every request goes to the living process.
    expect(answers.filter((a) => !a.ok)).toEqual([]);
    expect(answers.filter((a) => a.at > 3_500).every((a) => a.servedBy === 'api2')).toBe(true);
    expect(answers.filter((a) => a.at > 3_500).length).toBeGreaterThan(10);

    const exited = new Promise((r) => cluster.once('exit', r));
    cluster.kill('SIGTERM');
    await exited;
    for (const pid of Object.values(pids)) expect(alive(pid)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'db/primary/postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'db/standby/postmaster.pid'))).toBe(false);
  });
});

/** The first of `count` consecutive free ports on 127.0.0.1 (the cluster takes the next ones for its pairs). */
async function freePorts(count: number): Promise<number> {
  for (;;) {
    const first = 20_000 + Math.floor(Math.random() * 30_000);
    const free = await Promise.all(Array.from({ length: count }, (_, i) => isFree(first + i)));
    if (free.every(Boolean)) return first;
  }
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
