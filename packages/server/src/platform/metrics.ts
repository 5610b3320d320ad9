import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Db } from './db.js';
import type pg from 'pg';
import { queueBacklog } from './metrics-queries.js';

/**
 * Prometheus metrics of the process (issue 33 point 4) at `GET /metrics`, in the text format: request rate and
 * latency per call (labelled by the route's pattern, never by the raw address, so the labels stay few), the job
 * queues' depth and oldest job's age (read from pg-boss's table at each scrape: the same for every process on the
 * database), the database pool, and the rows imported and pages crawled. One registry per process, as Prometheus
 * scrapes processes; several portals built in one test process share it, so tests read differences.
 *
 * The endpoint answers only with `Authorization: Bearer <METRICS_TOKEN>`; without METRICS_TOKEN it is off (404):
 * queue names and call rates are for the operator, not the public.
 */
export const metricsRegistry = new Registry();

const requests = new Counter({
  name: 'portal_http_requests_total',
  help: 'HTTP requests answered, by route pattern, method and status code.',
  labelNames: ['route', 'method', 'status'] as const,
  registers: [metricsRegistry],
});
const latency = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'Time to answer an HTTP request, by route pattern.',
  labelNames: ['route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.2, 0.3, 0.5, 1, 2.5, 5, 10],
  registers: [metricsRegistry],
});
const queueDepth = new Gauge({
  name: 'portal_queue_jobs',
  help: 'Jobs waiting or being worked, by queue and pg-boss state (created, retry, active).',
  labelNames: ['queue', 'state'] as const,
  registers: [metricsRegistry],
});
const queueAge = new Gauge({
  name: 'portal_queue_oldest_job_age_seconds',
  help: 'Age of the oldest job not yet finished, by queue.',
  labelNames: ['queue'] as const,
  registers: [metricsRegistry],
});
const pool = new Gauge({
  name: 'portal_db_pool_connections',
  help: 'Database pool connections of this process: total, idle, and callers waiting for one.',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
});
/** Rows of record spreadsheets imported, by record kind (records/upload counts them when a report is committed). */
export const importedRows = new Counter({
  name: 'portal_upload_rows_total',
  help: 'Record rows imported from uploaded spreadsheets, by kind.',
  labelNames: ['kind'] as const,
  registers: [metricsRegistry],
});
/** Pages the crawler fetched, by outcome (ok, failed). */
export const crawledPages = new Counter({
  name: 'portal_crawler_pages_total',
  help: 'Pages fetched by the crawler, by outcome.',
  labelNames: ['outcome'] as const,
  registers: [metricsRegistry],
});

/**
 * Where the calls that may read on the standby (DATABASE_READ_URL, replica.ts) went: `standby`, or the primary
 * because the standby had not replayed the caller's last write (`behind`), was further behind than the lag guard
 * allows (`lagging`), failed or could not be reached (`down`), or cancelled the read for replay (`conflict`).
 */
export type ReplicaTarget = 'standby' | 'behind' | 'lagging' | 'down' | 'conflict';
export const replicaReads = new Counter<'target'>({
  name: 'portal_replica_reads_total',
  help: 'Calls that may read on the standby, by where they went: standby, or primary because behind, lagging, down or conflict.',
  labelNames: ['target'] as const,
  registers: [metricsRegistry],
});

const started = Symbol('metrics start');
type Timed = FastifyRequest & { [started]?: bigint };

/** The label of a request: its route's pattern; the web app's pages and missing paths as one label each. */
function routeOf(req: FastifyRequest): string {
  const pattern = req.routeOptions.url;
  if (!pattern) return 'unmatched';
  return pattern.startsWith('/api') || pattern === '/metrics' ? pattern : 'web';
}

export function serveMetrics(app: FastifyInstance, sources: { db: Db; pool: pg.Pool; config: { metricsToken: string | undefined } }): void {
  app.addHook('onRequest', (req: Timed, _reply, done) => {
    req[started] = process.hrtime.bigint();
    done();
  });
  app.addHook('onResponse', (req: Timed, reply, done) => {
    const route = routeOf(req);
    requests.inc({ route, method: req.method, status: String(reply.statusCode) });
    if (req[started] !== undefined) latency.observe({ route }, Number(process.hrtime.bigint() - req[started]) / 1e9);
    done();
  });
  app.get('/metrics', async (req, reply: FastifyReply) => {
    const token = sources.config.metricsToken;
    if (!token) return reply.status(404).send();
    if (req.headers.authorization !== `Bearer ${token}`) return reply.status(401).header('www-authenticate', 'Bearer').send();
    await readGauges(sources);
    return reply.header('cache-control', 'no-store').type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });
}

async function readGauges(sources: { db: Db; pool: pg.Pool }): Promise<void> {
  pool.set({ state: 'total' }, sources.pool.totalCount);
  pool.set({ state: 'idle' }, sources.pool.idleCount);
  pool.set({ state: 'waiting' }, sources.pool.waitingCount);
  queueDepth.reset();
  queueAge.reset();
  const oldest = new Map<string, number>();
  for (const row of await queueBacklog(sources.db)) {
    queueDepth.set({ queue: row.name, state: row.state }, row.jobs);
    oldest.set(row.name, Math.max(oldest.get(row.name) ?? 0, row.oldestSeconds));
  }
  for (const [queue, seconds] of oldest) queueAge.set({ queue }, seconds);
}
