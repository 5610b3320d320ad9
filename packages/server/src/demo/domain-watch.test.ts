import http from 'node:http';
import { DomainRunStatus, Role } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workRun } from '../areas/domain-watch/run.js';
import { permutations } from '../areas/domain-watch/permutations.js';
import { createClient, createUser, startTestPortal, type TestPortal } from '../testing/index.js';
import { brandSitePage, OFFICIAL_DOMAIN } from './brand-sites.js';
import { SAKURA_NAME } from './data.js';
import { seedDomainWatch } from './domain-watch.js';
import { runDemoDomainWatch, startDemoZone, useDemoZone, type DemoZone } from './domain-watch-live.js';
import { DEMO_DOMAIN_WATCH, DEMO_LOOK_ALIKES, FAILING_NAME, WILDCARD_ZONE } from './look-alikes.js';
import { startDemoMarket, type DemoMarket } from './market.js';

/**
 * The demo's domain watch live (issue 32 point 5): its zone and the market's web server by Host, started as main
 * starts them, and a run of the seeded watch against them: the look-alikes found registered (the wildcard's and the
 * failing one not), the new ones since the seeded run told apart, each live one's site answering on the market.
 */

let tp: TestPortal;
let zone: DemoZone | undefined;
let market: DemoMarket;
let clientId: number;

beforeAll(async () => {
  tp = await startTestPortal();
  clientId = await createClient(tp, SAKURA_NAME);
  const analyst = await createUser(tp, { role: Role.ANALYST });
  await tp.portal.services.db.transaction().execute((trx) => seedDomainWatch(trx, clientId, analyst.userId, tp.clock.now));
  zone = await startDemoZone(tp.portal.services.config);
  market = await startDemoMarket();
}, 60_000);
afterAll(async () => {
  await tp?.close();
  await zone?.close();
  await market?.close();
});

/** A GET of the market's port as a browser of `host` sends it. */
function get(host: string, path = '/'): Promise<{ status: number; body: Buffer }> {
  const { port } = new URL(market.origin);
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path, headers: { host } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

describe('the demo domain watch', () => {
  it('names only look-alikes its own permutations make', () => {
    const made = new Set(permutations(OFFICIAL_DOMAIN, DEMO_DOMAIN_WATCH).map((p) => p.domain));
    for (const l of DEMO_LOOK_ALIKES.filter((l) => l.domain !== OFFICIAL_DOMAIN)) expect(made.has(l.domain), l.domain).toBe(true);
    expect(made.has(FAILING_NAME)).toBe(true);
    expect([...made].some((d) => d.endsWith(`.${WILDCARD_ZONE}`))).toBe(true);
  });

  it('runs against the demo zone: the registered look-alikes found, the live ones scored, the new ones since the seeded run told apart', async () => {
    expect(zone).toBeDefined();
    const services = { ...tp.portal.services, config: useDemoZone(tp.portal.services.config, zone!, market.origin) };
    const runId = await runDemoDomainWatch(services);
    expect(runId).toBeDefined();
    // A second start while it runs queues nothing.
    expect(await runDemoDomainWatch(services)).toBeUndefined();
    // Without screenshots (no browsers): the pages' HTML is scored.
    const outcome = await workRun(services, runId!, null);
    const lookAlikes = DEMO_LOOK_ALIKES.filter((l) => l.domain !== OFFICIAL_DOMAIN);
    const sites = lookAlikes.filter((l) => l.variant).map((l) => l.domain);
    expect(outcome?.counts).toMatchObject({ registered: lookAlikes.length, live: sites.length, new: 6 });
    // New: three sites, the empty page and the internationalised name unseen yesterday, and one whose look-up failed
    // yesterday; sakura-beautty.jp's site went up since.
    expect(outcome?.becameLive).toEqual(['sakura-beautty.jp']);

    const { db } = tp.portal.services;
    const rows = await db.selectFrom('domain_candidate').select(['domain', 'registered', 'live', 'score', 'state', 'last_run_id', 'record_id']).execute();
    const seenNow = rows.filter((r) => r.last_run_id === runId);
    expect(seenNow.filter((r) => r.registered).map((r) => r.domain).sort()).toEqual(lookAlikes.map((l) => l.domain).sort());
    expect(seenNow.filter((r) => r.live).map((r) => r.domain).sort()).toEqual([...sites].sort());
    expect(seenNow.find((r) => r.domain === FAILING_NAME)?.registered).toBeNull();
    expect(rows.some((r) => r.domain.endsWith(`.${WILDCARD_ZONE}`))).toBe(false);
    // Every copy of the brand's site (the clones and the phishing one) above every other page.
    const scoreOf = (variants: string[]) => lookAlikes.filter((l) => l.variant && variants.includes(l.variant)).map((l) => rows.find((r) => r.domain === l.domain)!.score);
    const copies = scoreOf(['identical', 'retemplated', 'translated', 'changed-logo', 'phishing']);
    const others = scoreOf(['shop-outdoor', 'shop-tea', 'shop-electronics', 'shop-cosmetics', 'parked', 'for-sale', 'empty']);
    expect([copies.length, others.length]).toEqual([5, 7]);
    expect(Math.min(...copies)).toBeGreaterThan(Math.max(...others));
    // At the end of the run, those scoring the watch's threshold (70) or more became WS records of Sakura, each with
    // a capture of its page queued; the others wait for an analyst.
    const threshold = (await db.selectFrom('domain_watch').select('promote_threshold').executeTakeFirstOrThrow()).promote_threshold!;
    const high = rows.filter((r) => r.live && r.score >= threshold && r.state !== 'dismissed');
    expect(high.length).toBeGreaterThan(0);
    for (const r of high) expect([r.domain, r.state, r.record_id !== null]).toEqual([r.domain, 'promoted', true]);
    expect(rows.filter((r) => r.live && r.score < threshold).every((r) => r.state === 'new')).toBe(true);
    const madeNow = high.filter((r) => r.domain !== 'sakura-beauty-jp.com'); // (promoted in the seed already)
    expect(madeNow.length).toBeGreaterThan(0);
    const captures = await db.selectFrom('evidence_capture').select('ws_id').where('kind', '=', 'ws').where('ws_id', 'in', madeNow.map((r) => r.record_id!)).execute();
    expect(new Set(captures.map((c) => c.ws_id)).size).toBe(madeNow.length);
    // The dismissed one (no site) stays dismissed.
    expect(rows.find((r) => r.domain === 'sakura-beauty.co.jp')?.state).toBe('dismissed');
    const runs = await db.selectFrom('domain_watch_run').select('status').orderBy('id').execute();
    expect(runs.map((r) => r.status)).toEqual([DomainRunStatus.FINISHED, DomainRunStatus.FINISHED]);
  });

  it('serves each live look-alike its site by Host, and the market to any other Host', async () => {
    for (const l of DEMO_LOOK_ALIKES) {
      const res = await get(l.domain.toUpperCase() + ':80');
      if (l.variant) expect(res.body.equals(brandSitePage(l.variant, '/')!.body), l.domain).toBe(true);
      else expect(res.status, l.domain).toBe(404);
    }
    expect((await get(new URL(market.origin).host)).body.toString()).toContain('Demo');
  });
});
