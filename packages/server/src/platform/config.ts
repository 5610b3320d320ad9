import os from 'node:os';
import path from 'node:path';

/** Every setting the server reads, in one place (the README documents each). */
export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; when absent the embedded PGlite under dataDir is used. */
  databaseUrl: string | undefined;
  /**
   * A direct connection to the primary for LISTEN (DATABASE_LISTEN_URL), when DATABASE_URL goes through a pooler in
   * transaction mode (PgBouncer), which cannot keep a listening session. Unset: a connection of DATABASE_URL's pool.
   */
  databaseListenUrl: string | undefined;
  /**
   * A streaming standby of the primary (DATABASE_READ_URL) that the calls marked `replica` read from when the caller's
   * own writes are there (platform/replica.ts); unset, or on PGlite: every call on the primary, as before.
   */
  databaseReadUrl: string | undefined;
  /** The standby is skipped while its replay is this far behind (DATABASE_READ_MAX_LAG_SECONDS, default 30). */
  databaseReadMaxLagSeconds: number;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminMail: string | undefined;
  adminPassword: string | undefined;
  demo: boolean;
  logLevel: string;
  /** Where the built web app lives; served at / when it exists. */
  webDist: string;
  /** Trust X-Forwarded-For from a load balancer (needed for per-IP throttles behind one). */
  trustProxy: boolean;
  /** The bearer token `GET /metrics` asks for (METRICS_TOKEN); unset: the endpoint is off. */
  metricsToken: string | undefined;
  /** Check every answer against its contract schema (on in tests: a presenter that drifts fails loudly). */
  checkAnswers: boolean;
  /** The portal's public address (e.g. https://portal.example.com): absolute links in notices must be on it. */
  publicUrl: string | undefined;
  /** 32 bytes, base64: seals site account secrets. Unset: a key generated once in DATA_DIR/secrets.key. */
  secretsKey: string | undefined;
  /** Where trademark registration requests are mailed (the provider's desk); unset: every administrator. */
  requestMailTo: string | undefined;
  /** Spreadsheet uploads read and checked at once (each in a worker thread); later ones wait their turn. */
  uploadWorkers: number;
  /** Evidence captures (capture.ts): Debian's Chromium, how many browsers, and the limits a hostile page meets. */
  capture: { chromiumPath: string; browsers: number; timeoutMs: number; maxBytes: number; allowPrivate: boolean; allowOrigins: string[] };
  /** The crawler's exceptions to the private-address rule: exact origins (CRAWLER_ALLOW_ORIGINS; the demo market's). */
  crawler: { allowOrigins: string[] };
  /**
   * Webhook deliveries (areas/webhooks): the first retry's wait (doubling after each failure), how long a delivery
   * is retried and an endpoint may fail before it is disabled (a day), and the time a receiver has to answer.
   */
  webhooks: { firstRetryMs: number; giveUpMs: number; timeoutMs: number };
  /** With demo data: the port of the demo's fixture marketplace on 127.0.0.1 (0: any free port). */
  demoMarketPort: number;
  /** Exchange rates in use older than this many days are flagged (the dashboard and the rates screen warn). */
  exchangeRateMaxAgeDays: number;
  /**
   * Domain watch runs: DNS_SERVERS as given (checked by the resolver), the queries a second they are sent
   * (DNS_QUERIES_PER_SECOND; the demo's own zone takes more), the cap on permutations per run; the pages of live
   * look-alikes: the port plain http is fetched on, whether private addresses may be, pages inspected per run.
   */
  domainWatch: { dnsServers: string | undefined; dnsPerSecond: number; maxPermutations: number; httpPort: number | undefined; allowPrivate: boolean; maxPages: number };
  /** Look-alikes' registration facts: RDAP and WHOIS servers as given (checked by registration.ts), and how many one run asks. */
  domainRegistration: { rdapServers: string | undefined; rdapBootstrapUrl: string | undefined; whoisServers: string | undefined; maxPerRun: number };
}

