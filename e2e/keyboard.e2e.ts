import { Role } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFocus, tabTo } from './focus.js';
import { eventually, startJourney, type Journey } from './harness.js';

/**
 * Keyboard-only journeys (issue 35, WCAG 2.1.1 and 2.4.7): once a page is open, only keys: sign in, filter the EC
 * list, select rows and batch-update them, change a record and save it, compose a takedown notice and reach its
 * downloads and send button. Every stop of the focus on the way is checked to show (focus.ts).
 */
let j: Journey;
let page: Page;
const ids: number[] = [];
let clientId: number;
let analyst: { mail: string; password: string };

beforeAll(async () => {
  j = await startJourney();
  const db = j.tp.portal.services.db;
  clientId = await createClient(j.tp, 'Sakura Cosmetics');
  const user = await createUser(j.tp, { role: Role.ANALYST, name: 'Kei Keyboard' });
  analyst = user;
  await db.insertInto('client_manager').values({ client_id: clientId, user_id: user.userId }).execute();
  const { trademark_id } = await db.insertInto('trademark').values({ client_id: clientId, no: '6123456', region: 'US', type: '3', text: 'SAKURA GLOW', invalid_date: '2099-01-01', created_at: new Date(), updated_at: new Date() }).returning('trademark_id').executeTakeFirstOrThrow();
  const category = await db.insertInto('infringement_category').values({ name: '模倣品', name_en: 'Counterfeit' }).returning('id').executeTakeFirstOrThrow();
  const sub = await db.insertInto('infringement_subcategory').values({ category_id: category.id, name: '模倣品', name_en: 'Counterfeit goods', code: 'KB1', common_category: 3 }).returning('id').executeTakeFirstOrThrow();
  const report = (await db.insertInto('ec_report').values({ client_id: clientId, report_name: 'November', upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow()).report_id;
  const listing = (n: number, site: string) => ({
    client_id: clientId, report_id: report, ec_site: site, ec_product_title: `SAKURA GLOW serum ${n}`, ec_product_url: `https://www.ebay.com/itm/12345678901${n}`, url_key: `ebay.com/itm/${n}`,
    ec_product_seller: `cheap-cosme-${n}`, ec_product_price: '19.99', ec_product_currency: 'USD', ec_product_region: 'US', ec_response_trademark: trademark_id,
    ec_categorize_date: '2026-11-01', ec_category_id: sub.id, ec_category_common_type_id: 3, published: true, updated_at: new Date(),
  });
  // Three eBay listings to filter on, select and notify, and one elsewhere the filter leaves out.
  const rows = [listing(1, 'eBay'), listing(2, 'eBay'), listing(3, 'eBay'), listing(4, 'Amazon')];
  ids.push(...(await db.insertInto('ec_record').values(rows).returning('ec_id').execute()).map((r) => r.ec_id));
  // Captured evidence: a notice composes without problems.
  await db.insertInto('evidence_capture').values(ids.map((ec_id) => ({ client_id: clientId, kind: 'ec' as const, ec_id, url: 'https://www.ebay.com/', state: 'done' as const, final_url: 'https://www.ebay.com/', http_status: 200, sha256_png: 'a'.repeat(64), sha256_html: 'b'.repeat(64), requested_at: new Date(), captured_at: new Date() }))).execute();

});
afterAll(async () => {
  await j?.close();
});

/** Opens a page and skips its menu and header with the skip link, the first stop of the Tab key. */
async function open(path: string, ready: string): Promise<void> {
  await page.goto(`${j.baseUrl}${path}`);
  await page.getByTestId(ready).first().waitFor();
  await page.keyboard.press('Tab');
  await expectFocus(page, 'skip-link');
  await j.screenshot(page, 'keyboard-skip-link');
  await page.keyboard.press('Enter');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('main-content');
}

/** Tabs to the next rows' check boxes and ticks them with Space; answers the records chosen. */
async function selectRows(count: number): Promise<number[]> {
  const chosen: number[] = [];
  while (chosen.length < count) {
    const box = await tabTo(page, /^ec-row-select-\d+$/);
    await page.keyboard.press('Space');
    chosen.push(Number(box.testid!.split('-').pop()));
  }
  return chosen;
}

describe('keyboard only', () => {
  it('reads the accessibility statement from the sign-in page and comes back', async () => {
    page = await j.newPage();
    await page.goto(`${j.baseUrl}/login`);
    await page.getByTestId('login-mail').waitFor();
    await tabTo(page, 'accessibility-link');
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('accessibility-statement').innerText()).toContain('(WCAG) 2.2 at level AA');
    await j.screenshot(page, 'keyboard-statement');
    await tabTo(page, 'accessibility-back');
    await page.keyboard.press('Enter');
    await page.getByTestId('login-mail').waitFor();
  });

  it('signs in: address, password, the code sent by mail, submit', async () => {
    await tabTo(page, 'login-mail');
    await page.keyboard.type(analyst.mail);
    await tabTo(page, 'login-password');
    await page.keyboard.type(analyst.password);
    j.tp.mailbox.clear();
    await tabTo(page, 'send-code');
    await page.keyboard.press('Enter');
    const code = await j.tp.mailbox.codeFor(analyst.mail);
    await tabTo(page, 'login-code', { back: true });
    await page.keyboard.type(code);
    await tabTo(page, 'login-submit');
    await page.keyboard.press('Enter');
    await eventually(async () => page.url()).not.toMatch(/\/login$/);
  });

  it('the side menu collapses and expands from the keyboard', async () => {
    await page.goto(`${j.baseUrl}/profile`);
    const handle = page.getByTestId('menu-collapse');
    await handle.waitFor();
    await tabTo(page, 'menu-collapse');
    await page.keyboard.press('Enter');
    await eventually(() => handle.getAttribute('aria-expanded')).toBe('false');
    await expectFocus(page, 'menu-collapse');
    await page.keyboard.press('Space');
    await eventually(() => handle.getAttribute('aria-expanded')).toBe('true');
  });

  it('the EC list: choose the client, filter a column, select rows, batch-update their category, read a history', async () => {
    await open('/ec-list', 'ec-list-client');
    await tabTo(page, 'ec-list-client');
    await page.keyboard.type('Sakura');
    await page.keyboard.press('Enter');
    await eventually(() => page.getByTestId(`ec-row-${ids[3]}`).count()).toBe(1);

    // The site column's filter: open it, find eBay, tick it, apply; the focus comes back to the filter.
    await tabTo(page, 'ec-filter-ec_site');
    await page.keyboard.press('Enter');
    await expectFocus(page, 'record-filter-search');
    await page.keyboard.type('eBay');
    await tabTo(page, 'record-filter-option');
    await page.keyboard.press('Space');
    await tabTo(page, 'record-filter-apply');
    await page.keyboard.press('Enter');
    await eventually(() => page.getByTestId(`ec-row-${ids[3]}`).count()).toBe(0);
    await expectFocus(page, 'ec-filter-ec_site');

    // The first two rows selected with Space.
    const chosen = await selectRows(2);
    await eventually(() => page.getByTestId('ec-list-selected').innerText()).toContain('2');

    // The batch: a category by arrow keys, the update, the confirmation.
    await tabTo(page, 'ec-batch-value', { back: true });
    await page.keyboard.type('Non-infringement');
    await page.keyboard.press('Enter');
    await tabTo(page, 'ec-batch-submit');
    await page.keyboard.press('Enter');
    await page.getByTestId('ec-batch-confirm-text').waitFor();
    await expectFocus(page, 'ec-batch-confirm');
    await page.keyboard.press('Enter');
    const db = j.tp.portal.services.db;
    const categories = () => db.selectFrom('ec_record').select('ec_category_common_type_id').where('ec_id', 'in', ids).orderBy('ec_id').execute();
    const expected = ids.map((id) => (chosen.includes(id) ? 1 : 3));
    await eventually(async () => (await categories()).map((r) => r.ec_category_common_type_id)).toEqual(expected);

    // The confirmation gives the focus back to the update button.
    await page.getByTestId('ec-batch-confirm').waitFor({ state: 'detached' });
    await expectFocus(page, 'ec-batch-submit');

    // A row's history: the drawer lists the batch; Escape closes it and the focus is back on the row's link.
    const history = await tabTo(page, /^ec-history-\d+$/, { max: 120 });
    await page.keyboard.press('Enter');
    await page.getByTestId('ec-history-drawer').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('ec-history-drawer').waitFor({ state: 'hidden' });
    await expectFocus(page, history.testid!);
  });

  it('the record detail: reach a field, change it, save', async () => {
    await open(`/ec-data/${clientId}/${ids[2]}`, 'ec-detail-form');
    await tabTo(page, 'ec-field-categoryRemarks', { max: 120 });
    await page.keyboard.type('Checked with the keyboard');
    await tabTo(page, 'ec-detail-save', { back: true, max: 120 });
    await page.keyboard.press('Enter');
    const db = j.tp.portal.services.db;
    await eventually(async () => (await db.selectFrom('ec_record').select('ec_categorize_remarks').where('ec_id', '=', ids[2]!).executeTakeFirstOrThrow()).ec_categorize_remarks).toBe('Checked with the keyboard');
  });

  it('the takedown composer: choose records, compose, reach the downloads and the send button', async () => {
    await open('/ec-list', 'ec-list-client');
    await tabTo(page, 'ec-list-client');
    await page.keyboard.type('Sakura');
    await page.keyboard.press('Enter');
    await eventually(() => page.getByTestId(`ec-row-${ids[2]}`).count()).toBe(1);
    const chosen = await selectRows(3);
    await tabTo(page, 'ec-takedown', { back: true });
    // Escape closes the composer and the focus is back on its button; open it again.
    await page.keyboard.press('Enter');
    await page.getByTestId('takedown-summary').waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('takedown-drawer').waitFor({ state: 'hidden' });
    await expectFocus(page, 'ec-takedown');
    await page.keyboard.press('Enter');
    await eventually(() => page.getByTestId('takedown-summary').innerText()).toMatch(/ 0 problem\(s\)$/);
    await tabTo(page, /^takedown-export-/);
    await j.screenshot(page, 'keyboard-takedown-export');
    await tabTo(page, 'takedown-mark-sent');
    await page.keyboard.press('Enter');
    await expectFocus(page, 'takedown-mark-sent-confirm');
    await page.keyboard.press('Enter');
    const db = j.tp.portal.services.db;
    await eventually(async () => (await db.selectFrom('ec_record').select('ec_process1_date').where('ec_id', 'in', chosen).execute()).every((r) => r.ec_process1_date !== null)).toBe(true);
    // Sent: the composer closes and the focus is back on its button in the list.
    await page.getByTestId('takedown-drawer').waitFor({ state: 'hidden' });
    await expectFocus(page, 'ec-takedown');
  });
});
