import { serveMetrics } from './platform/metrics.js';
import { currentRequestId, requestIdFrom, runWithRequestId } from './platform/request-context.js';
import fs from 'node:fs';
import path from 'node:path';
import cookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { registerAccountCalls } from './areas/accounts/calls.js';
import { registerApiKeyCalls } from './areas/api-keys/calls.js';
import { registerWebhookCalls } from './areas/webhooks/calls.js';
import { registerCategoryCalls } from './areas/categories/calls.js';
import { registerClientCalls } from './areas/clients/calls.js';
import { registerClientSettingCalls } from './areas/client-settings/calls.js';
import { registerNoticeCalls } from './areas/notices/calls.js';
import { registerSiteCalls } from './areas/sites/calls.js';
import { registerCrawlerTaskCalls } from './areas/crawler-tasks/calls.js';
import { registerWatchCalls } from './areas/watches/calls.js';
import { registerDomainWatchCalls } from './areas/domain-watch/calls.js';
import { registerAlertCalls } from './areas/alerts/calls.js';
import { CrawlerQueue } from './areas/crawler-tasks/queue.js';
import { registerTestPurchaseCalls } from './areas/test-purchases/calls.js';
import { registerDashboardCalls } from './areas/dashboards/calls.js';
import { registerTrademarkCalls } from './areas/trademarks/calls.js';
import { registerServiceRequestCalls } from './areas/service-requests/calls.js';
import { registerEcReportCalls } from './kinds/ec/report-calls.js';
import { registerEcRecordCalls } from './kinds/ec/calls.js';
import { EC_KIND } from './kinds/ec/kind.js';
import { WS_KIND } from './kinds/ws/kind.js';
import { SNS_KIND } from './kinds/sns/kind.js';
import type { AnyRecordKind } from './records/core/kind.js';
import { registerRecordKind, registerRecordPictures } from './records/register.js';
import { registerSessionCalls } from './areas/session/calls.js';
import { registerEvidenceCalls } from './areas/evidence/calls.js';
import { registerTakedownCalls } from './areas/takedown/calls.js';
import { registerTakedownRecheckCalls } from './areas/takedown-recheck/calls.js';
import { registerTakedownAcceptanceCalls } from './areas/takedown-acceptance/calls.js';
import { registerTriageSignalCalls } from './areas/triage-signals/calls.js';
import { registerTriageCalls } from './areas/triage/calls.js';
import { createRegistry, type RegisteredCall, type RegisteredDownload } from './platform/call.js';
import type { Config } from './platform/config.js';
import type { Services } from './platform/context.js';
import { ACQUIRE_TIMEOUT_MS, migrate, openDatabase, type DatabaseHandle } from './platform/db.js';
import pg from 'pg';
import { AppError } from './platform/errors.js';
import { installErrorHandling, mountCalls, mountDownloads, sendError } from './platform/http.js';
import multipart from '@fastify/multipart';
import { createMailer } from './platform/mail.js';
import { openApiDocument, serveOpenApi, type OpenApiOptions } from './platform/openapi.js';
import { loadSecretsKey, secretBox } from './platform/secrets.js';
import { dropAbandonedImports } from './records/upload/import-queries.js';
import { serveHealth } from './platform/health.js';
import { ReadReplica, STANDBY_CONNECT_TIMEOUT_MS, STANDBY_POOL_SIZE } from './platform/replica.js';
import { closeConnectionsWhenDraining } from './platform/drain.js';
import { closeOcr } from './records/pictures/ocr.js';
import { installSecurityHeaders } from './platform/security-headers.js';
import { InvalidationBus, TtlCache } from './platform/cache.js';
import { Queues } from './platform/queues.js';
import { queueRegistry } from './queues.js';
import { subscribeSessionCache } from './platform/auth.js';
import { subscribeNoticeCache } from './areas/notices/service.js';
import { analyzeOnStart } from './records/search/changes.js';

