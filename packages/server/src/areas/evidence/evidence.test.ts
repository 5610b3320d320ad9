import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode, Role, type Evidence } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { insertRecords, insertReport } from '../../kinds/ec/fixtures.js';
import { housekeeping } from '../../ops/housekeeping.js';
import { startCaptureQueue, type CaptureQueue } from './queue.js';

/**
 * Evidence captures through the real calls, the real pg-boss queue and Debian's Chromium, of pages a local fixture
 * server (started here, its bytes known) serves: a plain page, one that hangs, a redirect loop, a download, a page
 * too large, and addresses the outbound guard refuses. Only the fixture server's own origin is allowed, explicitly.
 */
const PAGE = Buffer.from(
  '<!doctype html><html><head><meta charset="utf-8"><title>Fake bag</title></head>' +
    '<body style="margin:0"><h1>Fake bag 9,800 JPY</h1><script>alert("hello"); confirm("sure?");</script>' +
    // A resource on a refused address: left out, the page is still captured.
    '<img id="private" src="http://localhost:1/secret.png"></body></html>',
);
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

let server: http.Server;
let origin: string;
let port: number;
let tp: TestPortal;
let queue: CaptureQueue;
let acme: number;
let other: number;
let analyst: TestUser;
let outsider: TestUser;
let acmeUser: TestUser;
let otherUser: TestUser;
let ecReport: number;
/** The first capture, of a record that stays. */
let kept: number;

function startFixtureServer(): Promise<void> {
  server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/page') return void res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
    if (path === '/gone') return void res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
    if (path === '/hang') return; // never answers
    if (path === '/loop') return void res.writeHead(302, { location: '/loop' }).end();
    if (path === '/to-private') return void res.writeHead(302, { location: `http://localhost:${port}/page` }).end();
    if (path === '/download') return void res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="x.exe"' }).end(Buffer.alloc(1000));
    if (path === '/huge') {
      res.writeHead(200, { 'content-type': 'text/html' });
      const chunk = Buffer.from(`<p>${'x'.repeat(64 * 1024)}</p>`);
      const pump = () => {
        while (res.write(chunk)) if (res.destroyed) return;
      };
      res.on('drain', pump);
      return pump();
    }
    res.writeHead(404).end();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
}

beforeAll(async () => {
  await startFixtureServer();
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
  tp = await startTestPortal();
  queue = await startCaptureQueue(tp.portal.services, tp.portal.database.pool, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    browsers: 2,
    // A Chromium starting beside another test file on two busy cores took over 4 s for a plain page.
    timeoutMs: 8_000,
    maxBytes: 2 * 1024 * 1024,
    policy: { allowPrivate: false, allowOrigins: [origin] },
  });
  acme = await createClient(tp, 'Acme');
  other = await createClient(tp, 'Other');
  analyst = await createUser(tp, { role: Role.ANALYST, name: 'Ana Lyst' });
  outsider = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, acme, other);
  acmeUser = await createUser(tp, { role: Role.CLIENT, clientId: acme });
  otherUser = await createUser(tp, { role: Role.CLIENT, clientId: other });
  ecReport = await insertReport(tp, acme, 'May');
});
afterAll(async () => {
  await queue?.stop();
  await tp?.close();
  server?.closeAllConnections();
  await new Promise((resolve) => server?.close(resolve));
});

const ecRecord = async (path: string, published = true) => (await insertRecords(tp, acme, ecReport, [{ ec_product_url: path.startsWith('http') ? path : `${origin}${path}`, published }]))[0]!;

/** A refused download answers the error envelope. */
const codeOf = (res: { bytes: Buffer }) => (JSON.parse(res.bytes.toString()) as { code: number }).code;

async function list(user: TestUser, clientId: number, kind: string, recordId: number) {
  return tp.post('/api/evidence/list', { clientId, kind, recordId }, { token: user.token });
}

