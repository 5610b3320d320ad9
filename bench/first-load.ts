import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { createSession, demoAddresses, readRouteTable, seedDemo, startTestPortal, type TestPortal } from '@portal/server/testing';

/**
 * The first load's weight in Chromium (issue 35, point 2): the built portal (`npm run build` first) with the demo
 * data, every page opened in a fresh browser context (an empty cache), and the bytes that came over the wire counted
 * from the DevTools protocol's Network events (`encodedDataLength` of every finished request: compressed bodies and
 * headers, API calls included) until the network has been quiet for QUIET_MS, so the charts and the world map that a
 * page loads after its own content are counted. Pages: the sign-in page (and the sign-up and forgotten-password pages), the home page of the client user, the
 * administrator and the analyst (with a brand chosen, so the analyst's charts are drawn too), and every route of the
 * route table (packages/web/src/app/routeTable.ts) as a user who may open it, ids taken from the demo data.
 * Budgets (issue 35): sign-in ≤ 150 kB, a home page ≤ 400 kB, every route ≤ 700 kB; `overBudget` lists the pages
 * that miss theirs with their five heaviest answers (the run goes on: `npm run bench` runs every script in turn).
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];
const QUIET_MS = Number(process.env.BENCH_QUIET_MS ?? 2000);
/** How many of a page's heaviest answers to list for a page over its budget (`BENCH_LIST=99` lists them all). */
const LIST = Number(process.env.BENCH_LIST ?? 5);
/** Only these pages (comma-separated route paths, `/login` and `/home` included); all by default. */
const ONLY = process.env.BENCH_PAGES ? new Set(process.env.BENCH_PAGES.split(',')) : null;
const BUDGET_KB = { signIn: 150, home: 400, route: 700 };

if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);

const ROLE = { CLIENT: 1, ANALYST: 2, ADMIN: 4 } as const;

interface Load {
  page: string;
  as: string;
  kB: number;
  requests: number;
  /** The web app's own files (documents, scripts, styles, pictures, fonts) and the API's answers. */
  staticKB: number;
  apiKB: number;
  budgetKB: number;
  /** The five heaviest answers, for a page over its budget. */
  heaviest: string[];
}

const kB = (bytes: number) => Math.round(bytes / 100) / 10;

/** Opens `url` in a fresh context signed in with `token` (or not) and counts what came over the wire. */
async function measure(browser: Browser, baseUrl: string, url: string, token: string | null, then?: (page: import('playwright-core').Page) => Promise<void>) {
  const context = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
  if (token) await context.addCookies([{ name: 'token', value: token, url: baseUrl }]);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  const inFlight = new Set<string>();
  const sizes: { url: string; bytes: number }[] = [];
  let total = 0;
  let api = 0;
  let requests = 0;
  let last = Date.now();
  cdp.on('Network.requestWillBeSent', (e) => {
    urls.set(e.requestId, e.request.url);
    inFlight.add(e.requestId);
    last = Date.now();
  });
  const done = (id: string, bytes: number) => {
    inFlight.delete(id);
    requests += 1;
    total += bytes;
    sizes.push({ url: new URL(urls.get(id) ?? baseUrl).pathname, bytes });
    if (new URL(urls.get(id) ?? baseUrl).pathname.startsWith('/api/')) api += bytes;
    last = Date.now();
  };
  cdp.on('Network.loadingFinished', (e) => done(e.requestId, e.encodedDataLength));
  cdp.on('Network.loadingFailed', (e) => done(e.requestId, 0));
  await page.goto(`${baseUrl}${url}`, { waitUntil: 'load' });
  if (then) await then(page);
  // Quiet: nothing in flight and nothing finished for QUIET_MS (a client's home asks for its figures after 1 s).
  const started = Date.now();
  while ((inFlight.size > 0 || Date.now() - last < QUIET_MS) && Date.now() - started < 60_000) await new Promise((r) => setTimeout(r, 100));
  await context.close();
  const heaviest = sizes
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, LIST)
    .map((r) => `${r.url.replace(/^\/assets\//, '')} ${kB(r.bytes)}`);
  return { kB: kB(total), requests, staticKB: kB(total - api), apiKB: kB(api), heaviest };
}

