import { DOMAIN_FUZZERS, DomainRunStatus, ErrorCode, Role, translate, type Candidate, type DomainRun, type DomainWatch } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { startDnsZone } from './dns-zone.js';
import { domainRunQueue } from './queue.js';
import { workRun } from './run.js';
import { startDueDomainWatches } from './schedule.js';

/**
 * Domain watch calls (issue 32) against the real server; runs are worked by the test (jobs are off in API tests)
 * with the resolver asking an in-process DNS zone: brandshop.com's omission look-alikes, two of them registered,
 * one whose look-ups fail, the rest NXDOMAIN.
 */

let tp: TestPortal;
let zone: Awaited<ReturnType<typeof startDnsZone>>;
let analyst: TestUser;
let jaAnalyst: TestUser;
let outsider: TestUser;
let clientUser: TestUser;
let otherClientUser: TestUser;
let clientId: number;

const failing = new Set(['brndshop.com']);
beforeAll(async () => {
  zone = await startDnsZone(
    [
      { name: 'randshop.com', type: 'A', data: '192.0.2.10' },
      { name: 'brandsho.com', type: 'MX', data: '10 mail.brandsho.com' },
    ],
    (name) => (failing.has(name) ? 'SERVFAIL' : undefined),
  );
  tp = await startTestPortal();
  tp.portal.services.config.domainWatch.dnsServers = zone.server;
  clientId = await createClient(tp, 'Look-alike Co');
  analyst = await createUser(tp, { role: Role.ANALYST });
  outsider = await createUser(tp, { role: Role.ANALYST });
  clientUser = await createUser(tp, { role: Role.CLIENT, clientId });
  otherClientUser = await createUser(tp, { role: Role.CLIENT, clientId: await createClient(tp, 'Other Co') });
  await manage(tp, analyst, clientId);
  jaAnalyst = await createUser(tp, { role: Role.ANALYST, locale: 'ja' });
  await manage(tp, jaAnalyst, clientId);
  await manage(tp, outsider, await createClient(tp, 'Outsider Co'));
}, 60_000);
afterAll(async () => {
  await tp?.close();
  await zone?.close();
});

const call = (path: string, body: object, user = analyst) => tp.post(path, body, { token: user.token });
const ok = async <T>(path: string, body: object, user = analyst): Promise<T> => {
  const res = await call(path, body, user);
  expect(res.body.code, `${path}: ${res.body.message}`).toBe(0);
  return res.body.data as T;
};
const candidatesOf = async (watchId: number, body: object = {}, user = analyst) =>
  (await ok<{ candidates: Candidate[]; total: number }>('/api/domain-watch/fetch-candidates', { watchId, offset: 0, limit: 500, ...body }, user)).candidates;
async function run(watchId: number): Promise<DomainRun> {
  const { runId } = await ok<{ runId: number }>('/api/domain-watch/run-now', { watchId });
  await workRun(tp.portal.services, runId);
  return (await ok<{ runs: DomainRun[] }>('/api/domain-watch/fetch-runs', { watchId, offset: 0, limit: 1 })).runs[0]!;
}

