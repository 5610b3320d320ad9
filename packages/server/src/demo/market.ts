import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Role, TaskStatus, TaskType } from '@portal/contract';
import type { Config } from '../platform/config.js';
import type { Services } from '../platform/context.js';
import { demoUsers } from './data.js';
import { homePage, listingPage, scriptPart, scriptShell, searchPage } from './market-pages.js';
import { liveListingPage, liveSearchPage } from './market-live.js';
import { lookAlikeResponse } from './look-alike-hosts.js';
import { seedDemoWatch } from './watch.js';
import { demoListingPicture, seedDemoPictures } from './genuine-photos.js';
import { startDemoZone, useDemoZone } from './domain-watch-live.js';

/**
 * The demo's fixture marketplace (issue 15, "Done when"): with demo data on, the portal serves a small marketplace
 * itself, on its own port of 127.0.0.1 (not a path of the portal: the crawler's exception to the private-address
 * rule is then this market's origin exactly, never the portal's own API). The crawler and the capture browsers
 * allow that origin and nothing else private; the demo has a site for it and a new task ready to start.
 */
export const DEMO_MARKET_SITE = 'Demo Market';
/** The same market built by script (its pages under /app/), read with the site's "Read the pages in a browser". */
export const DEMO_SCRIPT_SITE = 'Demo Script Market';
/** The market's live corner, changing every five minutes (market-live.ts), which the demo's watch looks at. */
export const DEMO_LIVE_SITE = 'Demo Live Market';

/** The demo's sites on the market, each with a new task ready to start. */
const DEMO_SITES = [
  {
    name: DEMO_MARKET_SITE,
    path: '',
    browser: false,
    evidence: true,
    remarks: 'The demo’s own fixture marketplace / デモ用の練習マーケット',
    title: 'Demo market: Sakura listings (デモマーケット：さくら出品)',
    taskRemarks: 'Start it to see the crawler make an EC report. / 開始するとクローラーがECレポートを作成します。',
  },
  {
    name: DEMO_SCRIPT_SITE,
    path: '/app',
    browser: true,
    evidence: false,
    remarks: 'The demo market built by script: read in a browser / スクリプトで作られるデモマーケット（ブラウザで読む）',
    title: 'Demo market in a browser: Sakura listings (デモマーケット・ブラウザ：さくら出品)',
    taskRemarks: 'Its pages are built by script: the crawler reads them in Chromium. / ページはスクリプトで作られるため、クローラーはChromiumで読みます。',
  },
  {
    name: DEMO_LIVE_SITE,
    path: '/live',
    browser: false,
    evidence: false,
    remarks: 'The demo market’s live corner, changing every five minutes, watched by the demo watch / 5分ごとに変わるデモマーケットのライブコーナー（デモのウォッチが監視）',
    // No task: the demo's watch (demo/watch.ts) looks at it.
    title: null,
    taskRemarks: '',
  },
];

export interface DemoMarket {
  origin: string;
  /** The demo's DNS zone of look-alikes (`127.0.0.1:port`), when the domain watch asks it. */
  dnsServer?: string;
  close(): Promise<void>;
}

export async function startDemoMarket(port = 0): Promise<DemoMarket> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://demo-market');
    const send = (status: number, type: string, body: string) => res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' }).end(body);
    // The demo's webhook receiver (demo/watch.ts): takes the portal's deliveries and answers 200.
    if (req.method === 'POST' && url.pathname.startsWith('/hooks/')) {
      req.resume();
      return req.on('end', () => send(200, 'application/json', '{"received":true}'));
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, 'text/plain', 'GET only');
    // The demo's look-alike domains, by Host (look-alike-hosts.ts); the market answers any other.
    const site = lookAlikeResponse(req.headers.host, url.pathname);
    if (site) return res.writeHead(site.status, { 'content-type': site.contentType, 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : site.body);
    // Listing pictures (genuine-photos.ts): some are the brand's own photo, as counterfeiters use it.
    const picture = /^\/img\/(\d)\.jpg$/.exec(url.pathname);
    if (picture) {
      void demoListingPicture(Number(picture[1])).then(
        (bytes) => (bytes ? res.writeHead(200, { 'content-type': 'image/jpeg', 'cache-control': 'no-store' }).end(req.method === 'HEAD' ? undefined : bytes) : send(404, 'text/plain', 'no such picture')),
        () => send(500, 'text/plain', 'picture failed'),
      );
      return;
    }
    if (url.pathname === '/robots.txt') return send(200, 'text/plain', 'User-agent: *\nAllow: /\n');
    if (url.pathname === '/') return send(200, 'text/html; charset=utf-8', homePage());
    if (url.pathname === '/search') return send(200, 'text/html; charset=utf-8', searchPage(url.searchParams.get('q') ?? '', Number(url.searchParams.get('page')) || 1));
    if (url.pathname.startsWith('/app/part/')) {
      const part = scriptPart(url.pathname.slice('/app/part'.length), url.searchParams, origin);
      return part === undefined ? send(404, 'text/html; charset=utf-8', '') : send(200, 'text/html; charset=utf-8', part);
    }
    if (url.pathname === '/app/search' || /^\/app\/item\/\d{1,4}$/.test(url.pathname)) return send(200, 'text/html; charset=utf-8', scriptShell());
    if (url.pathname === '/live/search') return send(200, 'text/html; charset=utf-8', liveSearchPage(Number(url.searchParams.get('page')) || 1, Date.now()));
    const live = /^\/live\/item\/(\d{1,4})$/.exec(url.pathname);
    const livePage = live ? liveListingPage(Number(live[1]), origin, Date.now()) : undefined;
    if (livePage) return send(200, 'text/html; charset=utf-8', livePage);
    const item = /^\/item\/(\d{1,4})$/.exec(url.pathname);
    const page = item ? listingPage(Number(item[1]), origin) : undefined;
    if (page) return send(200, 'text/html; charset=utf-8', page);
    send(404, 'text/html; charset=utf-8', '<!doctype html><title>Not found</title><h1>Not found / 見つかりません</h1>');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}