/** Every area's calls, in one list, and the record kinds they were registered from; the guard tests walk them. */
export function registerAll(): { calls: RegisteredCall[]; downloads: RegisteredDownload[]; kinds: AnyRecordKind[] } {
  const registry = createRegistry();
  registerSessionCalls(registry.call);
  registerApiKeyCalls(registry.call);
  registerWebhookCalls(registry.call);
  registerNoticeCalls(registry.call);
  registerAccountCalls(registry.call);
  registerClientCalls(registry.call);
  registerClientSettingCalls(registry.call, registry.download);
  registerCategoryCalls(registry.call);
  registerTestPurchaseCalls(registry.call);
  registerDashboardCalls(registry.call);
  registerSiteCalls(registry.call);
  registerCrawlerTaskCalls(registry.call, registry.download);
  registerWatchCalls(registry.call);
  registerDomainWatchCalls(registry.call, registry.download);
  registerAlertCalls(registry.call);
  registerTrademarkCalls(registry.call, registry.download);
  registerServiceRequestCalls(registry.call, registry.download);
  // Every record kind's shared calls from its description, then the calls only EC has.
  const kinds = { call: registry.schemaCall, download: registry.schemaDownload, kinds: [] };
  registerRecordKind(kinds, EC_KIND);
  registerRecordKind(kinds, WS_KIND);
  registerRecordKind(kinds, SNS_KIND);
  registerEcReportCalls(registry.call);
  registerEcRecordCalls(registry.call, registry.download);
  registerEvidenceCalls(registry.call, registry.download);
  registerTakedownCalls(registry.call, registry.download);
  registerRecordPictures(registry.download);
  registerTakedownRecheckCalls(registry.call);
  registerTakedownAcceptanceCalls(registry.call);
  registerTriageSignalCalls(registry.call);
  registerTriageCalls(registry.call);
  return { calls: registry.list, downloads: registry.downloads, kinds: kinds.kinds };
}

/**
 * The API document (OpenAPI 3.1) of every call and download, built from the registry without starting a portal:
 * what GET /api/openapi.json answers, and what the typed client (packages/api-client) is generated from.
 */
export function apiDocument(opts: OpenApiOptions = {}): ReturnType<typeof openApiDocument> {
  const { calls, downloads } = registerAll();
  return openApiDocument(calls, downloads, opts);
}

export interface Portal {
  app: FastifyInstance;
  services: Services;
  database: DatabaseHandle;
  calls: RegisteredCall[];
  close(): Promise<void>;
}

export interface BuildOptions {
  config: Config;
  /** An already opened database (tests open one per run); otherwise opened from the config. */
  database?: DatabaseHandle;
  clock?: () => Date;
  /** Start the job workers and daily schedules (main does; API tests drive job functions directly). */
  jobs?: boolean;
  /** With jobs: run the crawler's worker in this process too (default: unless CRAWLER_WORKER=0). */
  crawlerWorker?: boolean;
  /** How long cached sessions and counts live (the benchmark sets 0 to measure the uncached path). */
  cacheTtlMs?: number;
  /** Where log lines go (default stdout); tests read them. */
  logStream?: NodeJS.WritableStream;
}

/**
 * Cached sessions and counts are dropped on every change through the invalidation bus; the TTL only bounds
 * how long a missed notification could matter (the listener clears everything when it reconnects anyway).
 */
const CACHE_TTL_MS = 5 * 60_000;

export { dailyJobs } from './queues.js';

