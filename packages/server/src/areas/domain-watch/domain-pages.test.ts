import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Role, type Candidate, type DomainRun, type DomainWatch } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BRAND_SITE_DOMAINS, brandSitePage, OFFICIAL_DOMAIN, type BrandSiteVariant } from '../../demo/brand-sites.js';
import { CaptureBrowsers } from '../../platform/capture.js';
import { captureOptions, runCapture } from '../evidence/queue.js';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { startDnsZone } from './dns-zone.js';
import { inspectPage } from './inspect.js';
import { domainWatchBrowsers } from './queue.js';
import { workRun, type RunOutcome } from './run.js';

/**
 * The pages of live look-alikes (issue 32 point 3) on the demo brand's fixture sites: a web server on 127.0.0.1
 * answering by Host, an in-process DNS zone pointing the look-alikes at it (the system resolver knows none of these
 * names: the fetch and the screenshot connect where the watch's own look-up said), Chromium for the screenshots.
 */
let tp: TestPortal;
let zone: Awaited<ReturnType<typeof startDnsZone>>;
let server: http.Server;
let port: number;
let browsers: CaptureBrowsers;
let analyst: TestUser;
let clientUser: TestUser;
let otherClientUser: TestUser;
let outsider: TestUser;
let clientId: number;

/** What each host serves (a test changes it); a host not here answers 404. */
const sites = new Map<string, BrandSiteVariant>([
  [OFFICIAL_DOMAIN, 'official'],
  [BRAND_SITE_DOMAINS.identical, 'identical'],
  [BRAND_SITE_DOMAINS.translated, 'translated'],
  [BRAND_SITE_DOMAINS['shop-outdoor'], 'shop-outdoor'],
  [BRAND_SITE_DOMAINS.phishing, 'phishing'],
  [BRAND_SITE_DOMAINS.parked, 'parked'],
  [BRAND_SITE_DOMAINS.empty, 'empty'],
]);
const NOT_SERVED = 'sakura-beauty-shop.jp';
const served = [OFFICIAL_DOMAIN, ...sites.keys(), NOT_SERVED];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const variant = sites.get((req.headers.host ?? '').replace(/:\d+$/, ''));
    const page = variant && brandSitePage(variant, req.url ?? '/');
    if (!page) return void res.writeHead(404).end('not found');
    res.writeHead(page.status, { 'content-type': page.contentType }).end(page.body);
  });
  await new Promise<void>((ready) => server.listen(0, '127.0.0.1', ready));
  port = (server.address() as AddressInfo).port;
  zone = await startDnsZone([...new Set(served)].map((name) => ({ name, type: 'A' as const, data: '127.0.0.1' })));
  tp = await startTestPortal();
  const config = tp.portal.services.config.domainWatch;
  Object.assign(config, { dnsServers: zone.server, httpPort: port, allowPrivate: true });
  browsers = domainWatchBrowsers(tp.portal.services);
  clientId = await createClient(tp, 'Sakura Cosmetics');
  const db = tp.portal.services.db;
  const brand = await db.insertInto('brand').values({ client_id: clientId, brand_name: 'SAKURA BEAUTY' }).returning('brand_id').executeTakeFirstOrThrow();
  await db.insertInto('brand_keyword').values({ client_id: clientId, brand_id: brand.brand_id, keyword_name: 'さくらビューティー' }).execute();
  analyst = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, analyst, clientId);
  outsider = await createUser(tp, { role: Role.ANALYST });
  clientUser = await createUser(tp, { role: Role.CLIENT, clientId });
  otherClientUser = await createUser(tp, { role: Role.CLIENT, clientId: await createClient(tp, 'Other Co') });
}, 60_000);
afterAll(async () => {
  await browsers?.close();
  await tp?.close();
  await zone?.close();
  await new Promise((done) => server?.close(done));
});

const ok = async <T,>(path: string, body: object, user = analyst): Promise<T> => {
  const res = await tp.post(path, body, { token: user.token });
  expect(res.body.code, `${path}: ${res.body.message}`).toBe(0);
  return res.body.data as T;
};
const candidatesOf = async (watchId: number) =>
  new Map((await ok<{ candidates: Candidate[] }>('/api/domain-watch/fetch-candidates', { watchId, offset: 0, limit: 500 })).candidates.map((c) => [c.domain, c]));
