import { randomBytes } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { Role, type CallPath, type Locale } from '@portal/contract';
import { buildPortal, type Portal } from '../app.js';
import { createSession } from '../platform/auth.js';
import { readConfig } from '../platform/config.js';
import type { DatabaseHandle } from '../platform/db.js';
import { hashPassword } from '../platform/passwords.js';
import { openTestDatabase } from './database.js';
import { TestMailbox } from './mailbox.js';

export { TestMailbox } from './mailbox.js';
export { TEST_DB } from './database.js';
/** The upload's own .xlsx reader, for benchmarks that compare against a plain parse of the same file. */
export { openXlsxFile } from '../records/sheets/xlsx-reader.js';
/** Zip bombs (1 GB of blanks: lying, honest, or under the ratio limit), for the upload isolation benchmark. */
export { blankSheetUnderRatio, zipBombSheet } from '../kinds/ec/zip-fixtures.js';
/** What the load benchmark seeds a server's database with before it starts the server in a process of its own. */
export { openDatabase, migrate, DEFAULT_POOL_SIZE, type Db } from '../platform/db.js';
export { createSession } from '../platform/auth.js';
export { hashPassword } from '../platform/passwords.js';
export { xlsxOf, listing, HEADER_EN } from '../kinds/ec/report-fixtures.js';
/** The demo data `npm start` seeds, for benchmarks that look at the pages a newcomer sees. */
export { seedDemo } from '../demo/seed.js';
/** The web app's route table and the demo's addresses for its routes, for the browser walks over every route. */
export { readRouteTable, demoAddresses, type TableRoute } from './route-table.js';

export interface TestPortal {
  readonly portal: Portal;
  mailbox: TestMailbox;
  /** Moves the portal's clock (codes, sessions and reminders read it). */
  clock: { now: Date; advance(ms: number): void };
  /** The log lines the portal wrote, parsed (only when started with a logLevel). */
  logs: Record<string, unknown>[];
  /** POSTs a call through the real HTTP stack (Fastify inject). */
  post(path: CallPath | string, body?: unknown, opts?: PostOptions): Promise<{ status: number; body: Envelope }>;
  /** POSTs a multipart upload: text fields first, then the file (if any) as the part named `file`. */
  upload(path: CallPath | string, fields: Record<string, string | number>, file: TestFile | TestFile[] | null, opts?: PostOptions): Promise<{ status: number; body: Envelope }>;
  /** GETs a download; the token goes in the header, or as the session cookie with `cookie: true`. */
  get(url: string, opts?: { token?: string; cookie?: boolean }): Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer }>;
  /** Stops the portal and starts it again on the same database, as a restart of the process would. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

export interface PostOptions {
  token?: string;
  locale?: Locale;
  ip?: string;
  headers?: Record<string, string>;
  /** Sent as is instead of JSON-encoding `body`. */
  raw?: string;
}

export interface TestFile {
  name: string;
  bytes: Buffer;
  contentType?: string;
}

/** Where the test portal mails trademark registration requests (REQUEST_MAIL_TO). */
export const TEST_REQUEST_DESK = 'ip-desk@test.example';

