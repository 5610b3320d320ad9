import { Role, type Candidate, type DomainWatch } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { startDnsZone } from './dns-zone.js';
import { promoteAutomatically } from './promote.js';
import { workRun } from './run.js';

/**
 * Promotion into the workflow (issue 32 point 4) against the real server: what the watch learnt of a look-alike
 * (page, category, registration; set here as the page inspection and the registries would) goes into the WS
 * record, a capture of its page is queued, and a run promotes by itself what reaches the watch's threshold.
 */

let tp: TestPortal;
let zone: Awaited<ReturnType<typeof startDnsZone>>;
let analyst: TestUser;
let outsider: TestUser;
let clientId: number;

beforeAll(async () => {
  zone = await startDnsZone([
    { name: 'randshop.com', type: 'A', data: '192.0.2.10' },
    { name: 'randshop.com', type: 'NS', data: 'ns1.parking.example' },
    { name: 'brandsho.com', type: 'A', data: '192.0.2.11' },
    { name: 'brandshp.com', type: 'A', data: '192.0.2.12' },
  ]);
  tp = await startTestPortal();
  tp.portal.services.config.domainWatch.dnsServers = zone.server;
  clientId = await createClient(tp, 'Promotion Co');
  analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, clientId);
  outsider = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, outsider, await createClient(tp, 'Elsewhere Co'));
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
const candidatesOf = async (watchId: number) =>
  Object.fromEntries((await ok<{ candidates: Candidate[] }>('/api/domain-watch/fetch-candidates', { watchId, limit: 500 })).candidates.map((c) => [c.domain, c]));
const evidenceOf = async (recordId: number) => (await ok<{ evidence: { url: string; state: string }[] }>('/api/evidence/list', { clientId, kind: 'ws', recordId })).evidence;
async function newWatch(body: object = {}): Promise<DomainWatch> {
  const { watch } = await ok<{ watch: DomainWatch }>('/api/domain-watch/create', { clientId, domains: ['brandshop.com'], fuzzers: ['omission'], ...body });
  const { runId } = await ok<{ runId: number }>('/api/domain-watch/run-now', { watchId: watch.id });
  await workRun(tp.portal.services, runId);
  return watch;
}
/** What the page inspection and the registries would have stored. */
const learnt = (id: number, values: Record<string, unknown>) => tp.portal.services.db.updateTable('domain_candidate').set(values).where('id', '=', id).execute();

describe('promotion', () => {
  it('fills the category, whois, dates and page address, queues a capture, and makes nothing twice', async () => {
    const watch = await newWatch({ promoteThreshold: null });
    const rand = (await candidatesOf(watch.id))['randshop.com']!;
    await learnt(rand.id, {
      page_url: 'https://randshop.com/shop/',
      site_category: 3,
      registrar: 'Example Registrar, Inc.',
      domain_created_at: new Date('2026-10-01T12:00:00Z'),
      domain_expires_at: new Date('2027-10-01T12:00:00Z'),
      registration_source: 'rdap',
    });
    const { records } = await ok<{ records: { candidateId: number; recordId: number }[] }>('/api/domain-watch/promote', { candidateIds: [rand.id] });
    const recordId = records[0]!.recordId;
    const { record } = await ok<{ record: Record<string, unknown> }>('/api/ws-data/get-record', { clientId, recordId });
    expect(record).toMatchObject({
      pageDomain: 'randshop.com',
      pageURL: 'https://randshop.com/shop/',
      searchEngine: 'domain-watch',
      searchKeyword: 'omission',
      categoryId: 3,
      whois: 'Source: RDAP\nRegistrar: Example Registrar, Inc.\nCreated: 2026-10-01\nExpires: 2027-10-01\nName servers: ns1.parking.example',
    });
    expect(String(record.domainCreatedAt)).toMatch(/^2026-10-01/);
    expect(String(record.domainExpireAt)).toMatch(/^2027-10-01/);
    expect(await evidenceOf(recordId)).toMatchObject([{ url: 'https://randshop.com/shop/', state: 'pending' }]);
    // Asked again, alone and with another: the same record, no second capture, and the other promoted once.
    const other = (await candidatesOf(watch.id))['brandsho.com']!;
    const again = await ok<{ records: { candidateId: number; recordId: number }[] }>('/api/domain-watch/promote', { candidateIds: [rand.id, other.id] });
    expect(again.records).toEqual([{ candidateId: rand.id, recordId }, { candidateId: other.id, recordId: expect.any(Number) }]);
    expect(await evidenceOf(recordId)).toHaveLength(1);
    const plain = await ok<{ record: Record<string, unknown> }>('/api/ws-data/get-record', { clientId, recordId: again.records[1]!.recordId });
    // Nothing learnt of it but that its page could not be shown (the run found no web server): its address as a
    // name, "not displayed", no whois.
    expect(plain.record).toMatchObject({ pageURL: 'http://brandsho.com/', categoryId: 7, whois: '', domainCreatedAt: null });
    expect(await evidenceOf(again.records[1]!.recordId)).toMatchObject([{ url: 'http://brandsho.com/' }]);
  });

  it("is refused to an analyst who does not manage the client", async () => {
    const watch = await newWatch({ promoteThreshold: null });
    const candidate = (await candidatesOf(watch.id))['brandshp.com']!;
    expect((await call('/api/domain-watch/promote', { candidateIds: [candidate.id] }, outsider)).status).toBe(403);
    expect((await candidatesOf(watch.id))['brandshp.com']).toMatchObject({ state: 'new', recordId: null });
  });
});