/** The configuration with the demo market's origin allowed to the crawler and the capture browsers (nothing else). */
export function allowDemoMarket(config: Config, origin: string): Config {
  const add = (list: string[]) => (list.includes(origin) ? list : [...list, origin]);
  return { ...config, crawler: { allowOrigins: add(config.crawler.allowOrigins) }, capture: { ...config.capture, allowOrigins: add(config.capture.allowOrigins) } };
}

/**
 * What main starts with: with demo data on, the market started and its origin allowed, and the demo's DNS zone of
 * look-alikes for the domain watch (domain-watch-live.ts; closed with the market); otherwise the configuration as it is.
 */
export async function prepareDemoMarket(base: Config): Promise<{ config: Config; market: DemoMarket | undefined }> {
  if (!base.demo) return { config: base, market: undefined };
  const market = await startDemoMarket(base.demoMarketPort);
  const zone = await startDemoZone(base);
  const config = allowDemoMarket(base, market.origin);
  if (!zone) return { config, market };
  const close = async () => void (await Promise.all([market.close(), zone.close()]));
  return { config: useDemoZone(config, zone, market.origin), market: { ...market, dnsServer: zone.server, close } };
}

/**
 * Points the demo at the market, on every start (the market's port may change): each demo site (the market, and the
 * same market built by script, read in a browser) with a crawler, created once with a new task of the first demo
 * client by the demo analyst, ready to start; later starts move the sites' and their subtasks' addresses to the
 * market's current origin. Without the demo's client (demo data not seeded) nothing is done.
 */
export async function seedDemoMarket(services: Services, origin: string): Promise<void> {
  for (const demoSite of DEMO_SITES) await seedDemoSite(services, origin, demoSite);
  await seedDemoWatch(services, origin);
  await seedDemoPictures(services, origin);
}

async function seedDemoSite(services: Services, origin: string, demo: (typeof DEMO_SITES)[number]): Promise<void> {
  const { db } = services;
  const url = origin + demo.path;
  const site = await db.selectFrom('ec_site').select(['id', 'url']).where('name', '=', demo.name).executeTakeFirst();
  if (site) {
    if (site.url === url) return;
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('ec_site').set({ url }).where('id', '=', site.id).execute();
      const subtasks = await trx.selectFrom('crawler_subtask').select(['id', 'start_url']).where('site_id', '=', site.id).execute();
      for (const s of subtasks) {
        const moved = new URL(s.start_url);
        if (moved.origin === origin) continue;
        await trx.updateTable('crawler_subtask').set({ start_url: origin + moved.pathname + moved.search }).where('id', '=', s.id).execute();
      }
    });
    return;
  }
  const clientMail = demoUsers.find((u) => u.role === Role.CLIENT)!.mail;
  const analystMail = demoUsers.find((u) => u.role === Role.ANALYST)!.mail;
  const client = await db.selectFrom('users').select('client_id').where('user_mail', '=', clientMail).executeTakeFirst();
  const analyst = await db.selectFrom('users').select('user_id').where('user_mail', '=', analystMail).executeTakeFirst();
  if (!client?.client_id) return;
  const now = services.clock();
  await db.transaction().execute(async (trx) => {
    const category = await trx.selectFrom('infringement_category').select('id').orderBy('id').executeTakeFirst();
    const { id: siteId } = await trx
      .insertInto('ec_site')
      .values({ name: demo.name, url, region: 'JP', category_id: category?.id ?? null, has_crawler: true, max_concurrency: 2, fetch_with_browser: demo.browser, remarks: demo.remarks })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (demo.title === null) return;
    const { id: taskId } = await trx
      .insertInto('crawler_task')
      .values({
        client_id: client.client_id!,
        title: demo.title,
        type: TaskType.NORMAL,
        status: TaskStatus.NEW,
        plan_start_date: now.toISOString().slice(0, 10),
        remarks: demo.taskRemarks,
        capture_evidence: demo.evidence,
        created_by: analyst?.user_id ?? null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx.insertInto('crawler_subtask').values({ task_id: taskId, site_id: siteId, keyword: 'sakura', start_url: `${url}/search?q=sakura&page=1`, target_count: 20 }).execute();
  });
}