/** A multipart/form-data body built by hand, so tests control every byte (and can send what a browser would not). */
export function multipartBody(fields: Record<string, string | number>, files: TestFile[]): { boundary: string; payload: Buffer } {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${f.name}"\r\nContent-Type: ${f.contentType ?? 'application/octet-stream'}\r\n\r\n`));
    chunks.push(f.bytes, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { boundary, payload: Buffer.concat(chunks) };
}

export interface Envelope {
  code: number;
  message: string;
  data: Record<string, unknown> | null;
}

/** A portal on its own database and its own SMTP server, with a clock the test controls. */
/**
 * `crawlerAllowOrigins`: fixture sites on 127.0.0.1 the portal's own page fetches may visit (CRAWLER_ALLOW_ORIGINS).
 * `poolSize`: PostgreSQL connections (tests: 5; a benchmark: the servers' DEFAULT_POOL_SIZE).
 * `metricsToken`: turns `GET /metrics` on with this bearer token (METRICS_TOKEN).
 * `dnsServers`: the resolvers domain watch runs ask (DNS_SERVERS), e.g. a test's own zone (startDnsZone).
 * `server`: the PostgreSQL server the test database is made on (a test's own primary; default TEST_DATABASE_URL's).
 * `readVia`: DATABASE_READ_URL from the database's direct URL (the same database on a standby), with
 * `readMaxLagSeconds` as DATABASE_READ_MAX_LAG_SECONDS.
 */
export async function startTestPortal(
  opts: { checkAnswers?: boolean; cacheTtlMs?: number; logLevel?: string; jobs?: boolean; crawlerAllowOrigins?: string[]; poolSize?: number; metricsToken?: string; dnsServers?: string; databaseVia?: (url: string) => string; server?: string; readVia?: (url: string) => string; readMaxLagSeconds?: number; database?: DatabaseHandle & { url?: string } } = {},
): Promise<TestPortal> {
  const mailbox = await new TestMailbox().start();
  // `database`: one the test prepared itself (closed with the portal).
  const database = opts.database ?? (await openTestDatabase({ ...(opts.poolSize !== undefined && { poolSize: opts.poolSize }), ...(opts.databaseVia && { via: opts.databaseVia }), ...(opts.server && { server: opts.server }) }));
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
  };
  // Tests that check what is logged start the portal with a level and read the lines it wrote.
  const logs: Record<string, unknown>[] = [];
  const logStream = new PassThrough();
  logStream.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) logs.push(JSON.parse(line) as Record<string, unknown>);
  });
  // Domain watch runs ask no registry (IANA's RDAP and WHOIS) unless a test points them at its own servers.
  const base = readConfig({});
  const config = { ...base, domainRegistration: { ...base.domainRegistration, maxPerRun: 0 }, smtpUrl: mailbox.url, logLevel: opts.logLevel ?? process.env.TEST_LOG ?? 'silent', checkAnswers: opts.checkAnswers ?? true, demo: false, secretsKey: randomBytes(32).toString('base64'), requestMailTo: TEST_REQUEST_DESK, crawler: { allowOrigins: opts.crawlerAllowOrigins ?? [] }, metricsToken: opts.metricsToken };
  // Through a pooler (databaseVia) the invalidation listener connects directly, as DATABASE_LISTEN_URL says.
  if (opts.databaseVia) config.databaseListenUrl = database.url;
  if (opts.readVia && database.url) config.databaseReadUrl = opts.readVia(database.url);
  if (opts.readMaxLagSeconds) config.databaseReadMaxLagSeconds = opts.readMaxLagSeconds;
  if (opts.dnsServers) config.domainWatch = { ...config.domainWatch, dnsServers: opts.dnsServers };
  const build = () => buildPortal({ config, database, clock: () => clock.now, cacheTtlMs: opts.cacheTtlMs, jobs: opts.jobs ?? false, ...(opts.logLevel ? { logStream } : {}) });
  let portal = await build();
  return {
    get portal() {
      return portal;
    },
    async restart() {
      await portal.close();
      portal = await build();
    },
    mailbox,
    clock,
    logs,
    async post(path, body = {}, opts = {}) {
      const headers: Record<string, string> = { 'content-type': 'application/json', ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.locale) headers['accept-language'] = opts.locale;
      const res = await portal.app.inject({
        method: 'POST',
        url: path,
        headers,
        payload: opts.raw ?? JSON.stringify(body),
        remoteAddress: opts.ip ?? '127.0.0.1',
      });
      return { status: res.statusCode, body: res.json<Envelope>() };
    },
    async upload(path, fields, file, opts = {}) {
      const files = file === null ? [] : Array.isArray(file) ? file : [file];
      const { boundary, payload } = multipartBody(fields, files);
      const headers: Record<string, string> = { 'content-type': `multipart/form-data; boundary=${boundary}`, ...opts.headers };
      if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      if (opts.locale) headers['accept-language'] = opts.locale;
      const res = await portal.app.inject({ method: 'POST', url: path, headers, payload, remoteAddress: opts.ip ?? '127.0.0.1' });
      return { status: res.statusCode, body: res.json<Envelope>() };
    },
    async get(url, opts = {}) {
      const headers: Record<string, string> = {};
      if (opts.token && opts.cookie) headers.cookie = `token=${opts.token}`;
      else if (opts.token) headers.authorization = `Bearer ${opts.token}`;
      const res = await portal.app.inject({ method: 'GET', url, headers });
      return { status: res.statusCode, headers: res.headers, bytes: res.rawPayload };
    },
    async close() {
      await portal.close();
      await database.close();
      await mailbox.stop();
    },
  };
}

