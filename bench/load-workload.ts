import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { Role } from '@portal/contract';
import { HEADER_EN, createSession, hashPassword, listing, migrate, multipartBody, xlsxOf, type Db } from '@portal/server/testing';
import { sql } from 'kysely';
import { seedEcRecords, seedInfringementCategories } from './ec-dataset.js';

/**
 * The load of signed-in users on the record screens (load.ts; the soak with faults, soak.ts, runs it against a
 * cluster): its data, its requests, and how their times and failures are recorded.
 */
const TIMEOUT_MS = 30_000;
export const SLOW_MS = 5_000;

export interface Session {
  token: string;
  analyst: boolean;
}
/** What the load runs against: one client's records, its categories, the signed-in sessions. */
export interface LoadData {
  clientId: number;
  subIds: number[];
  sessions: Session[];
}

/**
 * Migrates (when needed) and seeds `rows` marketplace records of one client and `sessions` users (a quarter analysts,
 * the rest the client's), each with a session token made by the server's own createSession.
 */
export async function seedLoad(db: Db, opts: { sessions: number; rows: number }): Promise<LoadData> {
  const SESSIONS = opts.sessions;
  await migrate(db);
  const subIds = await seedInfringementCategories(db);
  const { client_id: clientId } = await db.insertInto('client').values({ client_name: 'Load Co' }).returning('client_id').executeTakeFirstOrThrow();
  await seedEcRecords(db, clientId, opts.rows, subIds);
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

// ---------------------------------------------------------------- the load

export const agent = new http.Agent({ keepAlive: true, maxSockets: 1_000 });

export interface Answer {
  status: number;
  code: number | null;
}

/** One POST over a kept-alive connection; aborted (status 0) when no full answer came within TIMEOUT_MS. */
export function post(port: number, pathName: string, token: string, body: Buffer, contentType: string): Promise<Answer> {
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

export class Recorder {
  /** Every request's start, end (performance.now()) and whether it succeeded, when kept (the soak's faults). */
  readonly timeline: { start: number; end: number; ok: boolean; status: number }[] = [];
  constructor(private readonly keepTimeline = false) {}
  readonly byCall = new Map<string, number[]>();
  readonly errors = new Map<string, number>();
  total = 0;
  async time(call: string, f: () => Promise<Answer>): Promise<Answer> {
    const started = performance.now();
    const answer = await f();
    const ms = performance.now() - started;
    this.total += 1;
    if (this.keepTimeline) this.timeline.push({ start: started, end: started + ms, ok: answer.status > 0 && answer.status < 500, status: answer.status });
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

export const percentiles = (values: number[]) => {
  const sorted = Float64Array.from(values).sort();
  const at = (p: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0);
  return { n: sorted.length, p50: at(0.5), p95: at(0.95), p99: at(0.99), max: Math.round(sorted[sorted.length - 1] ?? 0) };
};

const WORDS = ['serum', 'cream', 'lotion', 'lip tint', 'mask', 'cleanser', 'toner', 'sunscreen', 'essence', 'foundation'];
const FILTER_FIELDS = ['ec_site', 'ec_product_currency', 'ec_product_region', 'ec_search_keyword', 'ec_category_id', 'ec_response_action', 'ec_process1_result', 'ec_product_seller', 'ec_scan_date', 'report_id'];
const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** What one user does, weighted like a working day on the record screens (the badge polls in between). */
export function workload(seeded: LoadData, saveable: number[]): { weight: number; call: string; body: (s: Session, n: number) => object }[] {
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

export async function runUser(port: number, s: Session, until: number, plan: ReturnType<typeof workload>, rec: Recorder, counter: { n: number }, THINK_MS: number) {
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
export async function runUploads(port: number, s: Session, clientId: number, saveable: number[], until: number, rec: Recorder, UPLOAD_EVERY_MS: number, onUploaded?: (rows: number) => void) {
  for (let round = 0; performance.now() + UPLOAD_EVERY_MS < until; round++) {
    await new Promise((resolve) => setTimeout(resolve, UPLOAD_EVERY_MS));
    const update = round % 2 === 1;
    const bytes = update
      ? await xlsxOf(['ID', 'Comments'], saveable.slice(0, 200).map((id) => [id, `upload round ${round}`]))
      : await xlsxOf(HEADER_EN, Array.from({ length: 200 }, (_, i) => listing(1_000_000 + round * 1000 + i)));
    const { boundary, payload } = multipartBody({ clientId }, [{ name: `load-${round}.xlsx`, bytes }]);
    const call = update ? '/api/ec-report/batch-update' : '/api/ec-report/upload-report';
    const answer = await rec.time(call, () => post(port, call, s.token, payload, `multipart/form-data; boundary=${boundary}`));
    if (!update && answer.status === 200 && answer.code === 0) onUploaded?.(200);
  }
}

/** Ids of categorized records (the save rule holds for them), found through the list like a user would. */
export async function saveableRecords(port: number, s: Session, seeded: LoadData): Promise<number[]> {
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