/** Asks for a capture through the call and waits for the queue to finish it. */
async function captured(kind: 'ec' | 'ws' | 'sns', recordId: number): Promise<Evidence> {
  const res = await tp.post('/api/evidence/capture', { clientId: acme, kind, recordId }, { token: analyst.token });
  expect(res.body.code).toBe(0);
  const asked = (res.body.data as { evidence: Evidence }).evidence;
  expect(asked.state).toBe('pending');
  for (;;) {
    const found = ((await list(analyst, acme, kind, recordId)).body.data as { evidence: Evidence[] }).evidence.find((e) => e.id === asked.id)!;
    if (found.state !== 'pending') return found;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('capturing a page', () => {
  it('keeps the HTML as served and a PNG, with their SHA-256, the final URL, the status and who asked', async () => {
    const recordId = await ecRecord('/page');
    const e = await captured('ec', recordId);
    expect(e).toMatchObject({ state: 'done', status: 200, finalUrl: `${origin}/page`, sha256Html: sha256(PAGE), byUserName: 'Ana Lyst', reason: null });
    const html = await tp.get(`/api/evidence/file?clientId=${acme}&id=${e.id}&part=html`, { token: analyst.token });
    expect(html.status).toBe(200);
    expect(html.bytes.equals(PAGE)).toBe(true);
    // A download, never a page of the portal's origin.
    expect(html.headers['content-type']).toBe('application/octet-stream');
    expect(String(html.headers['content-disposition'])).toMatch(/^attachment;/);
    const png = await tp.get(`/api/evidence/file?clientId=${acme}&id=${e.id}&part=png`, { token: acmeUser.token });
    expect(png.status).toBe(200);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(sha256(png.bytes)).toBe(e.sha256Png);
    kept = e.id;
  });

  it('records a page that is gone with its status', async () => {
    const e = await captured('ec', await ecRecord('/gone'));
    expect(e).toMatchObject({ state: 'done', status: 404 });
  });

  it('captures WS and SNS records alike', async () => {
    const db = tp.portal.services.db;
    const wsReport = (await db.insertInto('ws_report').values({ client_id: acme, report_name: 'W', upload_date: tp.clock.now }).returning('report_id').executeTakeFirstOrThrow()).report_id;
    const ws = (await db.insertInto('ws_record').values({ client_id: acme, report_id: wsReport, page_url: `${origin}/page`, page_domain: '127.0.0.1', published: true, updated_at: tp.clock.now }).returning('ws_id').executeTakeFirstOrThrow()).ws_id;
    const snsReport = (await db.insertInto('sns_report').values({ client_id: acme, report_name: 'S', upload_date: tp.clock.now }).returning('report_id').executeTakeFirstOrThrow()).report_id;
    const sns = (await db.insertInto('sns_record').values({ client_id: acme, report_id: snsReport, platform: 1, account_url: `${origin}/gone`, post_url: `${origin}/page`, published: true, updated_at: tp.clock.now }).returning('sns_id').executeTakeFirstOrThrow()).sns_id;
    expect(await captured('ws', ws)).toMatchObject({ state: 'done', sha256Html: sha256(PAGE) });
    expect(await captured('sns', sns)).toMatchObject({ state: 'done', sha256Html: sha256(PAGE), finalUrl: `${origin}/page` });
  });
});

describe('hostile pages fail with their reason, and the queue keeps going', () => {
  it.each([
    ['/hang', 'timeout'],
    ['/loop', 'redirectLoop'],
    ['/download', 'download'],
    ['/huge', 'tooLarge'],
    ['/to-private', 'privateAddress'],
    ['(localhost)', 'privateAddress'],
    ['http://169.254.169.254/latest/meta-data/', 'privateAddress'],
    ['javascript:alert(1)', 'badUrl'],
  ])('%s: %s', async (path, reason) => {
    // The fixture server by another name: loopback, which only its exact origin was allowed as.
    const target = path === '(localhost)' ? `http://localhost:${port}/page` : path;
    const e = await captured('ec', await ecRecord(target));
    expect(e).toMatchObject({ state: 'failed', reason, sha256Png: null, sha256Html: null });
    expect(e.reasonDetail).not.toBe('');
  });

  it('still captures after them', async () => {
    expect(await captured('ec', await ecRecord('/page'))).toMatchObject({ state: 'done', sha256Html: sha256(PAGE) });
  });
});

describe('a batch capture from the list', () => {
  it('queues every selected record and reports its progress until the queue is through', async () => {
    const ids = [await ecRecord('/page'), await ecRecord('/gone'), await ecRecord('/loop')];
    const res = await tp.post('/api/evidence/capture-batch', { clientId: acme, kind: 'ec', recordIds: ids }, { token: analyst.token });
    expect(res.body.code).toBe(0);
    const captureIds = (res.body.data as { ids: number[] }).ids;
    expect(captureIds).toHaveLength(3);
    let progress: { pending: number; done: number; failed: number };
    for (;;) {
      progress = (await tp.post('/api/evidence/fetch-progress', { clientId: acme, ids: captureIds }, { token: analyst.token })).body.data as typeof progress;
      if (progress.pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(progress).toEqual({ pending: 0, done: 2, failed: 1 });
  });

  it("queues nothing when one record is not the client's", async () => {
    const theirReport = await insertReport(tp, other, 'Theirs');
    const [theirs] = await insertRecords(tp, other, theirReport, [{ ec_product_url: `${origin}/page` }]);
    const mine = await ecRecord('/page');
    const res = await tp.post('/api/evidence/capture-batch', { clientId: acme, kind: 'ec', recordIds: [mine, theirs] }, { token: analyst.token });
    expect(res.body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    expect(await tp.portal.services.db.selectFrom('evidence_capture').select('capture_id').where('ec_id', 'in', [mine, theirs!]).execute()).toEqual([]);
    const tooMany = await tp.post('/api/evidence/capture-batch', { clientId: acme, kind: 'ec', recordIds: Array.from({ length: 201 }, (_, i) => i + 1) }, { token: analyst.token, locale: 'ja' });
    expect(tooMany.body.message).toBe('一度にキャプチャできるレコードは200件までです。');
  });
});

describe('who may capture and see evidence', () => {
  it('refuses a capture by an analyst who does not manage the client, and by client users', async () => {
    const recordId = await ecRecord('/page');
    expect((await tp.post('/api/evidence/capture', { clientId: acme, kind: 'ec', recordId }, { token: outsider.token })).status).toBe(403);
    expect((await tp.post('/api/evidence/capture', { clientId: acme, kind: 'ec', recordId }, { token: acmeUser.token })).status).toBe(403);
    const rows = await tp.portal.services.db.selectFrom('evidence_capture').select('capture_id').where('ec_id', '=', recordId).execute();
    expect(rows).toEqual([]);
  });

  it("refuses another company's client user, and a record of another client or kind answers as missing", async () => {
    const recordId = await ecRecord('/page');
    const e = await captured('ec', recordId);
    expect((await list(otherUser, acme, 'ec', recordId)).status).toBe(403);
    expect((await tp.get(`/api/evidence/file?clientId=${acme}&id=${e.id}&part=png`, { token: otherUser.token })).status).toBe(403);
    expect(codeOf(await tp.get(`/api/evidence/file?clientId=${other}&id=${e.id}&part=png`, { token: analyst.token }))).toBe(ErrorCode.OBJECT_NOT_FOUND);
    expect(codeOf(await tp.get(`/api/evidence/file?clientId=${acme}&id=${e.id}&part=exe`, { token: analyst.token }))).toBe(ErrorCode.BAD_REQUEST);
    expect((await list(analyst, other, 'ec', recordId)).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    expect((await list(analyst, acme, 'ws', recordId)).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    expect((await tp.post('/api/evidence/capture', { clientId: acme, kind: 'xx', recordId }, { token: analyst.token })).status).toBe(400);
  });

  it("shows client users their own company's evidence of published records only", async () => {
    const hidden = await ecRecord('/page', false);
    const e = await captured('ec', hidden);
    expect((await list(analyst, acme, 'ec', hidden)).body.data).toMatchObject({ evidence: [{ id: e.id }] });
    expect((await list(acmeUser, acme, 'ec', hidden)).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    expect(codeOf(await tp.get(`/api/evidence/file?clientId=${acme}&id=${e.id}&part=html`, { token: acmeUser.token }))).toBe(ErrorCode.OBJECT_NOT_FOUND);
    await tp.portal.services.db.updateTable('ec_record').set({ published: true }).where('ec_id', '=', hidden).execute();
    expect((await list(acmeUser, acme, 'ec', hidden)).body.data).toMatchObject({ evidence: [{ id: e.id, sha256Html: sha256(PAGE) }] });
  });

  it("goes only with the record's removal", async () => {
    const recordId = await ecRecord('/page');
    const e = await captured('ec', recordId);
    const { png_file, html_file } = await tp.portal.services.db.selectFrom('evidence_capture').select(['png_file', 'html_file']).where('capture_id', '=', e.id).executeTakeFirstOrThrow();
    await tp.portal.services.db.deleteFrom('ec_record').where('ec_id', '=', recordId).execute();
    const left = await tp.portal.services.db.selectFrom('evidence_capture').select('capture_id').where('capture_id', '=', e.id).execute();
    expect(left).toEqual([]);
    // Its files go with the next housekeeping.
    const files = () => tp.portal.services.db.selectFrom('stored_file').select('name').where('name', 'in', [png_file!, html_file!]).execute();
    expect(await files()).toHaveLength(2);
    await housekeeping(tp.portal.services, tp.clock.now);
    expect(await files()).toEqual([]);
    // The files of captures still standing stay.
    expect((await tp.get(`/api/evidence/file?clientId=${acme}&id=${kept}&part=png`, { token: analyst.token })).headers['content-type']).toBe('image/png');
  });
});
