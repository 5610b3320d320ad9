import { Role } from '@portal/contract';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../testing/database.js';
import { PNG_1X1 } from '../testing/images.js';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../testing/index.js';

/**
 * Partition pruning of the record engine (issue 33, point 2): every statement the real calls of a client's
 * records send (list, count, filter values, detail, history, save, batch and its undo, export, dashboards, the
 * reports' list, download, posting and removal; EC's evidence screenshots, price history, inherit and repeat removal) is
 * captured off the pool's connections and explained with its own parameters; a statement that reads or changes
 * a record table must touch only the client's partition of it. Another client's records sit in other partitions,
 * so a statement that forgot the client would show them.
 */
interface Statement {
  text: string;
  values: unknown[];
}

const RECORD_TABLE = /\b(ec|ws|sns)_record(_history)?\b/;
const PARTITION = /^((?:ec|ws|sns)_record(?:_history)?)_p\d+$/;

let tp: TestPortal;
let pool: pg.Pool;
let captured: Statement[] = [];
let client: number;
let analyst: TestUser;
let user: TestUser;
const ids: Record<string, number> = {};
const reports: Record<string, number> = {};

/** Records every statement a connection of the pool sends from now on (the portal's and the test's own). */
function capture(pool: pg.Pool): void {
  pool.on('connect', (connection) => {
    const query = connection.query.bind(connection) as (...args: unknown[]) => unknown;
    (connection as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      if (typeof args[0] === 'string') captured.push({ text: args[0], values: Array.isArray(args[1]) ? args[1] : [] });
      return query(...args);
    };
  });
}