describe('automatic promotion', () => {
  it('takes a threshold of 70 by default, and refuses one outside 0-100 in both languages', async () => {
    const { watch } = await ok<{ watch: DomainWatch }>('/api/domain-watch/create', { clientId, domains: ['thresholdbrand.com'] });
    expect(watch.promoteThreshold).toBe(70);
    const never = await ok<{ watch: DomainWatch }>('/api/domain-watch/update', { watchId: watch.id, promoteThreshold: null });
    expect(never.watch.promoteThreshold).toBeNull();
    const en = await call('/api/domain-watch/update', { watchId: watch.id, promoteThreshold: 101 });
    expect(en.status).toBe(400);
    expect(en.body.message).toMatch(/from 0 to 100/);
    const jaAnalyst = await createUser(tp, { role: Role.ANALYST, locale: 'ja' });
    await manage(tp, jaAnalyst, clientId);
    const ja = await call('/api/domain-watch/create', { clientId, domains: ['thresholdbrand.com'], promoteThreshold: 2.5 }, jaAnalyst);
    expect(ja.body.message).toMatch(/0〜100の整数/);
  });

  it('promotes after a run the candidates scoring the threshold or more, once', async () => {
    const watch = await newWatch({ promoteThreshold: 60 });
    const found = await candidatesOf(watch.id);
    // The scores as a run with pages would have written them (a run here finds no web server: every score 0, and
    // domain-pages.test.ts runs real pages); then the promotion the run makes when it ends.
    await learnt(found['randshop.com']!.id, { score: 60 });
    await learnt(found['brandsho.com']!.id, { score: 59 });
    await learnt(found['brandshp.com']!.id, { score: 95, state: 'dismissed' });
    const { runs } = await ok<{ runs: { id: number }[] }>('/api/domain-watch/fetch-runs', { watchId: watch.id });
    const runId = runs[0]!.id;
    expect(await promoteAutomatically(tp.portal.services, watch.id, runId)).toBe(1);
    const after = await candidatesOf(watch.id);
    expect([after['randshop.com']!.state, after['brandsho.com']!.state, after['brandshp.com']!.state]).toEqual(['promoted', 'new', 'dismissed']);
    const recordId = after['randshop.com']!.recordId!;
    expect(await evidenceOf(recordId)).toHaveLength(1);
    // The run's promotion again: nothing new to promote.
    expect(await promoteAutomatically(tp.portal.services, watch.id, runId)).toBe(0);
    expect(await evidenceOf(recordId)).toHaveLength(1);
  });

  it('promotes nothing by itself when the watch has no threshold', async () => {
    const watch = await newWatch({ promoteThreshold: null });
    const found = await candidatesOf(watch.id);
    await learnt(found['randshop.com']!.id, { score: 100 });
    const { runs } = await ok<{ runs: { id: number }[] }>('/api/domain-watch/fetch-runs', { watchId: watch.id });
    expect(await promoteAutomatically(tp.portal.services, watch.id, runs[0]!.id)).toBe(0);
    expect((await candidatesOf(watch.id))['randshop.com']).toMatchObject({ state: 'new' });
  });
});
