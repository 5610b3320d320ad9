import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, demoAddresses, readRouteTable, seedDemo } from '@portal/server/testing';
import { startJourney, type Journey } from './harness';

/**
 * Issue 35, point 1: axe-core's WCAG 2.0/2.1/2.2 A and AA rules on every route of the route table, for every role
 * that may open it, in English and Japanese, on the demo data (tables with rows, charts with data), and on the pages
 * of a visitor. One page per role and language, moved from route to route client-side (as a person clicking the
 * menu does), so the walk stays short; each page is checked once its content is in (no spinner, no call in flight).
 */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const LANGUAGES = [
  { locale: 'en-US', cookie: 'en' },
  { locale: 'ja-JP', cookie: 'ja' },
] as const;
const ROLES = [
  { name: 'client user', mail: 'client@example.com', bit: 1 },
  { name: 'analyst', mail: 'analyst@example.com', bit: 2 },
  { name: 'administrator', mail: 'admin@example.com', bit: 4 },
] as const;
/** An address no route matches: the "page not found" page, signed in and signed out. */
const NOT_FOUND = '/no-such-page';
/** The session frame's pages of routes.tsx (outside the route table): sign-in, sign-up, forgotten password, the accessibility statement. */
const VISITOR_PAGES = ['/login', '/sign-up', '/forget-pass', '/accessibility', NOT_FOUND];
/** While fixing: A11Y_ONLY=/ec-list,/login walks only those routes; A11Y_DETAILS=50 lists more failing elements. */
const ONLY = process.env.A11Y_ONLY ? new Set(process.env.A11Y_ONLY.split(',')) : null;
const DETAILS = Number(process.env.A11Y_DETAILS ?? 3);

interface AxeResults {
  violations: { id: string; nodes: { target: unknown[]; within?: string; any: { data?: { fgColor?: string; bgColor?: string; contrastRatio?: number } | null }[] }[] }[];
}

/** A failing element for the report: its selector, and for a contrast failure its colours and ratio. */
function describeNode(node: AxeResults['violations'][number]['nodes'][number]): string {
  const data = node.any[0]?.data;
  const colours = data?.fgColor ? ` ${data.fgColor} on ${data.bgColor} ${data.contrastRatio}:1` : '';
  return `${JSON.stringify(node.target)}${node.within ? ` in ${node.within}` : ''}${colours}`;
}

/** Waits until the page at `path` has drawn its content: no spinner, skeleton or busy button, and no call in flight for a while. */
async function settled(page: Page, inFlight: () => number, path: string): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
  let quietSince = Date.now();
  const started = Date.now();
  while (Date.now() - quietSince < 400 && Date.now() - started < 30_000) {
    await page.waitForTimeout(100);
    const busy = inFlight() > 0 || (await page.locator('.ant-spin-spinning, .ant-skeleton-active, .ant-btn-loading').count()) > 0;
    if (busy) quietSince = Date.now();
  }
}

/**
 * Runs axe on the page (injected through the DevTools protocol, which the portal's content security policy allows);
 * each failing element is told with the test id of the component around it, which antd's generated ids do not tell.
 */
async function check(page: Page): Promise<AxeResults> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  return page.evaluate(async (tags) => {
    const results = (await (window as unknown as { axe: typeof axe }).axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    })) as unknown as AxeResults;
    for (const node of results.violations.flatMap((v) => v.nodes)) {
      const selector = node.target[0];
      const element = typeof selector === 'string' ? document.querySelector(selector) : null;
      node.within = element?.closest('[data-testid]')?.getAttribute('data-testid') ?? undefined;
    }
    return results;
  }, TAGS);
}

/**
 * Checks the page once it has settled. A page may still move after that (a list refetching with a busy button, a
 * button fading from disabled to enabled in antd's 0.2 s transition, caught mid-way): what fails is checked again
 * once the page has settled anew, and only what fails twice is reported.
 */