describe('domain watches: create, fetch, update, remove', () => {
  it('creates a watch with every fuzzer by default, in Unicode form, and edits and removes it', async () => {
    const { watch } = await ok<{ watch: DomainWatch }>('/api/domain-watch/create', { clientId, domains: ['XN--WGV71A.jp', 'shop.brand.co.jp'], words: ['outlet'] });
    expect(watch).toMatchObject({ clientId, clientName: 'Look-alike Co', domains: ['日本.jp', 'brand.co.jp'], words: ['outlet'], keywords: null, tlds: [], schedule: null, lastRun: null });
    expect(watch.fuzzers).toEqual([...DOMAIN_FUZZERS]);
    const updated = await ok<{ watch: DomainWatch }>('/api/domain-watch/update', { watchId: watch.id, fuzzers: ['omission'], tlds: ['.NET'], schedule: { every: 'day', at: '09:00' } });
    expect(updated.watch).toMatchObject({ fuzzers: ['omission'], tlds: ['net'], schedule: { every: 'day', at: '09:00' } });
    const { watches } = await ok<{ watches: DomainWatch[] }>('/api/domain-watch/fetch', { clientId });
    expect(watches.map((w) => w.id)).toContain(watch.id);
    expect(await ok('/api/domain-watch/remove', { watchId: watch.id })).toEqual({ removed: true });
    expect((await call('/api/domain-watch/detail', { watchId: watch.id })).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
  });

  it('refuses what is not a domain, in both languages', async () => {
    const en = await call('/api/domain-watch/create', { clientId, domains: ['https://brand.com/'] });
    expect(en.status).toBe(400);
    expect(en.body.message).toMatch(/check the domain/);
    const ja = await call('/api/domain-watch/create', { clientId, domains: [] }, jaAnalyst);
    expect(ja.body.message).toBe('監視するドメインを1件以上追加してください。');
    const unknown = await call('/api/domain-watch/create', { clientId, domains: ['brand.com'], fuzzers: ['typo'] });
    expect(unknown.body.message).toMatch(/Unknown fuzzer/);
    const suffix = await call('/api/domain-watch/create', { clientId, domains: ['brand.invalidsuffix'] }, jaAnalyst);
    expect(suffix.body.message).toBe('brand.invalidsuffix は登録できるドメインではありません。サフィックス（.com や .co.jp など）を確認してください。');
  });
});

describe('a run against a DNS zone', () => {
  let watch: DomainWatch;
  beforeAll(async () => {
    watch = (await ok<{ watch: DomainWatch }>('/api/domain-watch/create', { clientId, domains: ['brandshop.com'], fuzzers: ['omission'] })).watch;
  });

  it('keeps the registered look-alikes and the failed look-ups, not the unregistered ones', async () => {
    const first = await run(watch.id);
    expect(first).toMatchObject({ status: DomainRunStatus.FINISHED, capped: false, counts: { permutations: 9, registered: 2, live: 0, new: 2, changed: 0 } });
    const found = await candidatesOf(watch.id);
    expect(found.map((c) => [c.domain, c.registered, c.state]).sort()).toEqual([
      ['brandsho.com', true, 'new'],
      ['brndshop.com', null, 'new'],
      ['randshop.com', true, 'new'],
    ]);
    const rand = found.find((c) => c.domain === 'randshop.com')!;
    expect(rand).toMatchObject({ fuzzer: 'omission', dns: { a: ['192.0.2.10'], aaaa: [], mx: [], ns: [] }, live: false, score: 0 });
    expect(rand.reasons).toEqual(['A look-alike of brandshop.com (omission).', 'Registered: it answers A.']);
    const jaUser = await createUser(tp, { role: Role.CLIENT, clientId, locale: 'ja' });
    const ja = (await candidatesOf(watch.id, {}, jaUser)).find((c) => c.domain === 'brndshop.com')!;
    expect(ja.reasons[1]).toMatch(/^問い合わせに失敗しました（.*ESERVFAIL.*）/);
    // In the language of the request: the English analyst who switched the screen to Japanese reads them in Japanese.
    const switched = await tp.post('/api/domain-watch/fetch-candidates', { watchId: watch.id, offset: 0, limit: 500 }, { token: analyst.token, locale: 'ja' });
    const randJa = (switched.body.data as { candidates: Candidate[] }).candidates.find((c) => c.domain === 'randshop.com')!;
    expect(randJa.reasons[0]).toBe(translate('ja', 'domainWatch.reasonFuzzer', { domain: 'brandshop.com', fuzzer: 'omission' }));
    expect(randJa.reasons[0]).not.toBe(rand.reasons[0]);
    expect((await candidatesOf(watch.id, { registeredOnly: true })).map((c) => c.domain).sort()).toEqual(['brandsho.com', 'randshop.com']);
  });

  it('marks nothing new on a second run, and keeps a dismissed candidate dismissed until it changes', async () => {
    const rand = (await candidatesOf(watch.id)).find((c) => c.domain === 'randshop.com')!;
    expect(await ok('/api/domain-watch/dismiss', { candidateIds: [rand.id] })).toEqual({ dismissed: 1 });
    const second = await run(watch.id);
    expect(second.counts).toMatchObject({ registered: 2, new: 0, changed: 0 });
    expect((await candidatesOf(watch.id, { state: 'dismissed' })).map((c) => c.domain)).toEqual(['randshop.com']);
    // What a run sees of the dismissed one changes (its look-up fails now): it comes back as new.
    failing.clear();
    failing.add('randshop.com');
    const third = await run(watch.id);
    expect(third.counts).toMatchObject({ registered: 1, new: 0, changed: 0 });
    expect((await candidatesOf(watch.id)).find((c) => c.domain === 'randshop.com')).toMatchObject({ registered: null, state: 'new' });
    // It answers again: a registration seen again after a failure counts new, and nothing stays dismissed.
    failing.clear();
    expect((await run(watch.id)).counts).toMatchObject({ registered: 2, new: 1 });
    expect(await candidatesOf(watch.id, { state: 'dismissed' })).toEqual([]);
  });

  it('promotes a candidate into a WS record of the client, once', async () => {
    const mx = (await candidatesOf(watch.id)).find((c) => c.domain === 'brandsho.com')!;
    const { records } = await ok<{ records: { candidateId: number; recordId: number }[] }>('/api/domain-watch/promote', { candidateIds: [mx.id] });
    expect(records).toEqual([{ candidateId: mx.id, recordId: expect.any(Number) }]);
    const { record } = await ok<{ record: Record<string, unknown> }>('/api/ws-data/get-record', { clientId, recordId: records[0]!.recordId });
    expect(record).toMatchObject({ pageDomain: 'brandsho.com', pageURL: 'http://brandsho.com/', searchEngine: 'domain-watch', searchKeyword: 'omission' });
    expect((await candidatesOf(watch.id, { state: 'promoted' })).map((c) => [c.domain, c.recordId])).toEqual([['brandsho.com', records[0]!.recordId]]);
    expect((await ok<{ records: unknown[] }>('/api/domain-watch/promote', { candidateIds: [mx.id] })).records).toEqual(records);
    // A promoted candidate is not dismissed, and a run leaves it promoted.
    expect(await ok('/api/domain-watch/dismiss', { candidateIds: [mx.id] })).toEqual({ dismissed: 0 });
    await run(watch.id);
    expect((await candidatesOf(watch.id, { state: 'promoted' })).map((c) => c.domain)).toEqual(['brandsho.com']);
  });

  it('refuses a second run while one runs', async () => {
    const { runId } = await ok<{ runId: number }>('/api/domain-watch/run-now', { watchId: watch.id });
    const again = await call('/api/domain-watch/run-now', { watchId: watch.id });
    expect(again.body.message).toMatch(/running now/);
    await workRun(tp.portal.services, runId);
  });

  it('resolves at most the configured number of permutations, and says so', async () => {
    const config = tp.portal.services.config.domainWatch;
    const { watch: small } = await ok<{ watch: DomainWatch }>('/api/domain-watch/create', { clientId, domains: ['brandshop.com'], fuzzers: ['omission'] });
    const before = config.maxPermutations;
    config.maxPermutations = 3;
    try {
      expect(await run(small.id)).toMatchObject({ status: DomainRunStatus.FINISHED, capped: true, counts: { permutations: 3 } });
    } finally {
      config.maxPermutations = before;
    }
  });

  it('marks a run that lost its worker failed, and runs again', async () => {
    const db = tp.portal.services.db;
    const lost = await db.insertInto('domain_watch_run').values({ watch_id: watch.id, status: DomainRunStatus.RUNNING, started_at: new Date(Date.now() - 3 * 3_600_000) }).returning('id').executeTakeFirstOrThrow();
    const { runId } = await ok<{ runId: number }>('/api/domain-watch/run-now', { watchId: watch.id });
    const { runs } = await ok<{ runs: DomainRun[] }>('/api/domain-watch/fetch-runs', { watchId: watch.id, limit: 2 });
    expect(runs.map((r) => [r.id, r.status])).toEqual([[runId, DomainRunStatus.RUNNING], [lost.id, DomainRunStatus.FAILED]]);
    await workRun(tp.portal.services, runId);
  });
});

describe('tenancy', () => {
  let watchId: number;
  beforeAll(async () => {
    watchId = (await ok<{ watch: DomainWatch }>('/api/domain-watch/create', { clientId, domains: ['tenantbrand.com'], fuzzers: ['omission'] })).watch.id;
  });

  it("the client's users read their company's watches and nothing else, and write nothing", async () => {
    const { watches } = await ok<{ watches: DomainWatch[] }>('/api/domain-watch/fetch', {}, clientUser);
    expect(watches.length).toBeGreaterThan(0);
    expect(watches.every((w) => w.clientId === clientId)).toBe(true);
    await ok('/api/domain-watch/detail', { watchId }, clientUser);
    await ok('/api/domain-watch/fetch-candidates', { watchId }, clientUser);
    expect((await call('/api/domain-watch/run-now', { watchId }, clientUser)).status).toBe(403);
    expect((await call('/api/domain-watch/detail', { watchId }, otherClientUser)).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    expect((await ok<{ watches: DomainWatch[] }>('/api/domain-watch/fetch', {}, otherClientUser)).watches).toEqual([]);
    expect((await call('/api/domain-watch/fetch', { clientId }, otherClientUser)).status).toBe(403);
  });

  it("an analyst who does not manage the client is refused, reads and writes", async () => {
    expect((await call('/api/domain-watch/create', { clientId, domains: ['x-brand.com'] }, outsider)).status).toBe(403);
    expect((await call('/api/domain-watch/update', { watchId, words: ['a'] }, outsider)).status).toBe(403);
    expect((await call('/api/domain-watch/fetch-candidates', { watchId }, outsider)).body.code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    expect((await ok<{ watches: DomainWatch[] }>('/api/domain-watch/fetch', {}, outsider)).watches).toEqual([]);
    const { watches } = await ok<{ watches: DomainWatch[] }>('/api/domain-watch/fetch', { clientId });
    const withCandidates = await Promise.all(watches.map((w) => candidatesOf(w.id)));
    const theirs = withCandidates.flat()[0]!;
    expect((await call('/api/domain-watch/dismiss', { candidateIds: [theirs.id] }, outsider)).status).toBe(403);
  });
});

describe('the schedule', () => {
  it('starts a due watch once, and not again while its run goes on', async () => {
    const { watch } = await ok<{ watch: DomainWatch }>('/api/domain-watch/create', { clientId, domains: ['schedbrand.com'], fuzzers: ['omission'], schedule: { every: 'minutes', minutes: 30 } });
    const due = new Date(watch.nextRunAt!);
    expect(due.getTime() - new Date(watch.createdAt).getTime()).toBe(30 * 60_000);
    const services = tp.portal.services;
    const runsOf = async () => (await ok<{ runs: DomainRun[] }>('/api/domain-watch/fetch-runs', { watchId: watch.id })).runs;
    expect(await runsOf()).toEqual([]);
    // Other tests' watches may be due too: only this one's runs are counted.
    await startDueDomainWatches(services, new Date(due.getTime() - 1000));
    expect(await runsOf()).toEqual([]);
    await startDueDomainWatches(services, due);
    const [run] = await runsOf();
    expect(run).toMatchObject({ status: DomainRunStatus.RUNNING });
    const later = (await ok<{ watch: DomainWatch }>('/api/domain-watch/detail', { watchId: watch.id })).watch;
    expect(new Date(later.nextRunAt!).getTime()).toBe(due.getTime() + 30 * 60_000);
    await startDueDomainWatches(services, new Date(later.nextRunAt!));
    expect(await runsOf()).toHaveLength(1);
    await workRun(services, run!.id);
    expect((await runsOf())[0]).toMatchObject({ id: run!.id, status: DomainRunStatus.FINISHED });
    const byHand = await ok<{ watch: DomainWatch }>('/api/domain-watch/update', { watchId: watch.id, schedule: null });
    expect(byHand.watch).toMatchObject({ schedule: null, nextRunAt: null });
  });
});

describe('the run queue', () => {
  it('works a run that run-now queued, as the server and the worker processes do', async () => {
    const services = tp.portal.services;
    failing.clear();
    await services.queues.start(tp.portal.database.pool, [domainRunQueue(services)]);
    try {
      const { watch } = await ok<{ watch: DomainWatch }>('/api/domain-watch/create', { clientId, domains: ['brandshop.com'], fuzzers: ['omission'] });
      const { runId } = await ok<{ runId: number }>('/api/domain-watch/run-now', { watchId: watch.id });
      let latest: DomainRun | undefined;
      for (let i = 0; i < 150 && latest?.status !== DomainRunStatus.FINISHED; i++) {
        await new Promise((r) => setTimeout(r, 200));
        latest = (await ok<{ runs: DomainRun[] }>('/api/domain-watch/fetch-runs', { watchId: watch.id })).runs[0];
      }
      expect(latest).toMatchObject({ id: runId, status: DomainRunStatus.FINISHED, counts: { permutations: 9, registered: 2, new: 2 } });
      expect((await candidatesOf(watch.id)).map((c) => c.domain).sort()).toEqual(['brandsho.com', 'randshop.com']);
    } finally {
      await services.queues.stop();
    }
  }, 60_000);
});
