import autocannon from 'autocannon';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { openDatabase } from '@portal/server/testing';
import pg from 'pg';
import { loadSecrets, portalUrls, readLayout } from '../ops/cluster/layout.js';
import { startPortalProcess } from '../ops/cluster/portal.js';
import { alive, answers200, signalGroup, waitFor } from '../ops/cluster/run.js';
import { startTemporaryCluster, type TemporaryCluster } from '../ops/cluster/temporary.js';
import { agent, percentiles, Recorder, runUploads, runUser, saveableRecords, seedLoad, workload } from './load-workload.js';

/**
 * `npm run soak`: the soak with faults of issue 33 (docs/benchmarks.md, "Soak with faults"). A cluster of its own
 * (`npm run cluster` in a temporary directory, no demo data), SESSIONS signed-in users of load.ts's workload through
 * HAProxy, for SECONDS, and ANALYSTS of them uploading a 200-row spreadsheet every UPLOAD_EVERY seconds. During it:
 * kill -9 of one API process (restarted 15 s later), of one worker (restarted 15 s later), then a failover (the
 * primary stopped, the standby promoted, PgBouncer re-pointed). For each fault: the requests in flight at that
 * moment, the requests failed after it (HTTP >= 500 or no answer) and the time until the last of them. After the
 * load: every job queued during the soak completed (none left queued, active or failed), how many were retried,
 * and the uploads' records (each successful new-report upload has its 200 rows, once).
 * Before the load: the throughput of an authenticated cheap call (userinfo) through HAProxy against one API
 * process directly, by autocannon.
 */
const SECONDS = Number(process.env.SOAK_SECONDS ?? 240);
const SESSIONS = Number(process.env.SOAK_SESSIONS ?? 200);
const ROWS = Number(process.env.SOAK_ROWS ?? 20_000);
const THINK_MS = Number(process.env.SOAK_THINK_MS ?? 3000);
const ANALYSTS = Number(process.env.SOAK_UPLOADERS ?? 4);
const UPLOAD_EVERY_MS = Number(process.env.SOAK_UPLOAD_EVERY ?? 10) * 1000;
const THROUGHPUT_SECONDS = Number(process.env.SOAK_THROUGHPUT_SECONDS ?? 15);
const RESTART_AFTER_MS = 15_000;
const JOBS_SETTLE_MS = 180_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function throughput(url: string, token: string): Promise<number> {
  const result = await autocannon({ url, method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: '{}', connections: 50, duration: THROUGHPUT_SECONDS });
  return Math.round(result.requests.average);
}

/** kill -9 of one portal process (its whole group: npm, the shell, node). */
function kill(cluster: TemporaryCluster, role: string, restarted: Map<string, number>): void {
  const pids = JSON.parse(fs.readFileSync(`${cluster.dir}/processes.json`, 'utf8')) as Record<string, number>;
  signalGroup(restarted.get(role) ?? pids[role]!, 'SIGKILL');
}

interface Fault {
  name: string;
  at: number;
}

/** In flight at the fault, failed after it (until the next fault), and when the last of those failures ended. */
function faultFigures(rec: Recorder, faults: Fault[], end: number) {
  return faults.map((f, i) => {
    const next = faults[i + 1]?.at ?? end;
    const inFlight = rec.timeline.filter((r) => r.start <= f.at && r.end >= f.at).length;
    const failed = rec.timeline.filter((r) => r.end >= f.at && r.end < next && !r.ok);
    const last = Math.max(f.at, ...failed.map((r) => r.end));
    const byStatus = new Map<number, number>();
    for (const r of failed) byStatus.set(r.status, (byStatus.get(r.status) ?? 0) + 1);
    const statuses = [...byStatus].map(([status, n]) => `${status === 0 ? 'no answer' : status}: ${n}`).join(', ');
    return { fault: f.name, inFlight, failed: failed.length, recoverySeconds: Number(((last - f.at) / 1000).toFixed(1)), statuses };
  });
}

