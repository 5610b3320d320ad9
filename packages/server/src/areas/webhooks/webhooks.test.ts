import { ErrorCode, Role, WEBHOOK_SECRET_PREFIX, translate } from '@portal/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, startWebhookReceiver, type TestPortal, type TestUser, type WebhookReceiver } from '../../testing/index.js';
import { deliverDue } from './deliver.js';
import { deliveryBody } from './message.js';

/**
 * Webhook endpoints (issue 30, point 4): who may register them, the private-address rule at registration, the
 * secret shown once and kept sealed, tenancy (a client user's endpoint hears only its own company, and only of
 * posted records), the events the portal emits today (records.posted, takedown.result) and Slack's message.
 */

let tp: TestPortal;
let receiver: WebhookReceiver;
let acme: number;
let other: number;
let analyst: TestUser;
let outsider: TestUser;
let acmeUser: TestUser;
let otherUser: TestUser;

beforeAll(async () => {
  tp = await startTestPortal();
  receiver = await startWebhookReceiver();
  tp.portal.services.config.crawler.allowOrigins = [receiver.origin];
  acme = await createClient(tp, 'Acme');
  other = await createClient(tp, 'Other Co');
  analyst = await createUser(tp, { role: Role.ANALYST });
  outsider = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, acme, other);
  acmeUser = await createUser(tp, { clientId: acme });
  otherUser = await createUser(tp, { clientId: other });
});
afterAll(async () => {
  await tp?.close();
  await receiver?.close();
});

const create = (user: TestUser, body: Record<string, unknown>, locale: 'en' | 'ja' = 'en') => tp.post('/api/webhook/create', body, { token: user.token, locale });
const endpointOf = (res: { body: { data: unknown } }) => (res.body.data as { endpoint: { id: number; secret: string; events: string[] } }).endpoint;

async function postSnsReport(clientId: number, name: string): Promise<number> {
  const db = tp.portal.services.db;
  const { report_id } = await db.insertInto('sns_report').values({ client_id: clientId, report_name: name, upload_date: tp.clock.now, send_date: null }).returning('report_id').executeTakeFirstOrThrow();
  const n = Math.floor(Math.random() * 1e9);
  await db.insertInto('sns_record').values([0, 1].map((i) => ({ client_id: clientId, report_id, platform: 1, scan_date: '2024-05-01', account_name: `shop ${n}-${i}`, account_url: `https://instagram.example/s${n}-${i}`, post_url: `https://instagram.example/p/${n}-${i}`, published: false, updated_at: tp.clock.now }))).execute();
  const posted = await tp.post('/api/sns-report/post-report', { clientId, reportId: report_id, sendUncategorizRecords: true }, { token: analyst.token });
  expect(posted.body, JSON.stringify(posted.body)).toMatchObject({ code: 0, data: { count: 2 } });
  return report_id;
}

