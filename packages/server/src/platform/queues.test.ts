import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPortal, type TestPortal } from '../testing/index.js';
import { repriceQueue } from '../kinds/ec/reprice.js';
import { signalsQueue } from '../areas/triage-signals/queue.js';
import { checkQueues } from './queues.js';
import { currentRequestId, runWithRequestId } from './request-context.js';

/**
 * The one job system refuses, at start, queues it could not run as declared: nothing is started (no boss, nothing
 * queued), so a process with a queue nobody works fails at once instead of piling up jobs.
 */
let tp: TestPortal;
beforeAll(async () => {
  tp = await startTestPortal();
});
afterAll(async () => {
  await tp?.close();
});

const queued = async (name: string) => (await tp.portal.database.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1', [name]).catch(() => ({ rows: [{ n: 0 }] }))).rows[0]!.n;

describe('starting the queues', () => {
  it('fails for a queue without a handler, and starts nothing', async () => {
    const { queues } = tp.portal.services;
    await expect(queues.start(tp.portal.database.pool, [{ name: 'ec-reprice' }])).rejects.toThrow('queue "ec-reprice" has no handler');
    expect(queues.has('ec-reprice')).toBe(false);
    expect(await queues.send('ec-reprice', { currency: 'EUR' })).toBe(false);
    expect(await queued('ec-reprice')).toBe(0);
  });

  it('fails for a queue whose jobs send to a queue with no handler in the process', async () => {
    const { services } = tp.portal;
    await expect(services.queues.start(tp.portal.database.pool, [signalsQueue(services)])).rejects.toThrow('queue "triage-signals" sends to "triage-evaluate", which has no queue in this process');
    expect(services.queues.has('triage-signals')).toBe(false);
  });

  it('fails for a queue declared twice, or with two ways of being worked', () => {
    const services = tp.portal.services;
    expect(() => checkQueues([repriceQueue(services), repriceQueue(services, { work: false })])).toThrow('queue "ec-reprice" is declared twice');
    expect(() => checkQueues([{ ...repriceQueue(services), elsewhere: true }])).toThrow('more than one of handler, worker and elsewhere');
  });

  it('queues nothing where it was not started, and through the caller\'s transaction once it is', async () => {
    const { services } = tp.portal;
    expect(await services.queues.send('ec-reprice', { currency: 'EUR' })).toBe(false);
    await services.queues.start(tp.portal.database.pool, [repriceQueue(services, { work: false })]);
    try {
      await expect(services.queues.start(tp.portal.database.pool, [])).rejects.toThrow('already started');
      // Rolled back with the transaction that sent it.
      await services.db
        .transaction()
        .execute(async (tx) => {
          expect(await services.queues.send('ec-reprice', { currency: 'EUR' }, { db: tx })).toBe(true);
          throw new Error('undo');
        })
        .catch(() => undefined);
      expect(await queued('ec-reprice')).toBe(0);
      await services.db.transaction().execute(async (tx) => {
        await services.queues.send('ec-reprice', { currency: 'EUR' }, { db: tx });
      });
      expect(await queued('ec-reprice')).toBe(1);
    } finally {
      await services.queues.stop();
    }
    expect(await services.queues.send('ec-reprice', { currency: 'EUR' })).toBe(false);
  });

  it('carries the request id of the request that queued a job into its work, and gives the handler the payload as sent', async () => {
    const { services } = tp.portal;
    const seen: { payload: unknown; requestId: string | undefined }[] = [];
    const handler = async (payload: unknown) => {
      seen.push({ payload, requestId: currentRequestId() });
    };
    await services.queues.start(tp.portal.database.pool, [{ name: 'ec-reprice', handler, pollingIntervalSeconds: 0.5 }]);
    try {
      // (The test before left a EUR job: these two are told apart by their currencies.)
      await runWithRequestId('req-42', () => services.queues.send('ec-reprice', { currency: 'JPY' }));
      await services.queues.send('ec-reprice', { currency: 'USD' });
      const currencies = () => seen.map((s) => (s.payload as { currency: string }).currency);
      await expect.poll(() => ['JPY', 'USD'].every((c) => currencies().includes(c)), { timeout: 15_000 }).toBe(true);
    } finally {
      await services.queues.stop();
    }
    const jpy = seen.find((s) => (s.payload as { currency: string }).currency === 'JPY')!;
    expect(jpy).toEqual({ payload: { currency: 'JPY' }, requestId: 'req-42' });
    // Queued outside any request: the job's own id names its work.
    const usd = seen.find((s) => (s.payload as { currency: string }).currency === 'USD')!;
    expect(usd.payload).toEqual({ currency: 'USD' });
    expect(usd.requestId).toMatch(/^job-[0-9a-f-]{36}$/);
  });
});
