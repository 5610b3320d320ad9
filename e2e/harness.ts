import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { startCaptureQueue, startTestPortal, type TestPortal } from '@portal/server/testing';

/** Debian's Chromium, never a downloaded browser; CHROMIUM_PATH overrides. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export interface Journey {
  tp: TestPortal;
  baseUrl: string;
  browser: Browser;
  newPage(locale?: string): Promise<Page>;
  screenshot(page: Page, name: string): Promise<string>;
  /** Content-security-policy violations any page reported (close() fails the journey when there is one). */
  cspViolations: string[];
  /** Uncaught errors of any page's scripts (a chart that throws draws nothing; close() fails the journey). */
  pageErrors: string[];
  close(): Promise<void>;
}

/**
 * The portal serves its pages under a content security policy; a violation means a feature is broken in a real
 * browser (a style, image or script refused), even when the journey's assertions pass. Chromium prints most
 * violations to the console; the listener catches those it reports only as an event.
 */
const REPORT_CSP_VIOLATIONS = `document.addEventListener('securitypolicyviolation', (e) => console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI));`;
const isCspMessage = (text: string) => text.startsWith('CSP violation: ') || text.includes('Content Security Policy');

/**
 * The portal on its own database and SMTP server, listening on a free port, with a browser pointed at it.
 * `crawlerAllowOrigins`: fixture sites on 127.0.0.1 the portal's own page fetches may visit (teaching a recipe).
 * `dnsServers`: the resolvers domain watch runs ask (a journey's own DNS zone).
 */
export async function startJourney(opts: { crawlerAllowOrigins?: string[]; dnsServers?: string } = {}): Promise<Journey> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  const tp = await startTestPortal(opts);
  if (!fs.existsSync(path.join(tp.portal.services.config.webDist, 'index.html'))) {
    throw new Error('the web app is not built: npm run build');
  }
  const baseUrl = await tp.portal.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  const shots = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), 'portal-e2e');
  fs.mkdirSync(shots, { recursive: true });
  const cspViolations: string[] = [];
  const pageErrors: string[] = [];
  return {
    tp,
    baseUrl,
    browser,
    cspViolations,
    pageErrors,
    async newPage(locale = 'en-US') {
      const context = await browser.newContext({ locale, viewport: { width: 1366, height: 900 } });
      await context.addInitScript(REPORT_CSP_VIOLATIONS);
      const page = await context.newPage();
      page.on('console', (msg) => {
        if (isCspMessage(msg.text())) cspViolations.push(`${page.url()}: ${msg.text()}`);
      });
      page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
      return page;
    },
    async screenshot(page, name) {
      const file = path.join(shots, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      await browser.close();
      await tp.close();
      if (cspViolations.length > 0) throw new Error(`content security policy violations:\n${[...new Set(cspViolations)].join('\n')}`);
      if (pageErrors.length > 0) throw new Error(`uncaught errors in the pages' scripts:\n${[...new Set(pageErrors)].join('\n')}`);
    },
  };
}

/** Signs in through the login page with the code read from the test SMTP server, as a person would. */
/**
 * A journey whose evidence capture queue (one Chromium) may visit exactly one fixture site this journey serves at
 * `origin`, answering `page` on every path; `close` ends the queue, the journey and the site.
 */
export async function startCaptureJourney(page: Buffer): Promise<{ j: Journey; origin: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => void res.writeHead(200, { 'content-type': 'text/html' }).end(page));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const j = await startJourney();
  const queue = await startCaptureQueue(j.tp.portal.services, j.tp.portal.database.pool, {
    executablePath: CHROMIUM,
    browsers: 1,
    timeoutMs: 10_000,
    maxBytes: 5 * 1024 * 1024,
    policy: { allowPrivate: false, allowOrigins: [origin] },
  });
  return {
    j,
    origin,
    async close() {
      await queue.stop();
      await j.close();
      server.closeAllConnections();
      server.close();
    },
  };
}

export async function signIn(j: Journey, page: Page, mail: string, password: string): Promise<void> {
  await page.goto(`${j.baseUrl}/login`);
  await page.getByTestId('login-mail').fill(mail);
  await page.getByTestId('login-password').fill(password);
  j.tp.mailbox.clear();
  await page.getByTestId('send-code').click();
  const code = await j.tp.mailbox.codeFor(mail);
  await page.getByTestId('login-code').fill(code);
  await page.getByTestId('login-submit').click();
  await expect.poll(() => page.url()).not.toMatch(/\/login$/);
}

/** Picks an option of an antd Select whose root carries the test id. */
export async function choose(page: Page, testId: string, optionText: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: optionText }).first().click();
  await page.keyboard.press('Escape');
}

/** Types a date into an antd DatePicker input and confirms it. */
export async function typeDate(page: Page, testId: string, date: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.getByTestId(testId).fill(date);
  await page.keyboard.press('Enter');
}

/** expect.poll with room for a loaded machine (the default gives up after 1 s). */
export const eventually = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

/** The text of the toasts on screen. */
export const toast = (page: Page) => page.locator('.ant-message').innerText();

/**
 * Picks an option of the antd Select whose root carries the test id, typing part of its label first when given. The
 * option is looked for in that Select's own dropdown (the one picked just before may still be fading out), and the
 * dropdown is left to close by itself (Escape would close a modal around it).
 */
export async function pick(page: Page, testId: string, option: string, typed?: string): Promise<void> {
  const select = page.getByTestId(testId);
  // A Select still loading its options has none to pick yet; on a loaded machine they may take a while.
  await expect.poll(() => select.getAttribute('class'), { timeout: 60_000 }).not.toContain('ant-select-loading');
  const listId = await select.locator('input[role=combobox]').getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${listId}"]`) });
  const chosen = () => select.locator('.ant-select-selection-item').first().innerText().catch(() => '');
  // A click on an option while the dropdown still moves (a modal zooming in on a loaded machine) can miss it: the
  // choice is made again, up to three times, until the Select shows it.
  for (let attempt = 0; attempt < 3; attempt++) {
    if (!(await dropdown.isVisible())) await select.click();
    if (typed && attempt === 0) await page.keyboard.type(typed);
    await dropdown.locator('.ant-select-item-option').filter({ hasText: option }).first().click();
    try {
      await expect.poll(chosen, { timeout: 5_000 }).toContain(option);
      return;
    } catch {
      // tried again below
    }
  }
  await eventually(chosen).toContain(option);
}

/** Scrolls a record list's body to its right end: only the columns in view are rendered. */
export async function scrollRight(page: Page, bodyTestId: string): Promise<void> {
  await page.getByTestId(bodyTestId).evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
}

/**
 * Screenshots of the page at 1280 and 1440 px wide (`<name>-1280.png`, `<name>-1440.png`), the widths charts must
 * be legible at (issue 35); the charts are given a moment to redraw at each width, and the page is left at 1366.
 */
export async function screenshotWidths(j: Journey, page: Page, name: string, widths: readonly number[] = [1280, 1440]): Promise<void> {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(800);
    await j.screenshot(page, `${name}-${width}`);
  }
  await page.setViewportSize({ width: 1366, height: 900 });
}