describe('registering an endpoint', () => {
  it('answers the secret once and keeps it sealed; the list never shows it', async () => {
    const res = await create(analyst, { clientId: acme, url: receiver.url('/a'), events: ['records.posted', 'listings.new'], description: 'SIEM' });
    const endpoint = endpointOf(res);
    expect(endpoint).toMatchObject({ clientId: acme, url: receiver.url('/a'), events: ['records.posted', 'listings.new'], description: 'SIEM', enabled: true, slack: false });
    expect(endpoint.secret.startsWith(WEBHOOK_SECRET_PREFIX)).toBe(true);
    const row = await tp.portal.services.db.selectFrom('webhook_endpoint').selectAll().where('id', '=', endpoint.id).executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(endpoint.secret.slice(WEBHOOK_SECRET_PREFIX.length));
    const listed = await tp.post('/api/webhook/fetch', { clientId: acme }, { token: analyst.token });
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret.slice(WEBHOOK_SECRET_PREFIX.length));
    // A rotated secret is answered once; the old one no longer signs.
    const rotated = await tp.post('/api/webhook/update', { endpointId: endpoint.id, rotateSecret: true }, { token: analyst.token });
    const secret = (rotated.body.data as { endpoint: { secret: string } }).endpoint.secret;
    expect(secret).not.toBe(endpoint.secret);
    expect(tp.portal.services.secrets.open(row.secret_sealed)).toBe(endpoint.secret);
    await tp.post('/api/webhook/remove', { endpointId: endpoint.id }, { token: analyst.token });
  });

  it('refuses private addresses, plain http and bad input, in the caller\'s language', async () => {
    for (const url of ['https://127.0.0.1/hook', 'https://10.1.2.3/hook', 'https://[::1]/hook', 'https://localhost/hook', 'https://169.254.169.254/latest']) {
      const res = await create(analyst, { clientId: acme, url, events: ['records.posted'] });
      expect(res.body, url).toMatchObject({ code: ErrorCode.BAD_REQUEST, message: translate('en', 'error.webhookAddressRefused') });
    }
    expect((await create(analyst, { clientId: acme, url: 'https://10.0.0.1/x', events: ['records.posted'] }, 'ja')).body.message).toBe(translate('ja', 'error.webhookAddressRefused'));
    expect((await create(analyst, { clientId: acme, url: 'http://hooks.example.com/x', events: ['records.posted'] })).body.message).toBe(translate('en', 'error.webhookHttpsRequired'));
    expect((await create(analyst, { clientId: acme, url: 'ftp://x', events: ['records.posted'] })).body.message).toContain(translate('en', 'validation.webhookUrlInvalid'));
    expect((await create(analyst, { clientId: acme, url: receiver.url(), events: [] })).body.message).toContain(translate('en', 'validation.webhookEventsRequired'));
    expect((await create(analyst, { clientId: acme, url: receiver.url(), events: ['records.deleted'] })).status).toBe(400);
    expect((await create(analyst, { clientId: acme, events: ['records.posted'] })).status).toBe(400);
  });

  it('is for the client\'s managers and its own users only', async () => {
    expect((await create(outsider, { clientId: acme, url: receiver.url(), events: ['records.posted'] })).status).toBe(403);
    expect((await create(acmeUser, { clientId: other, url: receiver.url(), events: ['records.posted'] })).status).toBe(403);
    expect((await tp.post('/api/webhook/fetch', { clientId: other }, { token: acmeUser.token })).status).toBe(403);
    // A client user hears only of posted records and takedown results.
    const listings = await create(acmeUser, { clientId: acme, url: receiver.url(), events: ['listings.new'] });
    expect(listings).toMatchObject({ status: 403, body: { message: translate('en', 'error.webhookEventNotAllowed', { events: 'records.posted, takedown.result' }) } });
    const mine = endpointOf(await create(acmeUser, { clientId: acme, url: receiver.url('/acme-user'), events: ['records.posted'] }));
    // Another company's user, and an analyst who does not manage Acme, cannot touch it or read its log: to them
    // it does not exist.
    for (const user of [otherUser, outsider]) {
      for (const [path, body] of [['/api/webhook/remove', {}], ['/api/webhook/send-test', {}], ['/api/webhook/update', { enabled: false }], ['/api/webhook/fetch-deliveries', { offset: 0, limit: 10 }]] as const) {
        expect((await tp.post(path, { endpointId: mine.id, ...body }, { token: user.token })).body.code, path).toBe(ErrorCode.OBJECT_NOT_FOUND);
      }
    }
    // An analyst's endpoint of Acme is not shown to, nor changed by, Acme's users.
    const staffs = endpointOf(await create(analyst, { clientId: acme, url: receiver.url('/staff'), events: ['listings.new'] }));
    const seen = (await tp.post('/api/webhook/fetch', { clientId: acme }, { token: acmeUser.token })).body.data as { endpoints: { id: number }[] };
    expect(seen.endpoints.map((e) => e.id)).toEqual([mine.id]);
    expect((await tp.post('/api/webhook/update', { endpointId: staffs.id, enabled: false }, { token: acmeUser.token })).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    await tp.post('/api/webhook/remove', { endpointId: staffs.id }, { token: analyst.token });
    await tp.post('/api/webhook/remove', { endpointId: mine.id }, { token: acmeUser.token });
  });
});