const cluster = await startTemporaryCluster({ DEMO: '0', ADMIN_MAIL: 'admin@soak.test', ADMIN_PASSWORD: `Soak-${randomBytes(6).toString('hex')}-1` });
const layout = readLayout(cluster.env);
const secrets = loadSecrets(layout);
const restarted = new Map<string, number>();
const http = `http://127.0.0.1:${cluster.ports.http}`;
try {
  // The users, records and sessions, written through PgBouncer as the portal writes.
  const handle = await openDatabase({ url: portalUrls(layout, secrets).pooled, poolSize: 2 });
  const seeded = await seedLoad(handle.db, { sessions: SESSIONS, rows: ROWS }).finally(() => handle.close());
  const db = new pg.Client({ connectionString: portalUrls(layout, secrets).pooled });
  await db.connect();
  const analyst = seeded.sessions.find((s) => s.analyst)!;
  const haproxy = await throughput(`${http}/api/user/userinfo`, analyst.token);
  const direct = await throughput(`http://127.0.0.1:${cluster.ports.api}/api/user/userinfo`, analyst.token);

  const before = await db.query<{ report: number; started: Date }>('SELECT coalesce(max(report_id), 0)::int AS report, now() AS started FROM ec_report');
  const saveable = await saveableRecords(cluster.ports.http, analyst, seeded);
  const rec = new Recorder(true);
  const plan = workload(seeded, saveable);
  const counter = { n: 0 };
  let uploaded = 0;
  const started = performance.now();
  const until = started + SECONDS * 1000;
  const uploaders = seeded.sessions.filter((s) => s.analyst).slice(0, ANALYSTS);
  const load = Promise.all([
    ...seeded.sessions.map((s) => runUser(cluster.ports.http, s, until, plan, rec, counter, THINK_MS)),
    ...uploaders.map((s) => runUploads(cluster.ports.http, s, seeded.clientId, saveable, until, rec, UPLOAD_EVERY_MS, (rows) => (uploaded += rows))),
  ]);
  const faults: Fault[] = [];
  const at = async (fraction: number) => sleep(Math.max(0, started + SECONDS * 1000 * fraction - performance.now()));
  const restart = async (role: 'api1' | 'worker1') => {
    await sleep(RESTART_AFTER_MS);
    restarted.set(role, startPortalProcess(layout, secrets, role).pid!);
  };
  await at(0.2);
  faults.push({ name: 'kill -9 API process (api1)', at: performance.now() });
  kill(cluster, 'api1', restarted);
  await restart('api1');
  await waitFor('api1 back', 120_000, () => answers200(`http://127.0.0.1:${cluster.ports.api}/api/ready`));
  await at(0.4);
  faults.push({ name: 'kill -9 worker (worker1)', at: performance.now() });
  kill(cluster, 'worker1', restarted);
  await restart('worker1');
  await at(0.6);
  faults.push({ name: 'failover (primary stopped, standby promoted)', at: performance.now() });
  const promoted = await cluster.command('failover');
  if (promoted.code !== 0) throw new Error(`failover failed: ${promoted.output}`);
  await load;
  const ended = performance.now();

  // Every job queued since the soak began: completed, or still somewhere after JOBS_SETTLE_MS.
  const jobStates = async () =>
    (await db.query<{ state: string; n: number; retried: number }>("SELECT state, count(*)::int AS n, count(*) FILTER (WHERE retry_count > 0)::int AS retried FROM pgboss.job WHERE created_on >= $1 AND name NOT LIKE '\\_\\_%' GROUP BY state", [before.rows[0]!.started])).rows;
  const settleUntil = Date.now() + JOBS_SETTLE_MS;
  while ((await jobStates()).some((s) => s.state !== 'completed') && Date.now() < settleUntil) await sleep(2_000);
  const jobs = await jobStates();
  const reports = await db.query<{ reports: number; empty: number; rows: number; duplicates: number }>(
    `SELECT count(*)::int AS reports, count(*) FILTER (WHERE n = 0)::int AS empty, sum(n)::int AS rows, sum(n - keys)::int AS duplicates
       FROM (SELECT r.report_id, count(e.ec_id) AS n, count(DISTINCT e.url_key) AS keys
               FROM ec_report r LEFT JOIN ec_record e ON e.report_id = r.report_id WHERE r.report_id > $1 AND r.client_id = $2 GROUP BY r.report_id) per_report`,
    [before.rows[0]!.report, seeded.clientId],
  );
  // HAProxy's view: when it took an API process out and back (its log says why).
  const balancer = fs.readFileSync(`${cluster.dir}/logs/haproxy.log`, 'utf8').split('\n').filter((l) => / is (DOWN|UP)/.test(l));
  await db.end();
  const figures = faultFigures(rec, faults, ended);
  const all = rec.timeline.map((r) => r.end - r.start);
  const summary = {
    benchmark: 'soak with faults: a cluster (2 API processes behind HAProxy, 2 workers, PgBouncer, primary + standby)',
    sessions: SESSIONS,
    records: ROWS,
    seconds: SECONDS,
    thinkMs: THINK_MS,
    requests: rec.total,
    failedBeforeFirstFault: rec.timeline.filter((r) => r.end < faults[0]!.at && !r.ok).length,
    latency: percentiles(all),
    faults: figures,
    jobs: Object.fromEntries(jobs.map((s) => [s.state, s.n])),
    jobsRetried: jobs.reduce((a, s) => a + s.retried, 0),
    uploads: { rowsAnsweredOk: uploaded, ...reports.rows[0] },
    throughput: { haproxyTwoProcesses: haproxy, oneProcessDirect: direct, ratio: Number((haproxy / direct).toFixed(2)) },
  };
  console.table(figures);
  console.log(balancer.join('\n'));
  console.log(JSON.stringify(summary));
} finally {
  agent.destroy();
  // The processes restarted here are this process's children, not the cluster's: stopped before the databases.
  for (const pid of restarted.values()) signalGroup(pid, 'SIGTERM');
  await waitFor('the restarted processes to stop', 15_000, () => ![...restarted.values()].some(alive)).catch(() => undefined);
  await cluster.stop();
}
