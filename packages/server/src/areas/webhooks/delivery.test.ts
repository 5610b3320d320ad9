import { Role, WebhookDeliveryStatus } from '@portal/contract';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, startWebhookReceiver, type TestPortal, type TestUser, type WebhookReceiver } from '../../testing/index.js';
import { housekeeping } from '../../ops/housekeeping.js';
import { attemptDelivery, deliverDue } from './deliver.js';
import { claimAttempt } from './delivery-repo.js';
import { emitEvent } from './emit.js';
import { deliveryQueue } from './queue.js';

/**
 * Webhook deliveries (issue 30, point 4): signed per Standard Webhooks and verified by the receiver with the same
 * package; retried on 500 and on timeouts with growing waits; failed after the give-up time; an endpoint failing
 * that long is disabled and its maker told; the private-address rule at delivery. The retry schedule is the
 * config's, compressed (a "day" of 10 s), and driven by the test's clock: no sleeping, no timing asserts.
 */

let tp: TestPortal;
let receiver: WebhookReceiver;
let clientId: number;
let analyst: TestUser;
const SCHEDULE = { firstRetryMs: 1_000, giveUpMs: 10_000, timeoutMs: 300 };

beforeAll(async () => {
  tp = await startTestPortal();
  receiver = await startWebhookReceiver();
  const config = tp.portal.services.config;
  config.crawler.allowOrigins = [receiver.origin];
  config.webhooks = { ...SCHEDULE };
  clientId = await createClient(tp, 'Sakura Cosmetics');
  analyst = await createUser(tp, { role: Role.ANALYST, name: 'Ana Lyst', locale: 'ja' });
  await manage(tp, analyst, clientId);
});
afterAll(async () => {
  await tp?.close();
  await receiver?.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.script = [];
});

let paths = 0;
async function createEndpoint(events = ['records.posted']) {
  paths += 1;
  const res = await tp.post('/api/webhook/create', { clientId, url: receiver.url(`/hook-${paths}`), events }, { token: analyst.token });
  expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: 0 });
  return (res.body.data as { endpoint: { id: number; secret: string } }).endpoint;
}
const sendTest = async (endpointId: number) => ((await tp.post('/api/webhook/send-test', { endpointId }, { token: analyst.token })).body.data as { delivery: { id: number } }).delivery.id;
const log = async (endpointId: number) => {
  const res = await tp.post('/api/webhook/fetch-deliveries', { endpointId, offset: 0, limit: 50 }, { token: analyst.token });
  return (res.body.data as { deliveries: { id: number; event: string; status: number; attempts: number; lastStatusCode: number | null; lastAnswer: string | null; deliveredAt: string | null; nextAttemptAt: string | null }[] }).deliveries;
};