export async function buildPortal(opts: BuildOptions): Promise<Portal> {
  const { config } = opts;
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie'],
            // The request id on every line written while a request or the job it queued is worked (request-context.ts);
            // a request's own logger has it already.
            mixin: (_line: object, _level: number, logger: { bindings(): Record<string, unknown> }) => {
              const requestId = currentRequestId();
              return requestId && !('requestId' in logger.bindings()) ? { requestId } : {};
            },
            ...(opts.logStream ? { stream: opts.logStream } : {}),
          },
    genReqId: (req) => requestIdFrom(req.headers['x-request-id']),
    requestIdLogLabel: 'requestId',
    disableRequestLogging: true,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  });
  const database = opts.database ?? (await openDatabase({ url: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') }));
  await migrate(database.db);
  // Uploads a crashed process left half-imported (invisible) go; the embedded database has no other process.
  await dropAbandonedImports(database.db, database.kind === 'pglite' ? 0 : undefined);
  database.pool.on('error', (err) => app.log.warn({ err }, 'an idle database connection failed'));

  const queues = new Queues(app.log);
  const crawlerQueue = new CrawlerQueue(database.db, queues);
  const services: Services = {
    crawler: crawlerQueue,
    db: database.db,
    dbKind: database.kind,
    config,
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: app.log }),
    clock: opts.clock ?? (() => new Date()),
    log: app.log,
    bus: new InvalidationBus(database.kind === 'postgres'),
    secrets: secretBox(loadSecretsKey(config.secretsKey, config.dataDir)),
    sessions: new TtlCache(opts.cacheTtlMs ?? CACHE_TTL_MS),
    unviewedCounts: new TtlCache(opts.cacheTtlMs ?? CACHE_TTL_MS),
    queues,
  };
  // The standby of DATABASE_READ_URL (PostgreSQL only): a small pool of its own, connected on first use, so a
  // standby that is down delays no start (its calls go to the primary).
  if (config.databaseReadUrl && database.kind === 'postgres') {
    const standby = await openDatabase({ url: config.databaseReadUrl, poolSize: STANDBY_POOL_SIZE, acquireTimeoutMs: STANDBY_CONNECT_TIMEOUT_MS });
    standby.pool.on('error', (err) => app.log.warn({ err }, 'an idle standby connection failed'));
    services.replica = new ReadReplica(standby, services, config.databaseReadMaxLagSeconds);
  }
  // PGlite has no autovacuum: the planner's statistics are renewed on start and after bulk record changes.
  if (database.kind === 'pglite') await analyzeOnStart(services);
  subscribeSessionCache(services);
  subscribeNoticeCache(services);
  const stopListening = database.kind === 'postgres' ? await listenForOthers(services, database.pool, config.databaseListenUrl) : async () => undefined;

  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    runWithRequestId(req.id, done);
  });
  serveMetrics(app, { db: database.db, pool: database.pool, config });
  await app.register(cookie);
  installErrorHandling(app);
  installSecurityHeaders(app);
  closeConnectionsWhenDraining(app);
  await app.register(multipart);
  const { calls, downloads } = registerAll();
  mountCalls(app, services, calls);
  mountDownloads(app, services, downloads);
  serveOpenApi(app, calls, downloads, { publicUrl: config.publicUrl });
  serveHealth(app, database.db);
  serveWebApp(app, config.webDist);
  const crawlerWorker = opts.crawlerWorker ?? process.env.CRAWLER_WORKER !== '0';
  // The one job system of the process (platform/queues.ts): every queue of the registry, or none (jobs off).
  if (opts.jobs) {
    // The configuration's allowed origins (the demo market's among them when demo data is on), not the raw environment.
    const env = { ...process.env, CRAWLER_ALLOW_ORIGINS: config.crawler.allowOrigins.join(',') };
    await queues.start(database.pool, queueRegistry(services, crawlerQueue, { crawlerWorker, env }));
  }

  return {
    app,
    services,
    database,
    calls,
    /**
     * Stops taking connections and answers the requests in flight while the job workers finish or hand their jobs
     * back (both need the database), then closes the database. main bounds the whole at 10 s.
     */
    async close() {
      await Promise.all([app.close(), queues.stop()]);
      // The pictures job's text reader (a worker thread), once no job can ask it anything.
      await closeOcr();
      await stopListening();
      services.mailer.close();
      await services.replica?.close();
      if (!opts.database) await database.close();
    },
  };
}

/**
 * Other replicas' cache invalidations. Through PgBouncer in transaction mode a LISTEN would hold for one statement
 * only (the server connection goes back to PgBouncer's pool, and its notifications to whoever gets it next), so
 * DATABASE_LISTEN_URL names a session-mode connection (the primary itself, or a PgBouncer entry in session mode, which
 * follows a failover): a pool of one, for the listener alone.
 */
async function listenForOthers(services: Services, pool: pg.Pool, listenUrl: string | undefined): Promise<() => Promise<void>> {
  const own = listenUrl ? new pg.Pool({ connectionString: listenUrl, max: 1, connectionTimeoutMillis: ACQUIRE_TIMEOUT_MS }) : undefined;
  own?.on('error', () => undefined);
  const stop = await services.bus.listen(own ?? pool, (err) => services.log.error({ err }, 'cache invalidation listener failed')).catch(async (err: unknown) => {
    await own?.end();
    throw err;
  });
  return async () => {
    await stop();
    await own?.end();
  };
}

/**
 * The built web app at /: files from webDist (hashed assets cached for good), index.html for every client-side route.
 * A missing file (a path with an extension) and any unknown /api path answer 404, never index.html.
 * The build writes a brotli (`.br`) and a gzip (`.gz`) copy beside every text file worth compressing
 * (packages/web/scripts/precompress.mjs): the copy the request's Accept-Encoding prefers is sent as it is, with its
 * Content-Encoding, and every file says that its answer depends on Accept-Encoding (shared caches keep one copy per
 * encoding). Nothing is compressed while answering.
 */
function serveWebApp(app: FastifyInstance, webDist: string): void {
  void app.register(fastifyStatic, {
    root: webDist,
    index: false,
    cacheControl: false,
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      res.setHeader('vary', 'Accept-Encoding');
    },
  });
  const indexPage = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
  app.get('/', (_req, reply) => (fs.existsSync(path.join(webDist, 'index.html')) ? indexPage(reply) : sendError(reply, new AppError('notFound'))));
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0] ?? '';
    const isPage = (req.method === 'GET' || req.method === 'HEAD') && !pathname.startsWith('/api') && !path.extname(pathname);
    if (!isPage || !fs.existsSync(path.join(webDist, 'index.html'))) return sendError(reply, new AppError('notFound'));
    return indexPage(reply);
  });
}
