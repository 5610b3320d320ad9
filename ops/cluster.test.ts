import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestMailbox } from '../packages/server/src/testing/mailbox.js';
import { portalUrls, readLayout, type Secrets } from './cluster/layout.js';
import { buildIfStale } from './cluster/portal.js';
import { alive, signalGroup } from './cluster/run.js';
import { isFree, startTemporaryCluster, type TemporaryCluster } from './cluster/temporary.js';

/**
 * The cluster's smoke test: `npm run cluster` in a directory of its own on free ports, without demo data; sign in
 * through HAProxy, write and read back, kill -9 one API process and see HAProxy answer from the other alone within
 * a few seconds; kill -9 one worker while jobs are worked and see each done exactly once; promote the standby
 * (`npm run cluster -- failover`) and see the portal write, read and listen on the new primary; then Ctrl-C's path
 * (SIGTERM) stops everything it started. The tests run in this order, on the one cluster.
 */
const ADMIN = { mail: 'admin@cluster.test', password: 'Cluster-Smoke-1' };
let cluster: TemporaryCluster;
let mailbox: TestMailbox;
let dir: string;
let ports: TemporaryCluster['ports'];
let token: string;

beforeAll(() => {
  // A fresh checkout (CI) has no compiled server yet: built here, outside the cluster's own start time below.
  buildIfStale(readLayout());
}, 900_000);

beforeAll(async () => {
  mailbox = await new TestMailbox().start();
  cluster = await startTemporaryCluster({ DEMO: '0', ADMIN_MAIL: ADMIN.mail, ADMIN_PASSWORD: ADMIN.password, SMTP_URL: mailbox.url });
  ({ dir, ports } = cluster);
}, 180_000);