describe('a delivery', () => {
  it('goes through the pg-boss queue, signed so that the receiver verifies it with the standardwebhooks package', async () => {
    const endpoint = await createEndpoint();
    const services = tp.portal.services;
    await services.queues.start(tp.portal.database.pool, [deliveryQueue(services)]);
    try {
      receiver.script = [500];
      await sendTest(endpoint.id);
      // The first attempt answered 500; the retry (queued with its start time) delivers it.
      const [first, second] = await receiver.waitFor(2);
      const payload = new Webhook(endpoint.secret).verify(second!.body, second!.headers) as { type: string; timestamp: string; data: Record<string, unknown> };
      expect(payload).toMatchObject({ type: 'webhook.test', data: { clientId, endpointId: endpoint.id } });
      // Every attempt is the same message: same id, same body.
      expect(first!.headers['webhook-id']).toBe(second!.headers['webhook-id']);
      expect(first!.body).toBe(second!.body);
      expect(second!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
      // Another secret does not verify it.
      expect(() => new Webhook(`whsec_${Buffer.alloc(24, 1).toString('base64')}`).verify(second!.body, second!.headers)).toThrow();
    } finally {
      await services.queues.stop();
    }
    const [delivery] = await log(endpoint.id);
    expect(delivery).toMatchObject({ event: 'webhook.test', status: WebhookDeliveryStatus.DELIVERED, attempts: 2, lastStatusCode: 200, lastAnswer: 'thanks', nextAttemptAt: null });
  });

  it('is retried after a 500 and after a timeout, with a growing wait, until it is delivered', async () => {
    const endpoint = await createEndpoint();
    receiver.script = [500, 'hang', 200];
    await sendTest(endpoint.id);
    expect(await deliverDue(tp.portal.services)).toBe(1);
    let [d] = await log(endpoint.id);
    expect(d).toMatchObject({ status: WebhookDeliveryStatus.PENDING, attempts: 1, lastStatusCode: 500, lastAnswer: 'failed with 500' });
    expect(new Date(d!.nextAttemptAt!).getTime()).toBe(tp.clock.now.getTime() + SCHEDULE.firstRetryMs);
    // Not before its time.
    expect(await deliverDue(tp.portal.services)).toBe(0);
    tp.clock.advance(SCHEDULE.firstRetryMs);
    await deliverDue(tp.portal.services);
    [d] = await log(endpoint.id);
    expect(d).toMatchObject({ status: WebhookDeliveryStatus.PENDING, attempts: 2, lastStatusCode: null });
    expect(d!.lastAnswer).toMatch(/^timeout/);
    // The wait doubled.
    expect(new Date(d!.nextAttemptAt!).getTime()).toBe(tp.clock.now.getTime() + 2 * SCHEDULE.firstRetryMs);
    tp.clock.advance(2 * SCHEDULE.firstRetryMs);
    await deliverDue(tp.portal.services);
    [d] = await log(endpoint.id);
    expect(d).toMatchObject({ status: WebhookDeliveryStatus.DELIVERED, attempts: 3, lastStatusCode: 200 });
    expect(receiver.received).toHaveLength(3);
    const endpoints = (await tp.post('/api/webhook/fetch', { clientId }, { token: analyst.token })).body.data as { endpoints: { id: number; enabled: boolean; failingSince: string | null }[] };
    expect(endpoints.endpoints.find((e) => e.id === endpoint.id)).toMatchObject({ enabled: true, failingSince: null });
  });

  it('fails after the give-up time, and the endpoint failing that long is disabled and its maker told in their language', async () => {
    const endpoint = await createEndpoint();
    receiver.script = Array<number>(50).fill(503);
    await sendTest(endpoint.id);
    await sendTest(endpoint.id);
    const started = tp.clock.now.getTime();
    for (let i = 0; i < 20 && tp.clock.now.getTime() - started <= SCHEDULE.giveUpMs; i += 1) {
      await deliverDue(tp.portal.services);
      tp.clock.advance(SCHEDULE.firstRetryMs);
    }
    await deliverDue(tp.portal.services);
    const deliveries = await log(endpoint.id);
    expect(deliveries.map((d) => d.status)).toEqual([WebhookDeliveryStatus.FAILED, WebhookDeliveryStatus.FAILED]);
    expect(deliveries[0]!.attempts).toBeGreaterThan(2);
    const listed = (await tp.post('/api/webhook/fetch', { clientId }, { token: analyst.token })).body.data as { endpoints: { id: number; enabled: boolean; disabledAt: string | null }[] };
    expect(listed.endpoints.find((e) => e.id === endpoint.id)).toMatchObject({ enabled: false, disabledAt: expect.any(String) });
    // Nothing more is sent to it: an event makes no delivery for it.
    const before = receiver.received.length;
    await emitEvent({ services: tp.portal.services, db: tp.portal.services.db, now: tp.clock.now }, clientId, 'records.posted', { reportId: 1 });
    await deliverDue(tp.portal.services);
    expect(await log(endpoint.id)).toHaveLength(2);
    expect(receiver.received.slice(before).filter((r) => r.path === `/hook-${paths}`)).toEqual([]);
    const notices = await tp.portal.services.db.selectFrom('notice').selectAll().where('user_id', '=', analyst.userId).where('type', '=', 8).execute();
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ title: 'Webhookを停止しました: Sakura Cosmetics', target: `/webhooks?clientId=${clientId}` });
    expect(notices[0]!.content).toContain(receiver.url(`/hook-${paths}`));
    expect(notices[0]!.content).toContain('failed with 503');
  });

  it('is refused at connect time when the address is no longer allowed (the private-address rule)', async () => {
    const endpoint = await createEndpoint();
    await sendTest(endpoint.id);
    tp.portal.services.config.crawler.allowOrigins = [];
    try {
      await deliverDue(tp.portal.services);
    } finally {
      tp.portal.services.config.crawler.allowOrigins = [receiver.origin];
    }
    const [d] = await log(endpoint.id);
    expect(d).toMatchObject({ status: WebhookDeliveryStatus.PENDING, attempts: 1, lastStatusCode: null });
    expect(d!.lastAnswer).toMatch(/^blocked_address/);
    expect(receiver.received).toHaveLength(0);
  });

  it('is taken again once its lease is over when the worker attempting it died, and only then', async () => {
    const endpoint = await createEndpoint();
    const deliveryId = await sendTest(endpoint.id);
    // A worker claims attempt 1 and dies before it records an answer.
    const lease = new Date(tp.clock.now.getTime() + SCHEDULE.timeoutMs * 3);
    expect(await claimAttempt(tp.portal.services.db, deliveryId, 0, tp.clock.now, lease)).toBeDefined();
    // While the lease holds, neither the job retried by pg-boss nor a re-sent one takes it.
    await attemptDelivery(tp.portal.services, deliveryId, 0);
    await attemptDelivery(tp.portal.services, deliveryId, 1);
    expect(receiver.received).toHaveLength(0);
    tp.clock.advance(SCHEDULE.timeoutMs * 3);
    await attemptDelivery(tp.portal.services, deliveryId, 0);
    await attemptDelivery(tp.portal.services, deliveryId, 0);
    expect(receiver.received).toHaveLength(1);
    expect((await log(endpoint.id))[0]).toMatchObject({ status: WebhookDeliveryStatus.DELIVERED, attempts: 2 });
  });

  it('stays in the log a month once settled; housekeeping removes it then, but never a waiting one', async () => {
    const db = tp.portal.services.db;
    const settled = await db.selectFrom('webhook_delivery').select('id').where('status', '<>', WebhookDeliveryStatus.PENDING).execute();
    expect(settled.length).toBeGreaterThan(0);
    const removed = await housekeeping(tp.portal.services, new Date(tp.clock.now.getTime() + 31 * 86_400_000));
    expect(removed.webhookDeliveries).toBe(settled.length);
    const left = await db.selectFrom('webhook_delivery').select('status').execute();
    expect(left.length).toBeGreaterThan(0);
    expect(left.every((d) => d.status === WebhookDeliveryStatus.PENDING)).toBe(true);
  });
});