let tp: TestPortal | undefined;
let browser: Browser | undefined;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-load-'));
try {
  tp = await startTestPortal({ checkAnswers: false });
  if (!fs.existsSync(path.join(tp.portal.services.config.webDist, 'index.html'))) throw new Error('the web app is not built: npm run build');
  const services = { ...tp.portal.services, config: { ...tp.portal.services.config, dataDir } };
  await seedDemo(services);
  const db = tp.portal.services.db;
  const tokenOf = async (mail: string) => {
    const user = await db.selectFrom('users').select('user_id').where('user_mail', '=', mail).executeTakeFirstOrThrow();
    return createSession(db, user.user_id, tp!.clock.now);
  };
  const users = { client: await tokenOf('client@example.com'), analyst: await tokenOf('analyst@example.com'), admin: await tokenOf('admin@example.com') };
  /** A route's path with the demo's ids in place of its parameters. */
  const concrete = await demoAddresses(db);

  const baseUrl = await tp.portal.app.listen({ port: 0, host: '127.0.0.1' });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  // One load first, not counted: the server's own first answers (compiled queries, pools) are warm for the rest.
  await measure(browser, baseUrl, '/login', null);

  const loads: Load[] = [];
  const record = (page: string, as: string, budgetKB: number, m: Awaited<ReturnType<typeof measure>>) => loads.push({ page, as, ...m, budgetKB });
  const wanted = (page: string) => !ONLY || ONLY.has(page);
  if (wanted('/login')) record('/login', 'signed out', BUDGET_KB.signIn, await measure(browser, baseUrl, '/login', null));
  for (const page of ['/sign-up', '/forget-pass']) if (wanted(page)) record(page, 'signed out', BUDGET_KB.route, await measure(browser, baseUrl, page, null));
  if (wanted('/home')) {
    record('/home', 'client', BUDGET_KB.home, await measure(browser, baseUrl, '/home', users.client));
    record('/home', 'administrator', BUDGET_KB.home, await measure(browser, baseUrl, '/home', users.admin));
    record(
      '/home',
      'analyst, brand chosen',
      BUDGET_KB.home,
      await measure(browser, baseUrl, '/home', users.analyst, async (page) => {
        // The first brand (a native select: option 0 is the "Select a brand" prompt).
        await page.getByTestId('home-client').selectOption({ index: 1 });
        await page.getByTestId('home-find').click();
      }),
    );
  }
  for (const route of readRouteTable()) {
    if (route.path === '/home' || !wanted(route.path)) continue;
    const as = route.roles & ROLE.CLIENT ? 'client' : route.roles & ROLE.ANALYST ? 'analyst' : 'administrator';
    const token = as === 'client' ? users.client : as === 'analyst' ? users.analyst : users.admin;
    record(route.path, as, BUDGET_KB.route, await measure(browser, baseUrl, concrete(route.path), token));
  }
  const over = loads.filter((l) => l.kB > l.budgetKB);
  const heaviest = [...loads].sort((a, b) => b.kB - a.kB)[0]!;
  console.log(
    JSON.stringify(
      {
        benchmark: 'first load in Chromium, empty cache (kB transferred: compressed bodies and headers, API answers included)',
        signInKB: loads.find((l) => l.page === '/login')?.kB ?? null,
        homeKB: Object.fromEntries(loads.filter((l) => l.page === '/home').map((l) => [l.as, l.kB])),
        heaviestRoute: `${heaviest.page} (${heaviest.as}): ${heaviest.kB}`,
        overBudget: over.map((l) => `${l.page} (${l.as}): ${l.kB} > ${l.budgetKB}; heaviest: ${l.heaviest.join(', ')}`),
        loads: loads.map((l) => `${l.page} (${l.as}): ${l.kB} kB in ${l.requests} requests (files ${l.staticKB}, API ${l.apiKB})`),
      },
      null,
      2,
    ),
  );
} finally {
  await browser?.close();
  await tp?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