afterAll(async () => {
  await cluster?.stop();
  await mailbox?.stop();
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

const pids = () => JSON.parse(fs.readFileSync(path.join(dir, 'processes.json'), 'utf8')) as Record<string, number>;
const secrets = () => JSON.parse(fs.readFileSync(path.join(dir, 'secrets.json'), 'utf8')) as Secrets;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
  it('serves through HAProxy and survives an API process killed', async () => {
    expect((await call('/api/requestcode', { mail: ADMIN.mail })).body.code).toBe(0);
    const code = await mailbox.codeFor(ADMIN.mail);
    const login = await call('/api/login', { ...ADMIN, code });
    expect(login.body.code, JSON.stringify(login.body)).toBe(0);
    token = String(login.body.data?.token);
    // Written through one process, read back through both (round robin): the same database behind PgBouncer.
    expect((await call('/api/user/update-userinfo', { name: 'Smoke Admin' }, token)).body.code).toBe(0);
    const reads = [await call('/api/user/userinfo', {}, token), await call('/api/user/userinfo', {}, token)];
    expect(new Set(reads.map((r) => r.servedBy))).toEqual(new Set(['api1', 'api2']));
    for (const r of reads) expect(r.body.data?.user).toMatchObject({ user_name: 'Smoke Admin' });
    // The home dashboard reads on the standby (DATABASE_READ_URL of the API processes): counted by each process.
    const before = await standbyReads();
    for (let i = 0; i < 2; i++) expect((await call('/api/home-dashboard', {}, token)).body.code).toBe(0);
    expect((await standbyReads()) - before).toBe(2);

    signalGroup(pids().api1!, 'SIGKILL');
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
  });

  it('does every job exactly once when one of the two workers is killed', async () => {
    const pooled = portalUrls(readLayout(cluster.env), secrets()).pooled;
    // Repricing a currency without records: a cheap job of a real queue, which logs its currency when done. Each
    // carries a request id (platform/queues.ts), which the worker's log lines for it must carry.
    const boss = new PgBoss({ connectionString: pooled, schema: 'pgboss', supervise: false, schedule: false, migrate: false });
    boss.on('error', () => undefined);
    await boss.start();
    const currencies = Array.from({ length: 12 }, (_, i) => `Q${String(i).padStart(2, '0')}`);
    const ids: (string | null)[] = [];
    for (const currency of currencies) ids.push(await boss.send('ec-reprice', { currency, _requestId: `cluster-job-${currency}` }));
    await boss.stop({ graceful: false });
    const db = new pg.Client({ connectionString: pooled });
    await db.connect();
    try {
      const states = async () => (await db.query<{ state: string; retry_count: number }>('SELECT state, retry_count FROM pgboss.job WHERE id = ANY($1::uuid[])', [ids])).rows;
      while ((await states()).filter((j) => j.state === 'completed').length < 3) await sleep(100);
      signalGroup(pids().worker1!, 'SIGKILL');
      const until = Date.now() + 60_000;
      while ((await states()).some((j) => j.state !== 'completed') && Date.now() < until) await sleep(250);
      // Done, each once: completed, never retried (a job taken twice shows a retry), one log line per currency.
      expect(await states()).toEqual(currencies.map(() => ({ state: 'completed', retry_count: 0 })));
    } finally {
      await db.end();
    }
    // The API processes work the queues too (all but the crawler's): every process's log is read.
    const lines = ['api1', 'api2', 'worker1', 'worker2'].flatMap((w) => fs.readFileSync(path.join(dir, 'logs', `${w}.log`), 'utf8').split('\n'));
    const done = lines.filter((l) => l.includes('"records repriced"')).map((l) => JSON.parse(l) as { currency: string; requestId?: string });
    for (const currency of currencies) expect(done.filter((d) => d.currency === currency)).toEqual([expect.objectContaining({ currency, requestId: `cluster-job-${currency}` })]);
  });

  it('promotes the standby: the portal writes, reads and listens on the new primary', async () => {
    const failover = await cluster.command('failover');
    expect(failover.code, failover.output).toBe(0);
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'db/roles.json'), 'utf8'))).toEqual({ primary: 'standby', standbyStale: true });
    // The API process left (api2) finds the new primary through PgBouncer, with no restart; HAProxy may have taken
    // it out during the promotion and takes it back after two good checks.
    let write = await call('/api/user/update-userinfo', { name: 'After Failover' }, token).catch(() => undefined);
    for (let i = 0; i < 60 && write?.body.code !== 0; i++) {
      await sleep(500);
      write = await call('/api/user/update-userinfo', { name: 'After Failover' }, token).catch(() => undefined);
    }
    expect(write?.body.code).toBe(0);
    expect((await call('/api/user/userinfo', {}, token)).body.data?.user).toMatchObject({ user_name: 'After Failover' });
    const admin = new pg.Client({ host: '127.0.0.1', port: ports.pg + 1, user: 'postgres', password: secrets().superPassword, database: 'portal' });
    await admin.connect();
    try {
      expect((await admin.query('SELECT pg_is_in_recovery() AS r')).rows[0]).toEqual({ r: false });
      // The processes alive (api2, worker2) listen again, through PgBouncer's session-mode entry, on the new primary.
      const listening = async () => Number((await admin.query("SELECT count(*) AS n FROM pg_stat_activity WHERE query LIKE 'LISTEN%'")).rows[0].n);
      for (let i = 0; i < 60 && (await listening()) < 2; i++) await sleep(500);
      expect(await listening()).toBe(2);
      // And hear: the admin's sessions ended on the database, with the notice a replica sends; api2, which holds the
      // session in its cache (it just answered with it), must drop it and refuse the token at once.
      await admin.query("DELETE FROM session_token WHERE user_id = (SELECT user_id FROM users WHERE user_mail = $1)", [ADMIN.mail]);
      await admin.query("SELECT pg_notify('portal_invalidate', 'user:' || user_id) FROM users WHERE user_mail = $1", [ADMIN.mail]);
      let status = 200;
      for (let i = 0; i < 40 && status !== 401; i++) {
        await sleep(50);
        status = (await call('/api/user/userinfo', {}, token)).status;
      }
      expect(status).toBe(401);
    } finally {
      await admin.end();
    }
  });

  it('stops everything', async () => {
    const started = pids();
    const exited = new Promise((r) => cluster.child.once('exit', r));
    cluster.child.kill('SIGTERM');
    await exited;
    for (const pid of Object.values(started)) expect(alive(pid)).toBe(false);
    expect(fs.existsSync(path.join(dir, 'db/primary/postmaster.pid'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'db/standby/postmaster.pid'))).toBe(false);
  });
});