async function run(watchId: number): Promise<{ run: DomainRun; outcome: RunOutcome }> {
  const { runId } = await ok<{ runId: number }>('/api/domain-watch/run-now', { watchId });
  const outcome = (await workRun(tp.portal.services, runId, browsers))!;
  return { run: (await ok<{ runs: DomainRun[] }>('/api/domain-watch/fetch-runs', { watchId, offset: 0, limit: 1 })).runs[0]!, outcome };
}
const shotOf = async (domain: string) =>
  (await tp.portal.services.db.selectFrom('domain_candidate').select(['screenshot_file', 'page_signals']).where('domain', '=', domain).executeTakeFirstOrThrow());
const isPng = (b: Buffer) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));

describe('inspecting a page', () => {
  const opts = () => ({ httpPort: port, allowPrivate: true, maxBytes: 5_000_000, timeoutMs: 20_000, browsers });

  it("fetches a live page at the watch's address, with its pictures and a screenshot", async () => {
    const page = await inspectPage(BRAND_SITE_DOMAINS.identical, ['127.0.0.1'], opts());
    expect(page.ok).toBe(true);
    if (!page.ok) return;
    expect(page).toMatchObject({ url: `http://${BRAND_SITE_DOMAINS.identical}/`, status: 200 });
    expect(page.facts.title).toMatch(/SAKURA BEAUTY/);
    expect(page.images.map((i) => [i.src, /^[0-9a-f]{16}$/.test(i.hash ?? '')])).toEqual([['/img/logo.png', true]]);
    expect(isPng(page.png!)).toBe(true);
    expect(page.hashes.shotHash).toMatch(/^[0-9a-f]{16}$/);
  }, 60_000);

  it('fails a page that answers 404, one that refuses the connection, and a private address unless allowed', async () => {
    expect(await inspectPage(NOT_SERVED, ['127.0.0.1'], opts())).toEqual({ ok: false, detail: 'HTTP 404' });
    const refused = await inspectPage(BRAND_SITE_DOMAINS.identical, ['127.0.0.1'], { ...opts(), httpPort: 1 });
    expect(refused.ok).toBe(false);
    const privateOne = await inspectPage(BRAND_SITE_DOMAINS.identical, ['127.0.0.1'], { ...opts(), allowPrivate: false });
    expect(privateOne).toMatchObject({ ok: false, detail: expect.stringMatching(/non-public address 127\.0\.0\.1/) });
  }, 60_000);
});