beforeAll(async () => {
  const database = await openTestDatabase();
  pool = database.pool;
  capture(pool);
  tp = await startTestPortal({ database });
  const db = tp.portal.services.db;
  // Several clients, so that their records fall in several partitions.
  const clients = [];
  for (let i = 0; i < 6; i++) clients.push(await createClient(tp));
  client = clients[0]!;
  analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, client);
  user = await createUser(tp, { role: Role.CLIENT, clientId: client });
  for (const c of clients) {
    const ec = await db.insertInto('ec_report').values({ client_id: c, report_name: 'EC', upload_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
    const ws = await db.insertInto('ws_report').values({ client_id: c, report_name: 'WS', upload_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
    const sns = await db.insertInto('sns_report').values({ client_id: c, report_name: 'SNS', upload_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
    // The client's reports hold a record not posted yet as well (post-report posts it).
    for (const published of c === client ? [true, false] : [true]) {
      const base = { client_id: c, published, updated_at: new Date() };
      const e = await db.insertInto('ec_record').values({ ...base, report_id: ec.report_id, ec_site: 'Amazon', ec_scan_date: '2024-05-01', ec_product_title: 'Red bag', ec_product_url: `https://shop.example/${c}/${published}`, url_key: `shop.example/${c}/${published}`, ec_product_region: 'US', ec_categorize_date: '2024-05-02' }).returning('ec_id').executeTakeFirstOrThrow();
      const w = await db.insertInto('ws_record').values({ ...base, report_id: ws.report_id, page_url: `https://site.example/${c}/${published}`, page_domain: 'site.example', scan_date: '2024-05-01' }).returning('ws_id').executeTakeFirstOrThrow();
      const s = await db.insertInto('sns_record').values({ ...base, report_id: sns.report_id, platform: 1, account_url: 'https://x.example/a', post_url: `https://x.example/p/${c}/${published}`, scan_date: '2024-05-01' }).returning('sns_id').executeTakeFirstOrThrow();
      if (c === client && published) {
        Object.assign(ids, { ec: e.ec_id, ws: w.ws_id, sns: s.sns_id });
        Object.assign(reports, { ec: ec.report_id, ws: ws.report_id, sns: sns.report_id });
      }
    }
  }
}, 120_000);
afterAll(async () => {
  await tp?.close();
});

/** The partitions a statement's plan reads or changes, per record table, explained with its own parameters. */
async function partitionsTouched(statement: Statement): Promise<Map<string, Set<string>>> {
  const { rows } = await pool.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values);
  const touched = new Map<string, Set<string>>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (typeof node !== 'object' || node === null) return;
    const relation = (node as Record<string, unknown>)['Relation Name'];
    const table = typeof relation === 'string' ? PARTITION.exec(relation)?.[1] : undefined;
    if (table) touched.set(table, new Set([...(touched.get(table) ?? []), relation as string]));
    Object.values(node).forEach(walk);
  };
  walk(rows[0]!['QUERY PLAN']);
  return touched;
}

async function ok(res: Promise<{ body: { code: number; message?: string } }>) {
  const { body } = await res;
  expect(body.code, body.message).toBe(0);
  return body as { code: number; data?: Record<string, unknown> };
}

describe('every record query that names a client reads only its partition', () => {
  it('list, count, filter values, detail, history, save, batch and undo, export, reports and dashboards of EC, WS and SNS', async () => {
    captured = [];
    // EC's own calls: evidence screenshots, inherit and repeat removal (a second report, empty).
    const shot = await ok(tp.upload('/api/ec-data/upload-image', { clientId: client, recordId: ids.ec! }, { name: 'shot.png', bytes: PNG_1X1 }, { token: analyst.token }));
    await ok(tp.post('/api/ec-data/delete-upload-pic', { clientId: client, recordId: ids.ec, name: shot.data?.names }, { token: analyst.token }));
    const again = await tp.portal.services.db.insertInto('ec_report').values({ client_id: client, report_name: 'EC 2', upload_date: new Date() }).returning('report_id').executeTakeFirstOrThrow();
    await ok(tp.post('/api/ec-report/inherit-records', { clientId: client, reportId: again.report_id }, { token: analyst.token }));
    await ok(tp.post('/api/ec-report/delete-repeat-records', { clientId: client, reportId: again.report_id }, { token: analyst.token }));
    await ok(tp.post('/api/ec-data/fetch-price-history', { clientId: client, recordId: ids.ec }, { token: user.token }));
    for (const kind of ['ec', 'ws', 'sns'] as const) {
      const call = (path: string, body: Record<string, unknown>, who = user) => ok(tp.post(`/api/${kind}-data/${path}` as never, { clientId: client, ...body }, { token: who.token }));
      await call('search-records', {});
      await call('search-records', {}, analyst);
      await call('fetch-filters', { fieldName: { ec: 'ec_product_region', ws: 'categoryId', sns: 'platform' }[kind] });
      await call('get-record', { recordId: ids[kind] });
      await call('get-record-history', { recordId: ids[kind] });
      await call('update-record', { recordId: ids[kind], action: 1 });
      const batch = await call('batch-update-action', { recordIds: [ids[kind]], action: 2 });
      await call('undo-batch', { batchId: batch.data?.batchId }, user);
      await call('fetch-last-batch', {}, analyst);
      await call('fetch-report-names', {});
      const exported = await tp.get(`/api/${kind}-data/export-search-result?clientId=${client}`, { token: user.token });
      expect(exported.status).toBe(200);
      // The analyst's report calls: the list of reports with their counts, a download, posting, removing.
      const report = (path: string, body: Record<string, unknown>) => ok(tp.post(`/api/${kind}-report/${path}` as never, { clientId: client, ...body }, { token: analyst.token }));
      await report('fetch-reports', {});
      const downloaded = await tp.get(`/api/${kind}-report/download-report?clientId=${client}&reportId=${reports[kind]}`, { token: analyst.token });
      expect(downloaded.status).toBe(200);
      await report('post-report', { reportId: reports[kind], sendUncategorizRecords: true });
      await report('remove-report', { reportId: reports[kind] });
    }
    await ok(tp.post('/api/ec-dashboard/fetch-info', { clientId: client, dateType: 1, fromDate: '2024-01-01', toDate: '2024-12-31' }, { token: user.token }));
    await ok(tp.post('/api/home-dashboard', {}, { token: user.token }));

    const statements = captured.filter((s) => RECORD_TABLE.test(s.text) && !/^\s*(EXPLAIN|ANALYZE)\b/i.test(s.text));
    expect(statements.length).toBeGreaterThan(30);
    const own = new Map<string, string>();
    for (const table of ['ec_record', 'ws_record', 'sns_record', 'ec_record_history', 'ws_record_history', 'sns_record_history']) {
      const touched = await partitionsTouched({ text: `SELECT 1 FROM ${table} WHERE client_id = $1`, values: [client] });
      own.set(table, [...touched.get(table)!][0]!);
    }
    const wider: string[] = [];
    for (const statement of statements) {
      for (const [table, partitions] of await partitionsTouched(statement)) {
        if (partitions.size !== 1 || !partitions.has(own.get(table)!)) wider.push(`${table} [${[...partitions].join(', ')}]: ${statement.text.replace(/\s+/g, ' ')}`);
      }
    }
    expect(wider).toEqual([]);
  }, 120_000);
});