describe('events', () => {
  it('records.posted reaches the endpoints of the posting client only, signed', async () => {
    receiver.received.length = 0;
    const acmeEndpoint = endpointOf(await create(acmeUser, { clientId: acme, url: receiver.url('/acme'), events: ['records.posted'] }));
    const otherEndpoint = endpointOf(await create(otherUser, { clientId: other, url: receiver.url('/other'), events: ['records.posted'] }));
    const reportId = await postSnsReport(other, 'Other posts');
    await postSnsReport(acme, 'Acme posts');
    await deliverDue(tp.portal.services);
    const toAcme = receiver.received.filter((r) => r.path === '/acme');
    const toOther = receiver.received.filter((r) => r.path === '/other');
    expect(toAcme).toHaveLength(1);
    expect(toOther).toHaveLength(1);
    const payload = new Webhook(otherEndpoint.secret).verify(toOther[0]!.body, toOther[0]!.headers) as { data: Record<string, unknown> };
    expect(payload).toMatchObject({ type: 'records.posted', data: { clientId: other, kind: 'sns', reportId, reportName: 'Other posts', count: 2 } });
    // Acme's endpoint never received Other Co's event: its one delivery is Acme's, and Other's secret does not verify it.
    expect(new Webhook(acmeEndpoint.secret).verify(toAcme[0]!.body, toAcme[0]!.headers)).toMatchObject({ data: { clientId: acme, reportName: 'Acme posts' } });
    expect(() => new Webhook(otherEndpoint.secret).verify(toAcme[0]!.body, toAcme[0]!.headers)).toThrow();
    await tp.post('/api/webhook/remove', { endpointId: acmeEndpoint.id }, { token: acmeUser.token });
    await tp.post('/api/webhook/remove', { endpointId: otherEndpoint.id }, { token: otherUser.token });
  });

  it('takedown.result reaches analysts\' endpoints, and client users\' only for posted records', async () => {
    receiver.received.length = 0;
    const staff = endpointOf(await create(analyst, { clientId: acme, url: receiver.url('/staff-td'), events: ['takedown.result'] }));
    const client = endpointOf(await create(acmeUser, { clientId: acme, url: receiver.url('/client-td'), events: ['takedown.result'] }));
    const db = tp.portal.services.db;
    const { report_id } = await db.insertInto('sns_report').values({ client_id: acme, report_name: 'TD', upload_date: tp.clock.now, send_date: tp.clock.now }).returning('report_id').executeTakeFirstOrThrow();
    const ids = await db.insertInto('sns_record').values([true, false].map((published, i) => ({ client_id: acme, report_id, platform: 1, scan_date: '2024-05-01', account_name: `td ${i}`, account_url: `https://instagram.example/td${i}`, post_url: `https://instagram.example/p/td${i}`, published, updated_at: tp.clock.now }))).returning('sns_id').execute();
    for (const { sns_id } of ids) {
      const saved = await tp.post('/api/sns-data/update-record', { clientId: acme, recordId: sns_id, categorizeDate: '2024-06-01', categoryId: 5, process1Result: 1, process1Date: '2024-06-02' }, { token: analyst.token });
      expect(saved.body.code).toBe(0);
    }
    await deliverDue(tp.portal.services);
    const bodies = (path: string) => receiver.received.filter((r) => r.path === path).map((r) => JSON.parse(r.body) as { type: string; data: { recordId: number; round: number; result: unknown } });
    expect(bodies('/staff-td').map((b) => b.data.recordId).sort()).toEqual(ids.map((r) => r.sns_id).sort());
    expect(bodies('/client-td')).toEqual([expect.objectContaining({ type: 'takedown.result', data: expect.objectContaining({ recordId: ids[0]!.sns_id, round: 1, result: 1 }) })]);
    await tp.post('/api/webhook/remove', { endpointId: staff.id }, { token: analyst.token });
    await tp.post('/api/webhook/remove', { endpointId: client.id }, { token: acmeUser.token });
  });

  it('a Slack incoming webhook gets a readable message in its maker\'s language', async () => {
    const url = 'https://hooks.slack.com/services/T000/B000/XXXX';
    const at = new Date('2026-11-28T00:00:00Z');
    const data = { clientId: acme, kind: 'ec', reportId: 7, reportName: 'November', count: 12 };
    expect(JSON.parse(deliveryBody({ url, locale: 'en', event: 'records.posted', clientName: 'Acme', data, at }))).toEqual({ text: 'Acme: 12 records of the report "November" were posted.' });
    expect(JSON.parse(deliveryBody({ url, locale: 'ja', event: 'records.posted', clientName: 'Acme', data, at }))).toEqual({ text: 'Acme: レポート「November」のレコード12件が公開されました。' });
    expect(JSON.parse(deliveryBody({ url: receiver.url(), locale: 'en', event: 'records.posted', clientName: 'Acme', data, at }))).toEqual({ type: 'records.posted', timestamp: at.toISOString(), data });
  });
});