describe('a run with pages', () => {
  let watch: DomainWatch;
  beforeAll(async () => {
    // Promoted by hand only here (promote.test.ts has the automatic promotion); the clones score above its default 70.
    watch = (await ok<{ watch: DomainWatch }>('/api/domain-watch/create', { clientId, domains: [OFFICIAL_DOMAIN], fuzzers: ['omission', 'keyword'], promoteThreshold: null })).watch;
  });

  it('fills live, score, reasons, category and screenshot; clones rank above the unrelated shop', async () => {
    const { run: first, outcome } = await run(watch.id);
    expect(first.counts).toMatchObject({ registered: 7, live: 6, new: 7, changed: 0 });
    expect(outcome.newDomains.sort()).toEqual(served.filter((d) => d !== OFFICIAL_DOMAIN).sort());
    const found = await candidatesOf(watch.id);
    const of = (v: Exclude<BrandSiteVariant, 'official'>) => found.get(BRAND_SITE_DOMAINS[v])!;
    expect(of('identical')).toMatchObject({ live: true, siteCategoryId: 10, screenshot: true, pageUrl: `http://${BRAND_SITE_DOMAINS.identical}/` });
    expect(of('identical').reasons).toEqual(expect.arrayContaining([expect.stringMatching(/^Its HTML is 100% like the official site's/), expect.stringMatching(/^It shows the official logo/)]));
    expect(of('identical').checkedAt).not.toBeNull();
    expect(Math.min(of('identical').score, of('translated').score)).toBeGreaterThan(of('shop-outdoor').score);
    expect(of('shop-outdoor').siteCategoryId).toBe(2);
    expect(of('phishing').siteCategoryId).toBe(11);
    expect(of('parked').siteCategoryId).toBe(5);
    expect(of('empty').siteCategoryId).toBe(6);
    expect(found.get(NOT_SERVED)).toMatchObject({ live: false, siteCategoryId: 7, score: 0, screenshot: false });
    expect((await shotOf(NOT_SERVED)).page_signals?.failure).toBe('HTTP 404');
  }, 120_000);

  it('serves the screenshot to who may read the watch, and 404 to anyone else', async () => {
    const found = await candidatesOf(watch.id);
    const id = found.get(BRAND_SITE_DOMAINS.identical)!.id;
    for (const user of [analyst, clientUser]) {
      const res = await tp.get(`/api/domain-watch/screenshot?candidateId=${id}`, { token: user.token });
      expect([res.status, res.headers['content-type'], isPng(res.bytes)]).toEqual([200, 'image/png', true]);
    }
    for (const user of [otherClientUser, outsider]) expect((await tp.get(`/api/domain-watch/screenshot?candidateId=${id}`, { token: user.token })).status).toBe(404);
    const none = found.get(NOT_SERVED)!.id;
    expect((await tp.get(`/api/domain-watch/screenshot?candidateId=${none}`, { token: analyst.token })).status).toBe(404);
    expect((await tp.get('/api/domain-watch/screenshot?candidateId=999999', { token: analyst.token })).status).toBe(404);
  });

  it('sees nothing changed on an unchanged page, keeps a dismissed one dismissed, and brings it back when its page changes', async () => {
    const outdoor = BRAND_SITE_DOMAINS['shop-outdoor'];
    const before = (await candidatesOf(watch.id)).get(outdoor)!;
    const shotBefore = (await shotOf(outdoor)).screenshot_file!;
    await ok('/api/domain-watch/dismiss', { candidateIds: [before.id] });
    const { run: second, outcome: same } = await run(watch.id);
    expect(second.counts).toMatchObject({ live: 6, new: 0, changed: 0 });
    expect([same.changed, same.becameLive]).toEqual([[], []]);
    expect((await candidatesOf(watch.id)).get(outdoor)!.state).toBe('dismissed');
    expect((await shotOf(outdoor)).screenshot_file).toBe(shotBefore);

    // The unrelated shop becomes a clone, and the 404 one comes alive.
    sites.set(outdoor, 'retemplated');
    sites.set(NOT_SERVED, 'changed-logo');
    const { run: third, outcome } = await run(watch.id);
    expect(third.counts).toMatchObject({ live: 7, new: 0, changed: 2 });
    expect(outcome.changed.sort()).toEqual([NOT_SERVED, outdoor].sort());
    expect(outcome.becameLive).toEqual([NOT_SERVED]);
    const after = (await candidatesOf(watch.id)).get(outdoor)!;
    expect(after).toMatchObject({ state: 'new', siteCategoryId: 10 });
    expect(after.score).toBeGreaterThan(before.score);
    expect((await shotOf(outdoor)).screenshot_file).not.toBe(shotBefore);
    const old = await tp.portal.services.db.selectFrom('stored_file').select('name').where('name', '=', shotBefore).executeTakeFirst();
    expect(old).toBeUndefined();
  }, 180_000);

  it('captures a promoted look-alike at the address its watch resolved, which the system resolver does not know', async () => {
    const clone = (await candidatesOf(watch.id)).get(BRAND_SITE_DOMAINS.translated)!;
    const { records } = await ok<{ records: { recordId: number }[] }>('/api/domain-watch/promote', { candidateIds: [clone.id] });
    const db = tp.portal.services.db;
    const queued = await db.selectFrom('evidence_capture').select(['capture_id', 'pinned_host', 'url']).where('ws_id', '=', records[0]!.recordId).executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ pinned_host: { host: clone.domain, addresses: ['127.0.0.1'] }, url: `http://${clone.domain}/` });
    // The evidence browsers refuse private addresses (as in the demo); the watch's rule allowed its answer.
    const evidenceBrowsers = new CaptureBrowsers({ ...captureOptions(tp.portal.services.config), policy: { allowPrivate: false } });
    try {
      await runCapture(tp.portal.services, evidenceBrowsers, queued.capture_id);
      // Without the pin the same page is out of reach: only the watch's resolvers know the name.
      expect(await evidenceBrowsers.capture(`http://${clone.domain}/`)).toMatchObject({ ok: false });
    } finally {
      await evidenceBrowsers.close();
    }
    const done = await db.selectFrom('evidence_capture').select(['state', 'http_status', 'final_url', 'reason']).where('capture_id', '=', queued.capture_id).executeTakeFirstOrThrow();
    expect(done).toEqual({ state: 'done', http_status: 200, final_url: `http://${clone.domain}/`, reason: null });
  }, 120_000);

  it("removes the screenshots with the watch", async () => {
    const db = tp.portal.services.db;
    const shots = await db.selectFrom('domain_candidate').select('screenshot_file').where('watch_id', '=', watch.id).where('screenshot_file', 'is not', null).execute();
    expect(shots.length).toBeGreaterThan(0);
    await ok('/api/domain-watch/remove', { watchId: watch.id });
    const left = await db.selectFrom('stored_file').select('name').where('name', 'in', shots.map((s) => s.screenshot_file!)).execute();
    expect(left).toEqual([]);
  });
});