export interface TestUser {
  userId: number;
  mail: string;
  password: string;
  token: string;
}

/** Factory: a user of the given role (signed in), with a unique mail so tests never collide. */
export async function createUser(
  tp: TestPortal,
  opts: { role?: number; clientId?: number | null; name?: string; locale?: Locale; password?: string } = {},
): Promise<TestUser> {
  const mail = `user-${randomBytes(5).toString('hex')}@test.example`;
  const password = opts.password ?? 'Passw0rd!';
  const { user_id } = await tp.portal.services.db
    .insertInto('users')
    .values({
      user_name: opts.name ?? 'Test User',
      user_mail: mail,
      password_hash: await hashPassword(password),
      user_role: opts.role ?? Role.CLIENT,
      user_locale: opts.locale ?? 'en',
      client_id: opts.clientId ?? null,
    })
    .returning('user_id')
    .executeTakeFirstOrThrow();
  const token = await createSession(tp.portal.services.db, user_id, tp.clock.now);
  return { userId: user_id, mail, password, token };
}

/** Factory: a client company. */
export async function createClient(tp: TestPortal, name = `Client ${randomBytes(3).toString('hex')}`): Promise<number> {
  const row = await tp.portal.services.db.insertInto('client').values({ client_name: name }).returning('client_id').executeTakeFirstOrThrow();
  return row.client_id;
}

/** Makes an analyst one of the clients' managers (changes to a client's data are theirs). */
export async function manage(tp: TestPortal, user: TestUser, ...clientIds: number[]): Promise<void> {
  await tp.portal.services.db
    .insertInto('client_manager')
    .values(clientIds.map((clientId) => ({ client_id: clientId, user_id: user.userId })))
    .execute();
}

/** The evidence capture queue (Debian's Chromium on pg-boss), for tests and journeys that capture fixture pages. */
export { startCaptureQueue, type CaptureQueue } from '../areas/evidence/queue.js';

/** The crawler's worker and the fixture marketplace of its tests, for journeys and benchmarks. */
export { startCrawlerForTest } from './crawler.js';
export { startFixtureMarket, type FixtureMarket } from '../areas/crawler-tasks/fixture-market.js';
export { startWebhookReceiver, type WebhookReceiver, type ReceivedWebhook } from './webhook-receiver.js';
/** The marketplace that changes between a watch's runs (issue 30), for journeys. */
export { startChangingMarket, type ChangingMarket, type MarketItem } from '../areas/watches/changing-market.js';
// Domain watches (issue 32): a DNS zone the runs ask, and a run worked by the test (test portals run no jobs).
export { startDnsZone, type ZoneRecord } from '../areas/domain-watch/dns-zone.js';
export { workRun as workDomainRun } from '../areas/domain-watch/run.js';
/** A PostgreSQL primary and streaming standby of the caller's own (reads on the standby: tests and the benchmark). */
export { startTestReplication, type TestReplication } from './replication.js';
