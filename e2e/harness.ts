import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { startTestPortal, type TestPortal } from '@portal/server/testing';

/** Debian's Chromium, never a downloaded browser; CHROMIUM_PATH overrides. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'];

export interface Journey {
  tp: TestPortal;
  baseUrl: string;
  browser: Browser;
  newPage(locale?: string): Promise<Page>;
  screenshot(page: Page, name: string): Promise<string>;
  close(): Promise<void>;
}

/** The portal on its own database and SMTP server, listening on a free port, with a browser pointed at it. */
export async function startJourney(): Promise<Journey> {
  if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
  const tp = await startTestPortal();
  if (!fs.existsSync(path.join(tp.portal.services.config.webDist, 'index.html'))) {
    throw new Error('the web app is not built: npm run build');
  }
  const baseUrl = await tp.portal.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS, headless: true });
  const shots = process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), 'portal-e2e');
  fs.mkdirSync(shots, { recursive: true });
  return {
    tp,
    baseUrl,
    browser,
    async newPage(locale = 'en-US') {
      const context = await browser.newContext({ locale, viewport: { width: 1366, height: 900 } });
      return context.newPage();
    },
    async screenshot(page, name) {
      const file = path.join(shots, `${name}.png`);
      await page.screenshot({ path: file, fullPage: true });
      return file;
    },
    async close() {
      await browser.close();
      await tp.close();
    },
  };
}