async function checkAtRest(page: Page, inFlight: () => number, path: string): Promise<AxeResults> {
  await settled(page, inFlight, path);
  const first = await check(page);
  if (first.violations.length === 0) return first;
  await page.waitForTimeout(500);
  await settled(page, inFlight, path);
  return check(page);
}

/** A page that counts its calls in flight, for `settled`. */
async function openPage(j: Journey, locale: string, cookie: string, token?: string) {
  const page = await j.newPage(locale);
  await page.context().addCookies([
    { name: 'locale', value: cookie, url: j.baseUrl },
    ...(token ? [{ name: 'token', value: token, url: j.baseUrl }] : []),
  ]);
  let inFlight = 0;
  page.on('request', () => (inFlight += 1));
  page.on('requestfinished', () => (inFlight -= 1));
  page.on('requestfailed', () => (inFlight -= 1));
  return { page, inFlight: () => inFlight };
}

describe('the axe walk of every route', () => {
  let j: Journey;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'a11y-walk-'));
  beforeAll(async () => {
    j = await startJourney();
    await seedDemo({ ...j.tp.portal.services, config: { ...j.tp.portal.services.config, dataDir } });
  });
  afterAll(async () => {
    await j?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('finds no WCAG 2.2 AA violation on any page of any role, in English and Japanese', { timeout: 600_000 }, async () => {
    const db = j.tp.portal.services.db;
    const address = await demoAddresses(db);
    const routes = readRouteTable();
    const found: string[] = [];
    const record = (where: string, results: AxeResults) => {
      for (const v of results.violations) {
        const targets = v.nodes.slice(0, DETAILS).map(describeNode);
        found.push(`${where}: ${v.id} (${v.nodes.length}) ${targets.join(' ')}`);
      }
    };
    let views = 0;
    const wrongPages: string[] = [];
    // The two languages side by side: most of a page's time is waiting for its calls, so two pages share the machine well.
    const walk = async ({ locale, cookie }: (typeof LANGUAGES)[number]) => {
      const visitor = await openPage(j, locale, cookie);
      for (const url of VISITOR_PAGES.filter((p) => !ONLY || ONLY.has(p))) {
        await visitor.page.goto(`${j.baseUrl}${url}`);
        record(`${url} (visitor, ${cookie})`, await checkAtRest(visitor.page, visitor.inFlight, url));
        views += 1;
      }
      await visitor.page.context().close();
      for (const role of ROLES) {
        const user = await db.selectFrom('users').select('user_id').where('user_mail', '=', role.mail).executeTakeFirstOrThrow();
        const { page, inFlight } = await openPage(j, locale, cookie, await createSession(db, user.user_id, j.tp.clock.now));
        await page.goto(`${j.baseUrl}/profile`);
        await settled(page, inFlight, '/profile');
        for (const route of [...routes.filter((r) => r.roles & role.bit).map((r) => r.path), NOT_FOUND].filter((p) => !ONLY || ONLY.has(p))) {
          const url = address(route);
          // Client-side, as a click on the menu: the router follows the history's popstate.
          await page.evaluate((to) => {
            history.pushState(null, '', to);
            dispatchEvent(new PopStateEvent('popstate'));
          }, url);
          const results = await checkAtRest(page, inFlight, url);
          // The page itself, not the members-only or not-found page in its place.
          const wrong = await page.locator(route === NOT_FOUND ? '[data-testid="members-only"]' : '[data-testid="members-only"], [data-testid="not-found"]').count();
          if (wrong > 0) wrongPages.push(`${url} (${role.name}, ${cookie})`);
          record(`${url} (${role.name}, ${cookie})`, results);
          views += 1;
        }
        await page.context().close();
      }
    };
    await Promise.all(LANGUAGES.map(walk));
    found.sort();
    fs.writeFileSync(path.join(os.tmpdir(), 'portal-e2e', 'a11y-walk.txt'), `${views} page views\n${found.join('\n')}\n`);
    expect(wrongPages).toEqual([]);
    expect(found.join('\n')).toBe('');
  });
});
