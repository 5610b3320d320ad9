import os from 'node:os';
import path from 'node:path';
import { seedDemo } from '@portal/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, signIn, startJourney, type Journey } from './harness.js';

let j: Journey;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(async () => {
  await j?.close();
});

const KINDS = [
  { prefix: 'ec', path: '/ec-list' },
  { prefix: 'ws', path: '/ws-list' },
  { prefix: 'sns', path: '/sns-list' },
] as const;

/**
 * The screen as a person sees it at this size: the viewport only (a full-page screenshot briefly resizes the page,
 * and the side menu and the table with it), where the harness's screenshots go.
 */
async function seen(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS ?? path.join(os.tmpdir(), 'portal-e2e'), `${name}.png`) });
}

/**
 * What a header or a row shows badly: header titles cut (their text wider than their cell), and, scrolled to the
 * end, the last scrolling header or cell reaching under the fixed actions column (in px, > 0 when it does).
 */
function layoutOf(page: Page, prefix: string) {
  return page.evaluate((prefix) => {
    const heads = [...document.querySelectorAll('.rec-table thead th')].filter((th) => !th.classList.contains('ant-table-cell-scrollbar') && !th.classList.contains('ant-table-selection-column'));
    const cut = (th: Element) => {
      const title = th.querySelector('.ant-table-column-title, .ant-table-cell-content');
      if (title) return title.scrollWidth > title.clientWidth;
      // A title straight in the cell (beside the resize handle, which reaches out of it): its text within the padding.
      const texts = [...th.childNodes].filter((n) => n.nodeType === Node.TEXT_NODE);
      if (texts.length === 0) return false;
      const range = document.createRange();
      range.setStartBefore(texts[0]!);
      range.setEndAfter(texts.at(-1)!);
      return range.getBoundingClientRect().right > th.getBoundingClientRect().right - parseFloat(getComputedStyle(th).paddingRight) + 0.5;
    };
    const clipped = heads.filter(cut).map((th) => th.textContent);
    const actionsHead = heads.at(-1)!.getBoundingClientRect().left;
    const row = document.querySelector(`[data-testid^="${prefix}-row-"]`)!;
    const cells = [...row.querySelectorAll('.rec-cell-scroll')].map((c) => c.getBoundingClientRect().right);
    const actionsCell = row.querySelector('.rec-fixed-right')!.getBoundingClientRect().left;
    return { clipped, head: heads.at(-2)!.getBoundingClientRect().right - actionsHead, cell: Math.max(...cells) - actionsCell };
  }, prefix);
}

/** Issue 35, point 4: the record lists of the demo, at 1280 and 1440 px in both languages. */
describe('the record lists fit', () => {
  it('no header cut, no column under the fixed actions, in English and Japanese at 1280 and 1440 px', async () => {
    const accounts = await seedDemo(j.tp.portal.services);
    const analyst = accounts.find((a) => a.role === 'analyst')!;
    const { client_id: clientId } = await j.tp.portal.services.db.selectFrom('ec_record').select('client_id').orderBy('ec_id').executeTakeFirstOrThrow();
    const page = await j.newPage('en-US');
    await signIn(j, page, analyst.mail, analyst.password);
    // Every list at every width in both languages is looked at (and photographed) before the verdict.
    const problems: Record<string, unknown> = {};
    for (const lang of ['en', 'ja'] as const) {
      if (lang === 'ja') await page.getByTestId('lang-ja').click();
      for (const { prefix, path } of KINDS) {
        await page.goto(`${j.baseUrl}${path}?clientId=${clientId}`);
        const row = page.locator(`[data-testid^="${prefix}-row-"]`).first();
        await row.waitFor();
        for (const width of [1280, 1440]) {
          const where = `${prefix} ${lang} ${width}`;
          await page.setViewportSize({ width, height: width === 1280 ? 800 : 900 });
          await eventually(() => page.evaluate(() => document.querySelector('.rec-table thead th')?.getBoundingClientRect().width ?? 0)).toBeGreaterThan(0);
          const { clipped } = await layoutOf(page, prefix);
          if (clipped.length > 0) problems[`${where}: headers cut`] = clipped;
          await seen(page, `list-${prefix}-${lang}-${width}`);
          await row.hover();
          for (let i = 0; i < 12; i++) await page.mouse.wheel(900, 0);
          await eventually(() => page.getByTestId(`${prefix}-table-body`).evaluate((el) => el.scrollLeft + el.clientWidth >= el.scrollWidth - 1)).toBe(true);
          const { head, cell } = await layoutOf(page, prefix);
          if (head > 1 || cell > 1) problems[`${where}: under the actions`] = { head, cell };
          await seen(page, `list-${prefix}-${lang}-${width}-end`);
          await page.getByTestId(`${prefix}-table-body`).evaluate((el) => el.scrollTo({ left: 0 }));
        }
        // Every column the chooser offers (a header need not be in view to be cut), then the defaults again.
        await page.getByTestId(`${prefix}-columns`).click();
        await page.getByTestId(`${prefix}-columns-all`).click();
        await eventually(async () => (await page.locator('.rec-table thead th').count()) > 20).toBe(true);
        const { clipped } = await layoutOf(page, prefix);
        if (clipped.length > 0) problems[`${prefix} ${lang} every column: headers cut`] = clipped;
        await page.getByTestId(`${prefix}-columns-defaults`).click();
        await page.keyboard.press('Escape');
      }
    }
    expect(problems).toEqual({});
    expect(j.cspViolations).toEqual([]);
    await page.context().close();
  });
});