/** The portal needs Node.js 24 (engines); npm's scripts put it on the PATH (scripts/node24.sh) where the machine's is older. */
export const NODE_MAJOR = 24;

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  if (Number(process.versions.node.split('.')[0]) < NODE_MAJOR) {
    throw new Error(`Node.js ${NODE_MAJOR} or later is needed (this is ${process.version}): start the portal through npm (npm start, npm run serve, npm run worker, npm run backup), which runs it on Node ${NODE_MAJOR}`);
  }
  const root = path.resolve(import.meta.dirname, '../../../..');
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL || undefined,
    databaseListenUrl: env.DATABASE_LISTEN_URL || undefined,
    databaseReadUrl: env.DATABASE_READ_URL || undefined,
    databaseReadMaxLagSeconds: Math.max(1, Number(env.DATABASE_READ_MAX_LAG_SECONDS) || 30),
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Brand Protection Portal <no-reply@portal.local>',
    adminMail: env.ADMIN_MAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    demo: env.DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'packages/web/dist')),
    trustProxy: env.TRUST_PROXY === '1',
    metricsToken: env.METRICS_TOKEN || undefined,
    checkAnswers: env.CHECK_ANSWERS === "1",
    publicUrl: env.PUBLIC_URL || undefined,
    secretsKey: env.SECRETS_KEY || undefined,
    requestMailTo: env.REQUEST_MAIL_TO || undefined,
    // One core is left to the server's event loop (and the database beside it).
    uploadWorkers: Math.max(1, Number(env.UPLOAD_WORKERS) || os.availableParallelism() - 1),
    capture: {
      chromiumPath: env.CHROMIUM_PATH || '/usr/bin/chromium',
      browsers: Math.min(4, Math.max(1, Number(env.CAPTURE_BROWSERS) || 1)),
      timeoutMs: Math.max(1_000, Number(env.CAPTURE_TIMEOUT_MS) || 30_000),
      maxBytes: Math.max(100_000, Number(env.CAPTURE_MAX_BYTES) || 25 * 1024 * 1024),
      // Private and loopback addresses are refused unless allowed explicitly (tests with local fixture pages).
      allowPrivate: env.CRAWLER_ALLOW_PRIVATE === '1',
      // Or only these exact origins (comma-separated, e.g. http://127.0.0.1:4100): what tests allow.
      allowOrigins: (env.CAPTURE_ALLOW_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    },
    crawler: { allowOrigins: (env.CRAWLER_ALLOW_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean) },
    webhooks: {
      firstRetryMs: Math.max(1, Number(env.WEBHOOK_FIRST_RETRY_SECONDS) || 30) * 1000,
      giveUpMs: Math.max(0.001, Number(env.WEBHOOK_GIVE_UP_HOURS) || 24) * 3_600_000,
      timeoutMs: Math.max(1, Number(env.WEBHOOK_TIMEOUT_SECONDS) || 10) * 1000,
    },
    demoMarketPort: Math.max(0, Number(env.DEMO_MARKET_PORT) || 0),
    exchangeRateMaxAgeDays: Math.max(1, Math.floor(Number(env.EXCHANGE_RATE_MAX_AGE_DAYS)) || 30),
    domainWatch: {
      dnsServers: env.DNS_SERVERS || undefined,
      dnsPerSecond: Math.max(1, Math.floor(Number(env.DNS_QUERIES_PER_SECOND)) || 200),
      // rakuten.co.jp alone makes about 6,700 with every fuzzer; at 200 queries a second, 4 types each, ~3 minutes.
      maxPermutations: Math.max(1, Math.floor(Number(env.DOMAIN_WATCH_MAX_PERMUTATIONS)) || 20_000),
      // Unset: 80. Tests and the demo serve their look-alike sites on a free port of 127.0.0.1.
      httpPort: Number(env.DOMAIN_WATCH_HTTP_PORT) > 0 ? Math.floor(Number(env.DOMAIN_WATCH_HTTP_PORT)) : undefined,
      allowPrivate: env.DOMAIN_WATCH_ALLOW_PRIVATE === '1',
      // A page is a fetch, a few pictures and a screenshot (a few seconds each): 200 is about ten minutes on one browser.
      maxPages: Number.isFinite(Number(env.DOMAIN_WATCH_MAX_PAGES || 'x')) ? Math.max(0, Math.floor(Number(env.DOMAIN_WATCH_MAX_PAGES))) : 200,
    },
    domainRegistration: {
      rdapServers: env.RDAP_SERVERS || undefined,
      rdapBootstrapUrl: env.RDAP_BOOTSTRAP_URL || undefined,
      whoisServers: env.WHOIS_SERVERS || undefined,
      // At the registries' pace (2 a second) 100 take about a minute; 0 asks none.
      maxPerRun: Number.isFinite(Number(env.DOMAIN_WATCH_MAX_REGISTRATIONS)) && env.DOMAIN_WATCH_MAX_REGISTRATIONS ? Math.max(0, Math.floor(Number(env.DOMAIN_WATCH_MAX_REGISTRATIONS))) : 100,
    },
  };
}
