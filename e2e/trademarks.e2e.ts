import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { Role, type Trademark } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, signIn, startJourney, typeDate, eventually, toast, type Journey } from './harness.js';

let j: Journey;
let dir: string;
beforeAll(async () => {
  j = await startJourney();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trademark-e2e-'));
});
afterAll(async () => {
  await j?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const formAlert = (page: Page) => page.locator('.ant-alert-error').innerText();

/** A real PNG (a 24×16 red rectangle) in a temp file, for the file inputs. */
function writePng(name: string): string {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(body.length + 8);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(zlib.crc32(body), body.length + 4);
    return out;
  };
  const [width, height] = [24, 16];
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => [220, 30, 40]).flat())]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
  const file = path.join(dir, name);
  fs.writeFileSync(file, png);
  return file;
}

/** Picks an option of a searchable antd Select by typing part of its label (long option lists are virtual). */
async function search(page: Page, testId: string, typed: string, option: string): Promise<void> {
  await page.getByTestId(testId).click();
  await page.keyboard.type(typed);
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click();
}

/** The trademark as the server holds it. */
async function held(trademarkId: number, token: string): Promise<Trademark> {
  const answer = await j.tp.post('/api/trademark/get-trademark', { trademarkId }, { token });
  return (answer.body.data as { trademark: Trademark }).trademark;
}

/** The preview image of the form has loaded from the server (not a broken image). */
async function previewLoaded(page: Page): Promise<boolean> {
  return page.getByTestId('trademark-image-preview').locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 24);
}

describe('trademarks in the browser', () => {
  it('a client user adds a trademark with an image, finds it, edits it and sends a registration request', async () => {
    const clientId = await createClient(j.tp, 'Acme');
    const user = await createUser(j.tp, { role: Role.CLIENT, clientId, name: 'Aiko Client' });
    // Requests go to REQUEST_MAIL_TO (the test portal sets one), or else to every administrator.
    const admin = await createUser(j.tp, { role: Role.ADMIN });
    const desk = j.tp.portal.services.config.requestMailTo?.split(',')[0]?.trim() || admin.mail;
    const other = await j.tp.post(
      '/api/trademark/create-trademark',
      { clientId, no: 'US-555', region: 'US', type: '9', text: 'OTHERMARK', status: 3 },
      { token: user.token },
    );
    expect(other.body.code).toBe(0);
    const otherId = (other.body.data as { trademark: Trademark }).trademark.trademark_id;

    const page = await j.newPage('en-US');
    await signIn(j, page, user.mail, user.password);
    await page.goto(`${j.baseUrl}/trademark`);
    await page.getByTestId(`trademark-row-${otherId}`).waitFor();
    expect(await page.getByTestId('trademark-list').innerText()).not.toContain('Client');
    await page.getByTestId('trademark-new').click();
    await eventually(async () => page.url()).toMatch(/\/trademark\/new$/);

    // The database picker: nothing chosen is an error; a chosen registry opens in a new window.
    await page.evaluate(() => {
      const opened: unknown[][] = [];
      (window as unknown as { opened: unknown[][] }).opened = opened;
      window.open = (...args: unknown[]) => {
        opened.push(args);
        return null;
      };
    });
    await page.getByTestId('registry-open').click();
    await eventually(() => toast(page)).toContain('Choose a trademark database');
    await search(page, 'registry-select', 'J-PlatPat', 'J-PlatPat');
    await page.getByTestId('registry-open').click();
    const opened = await page.evaluate(() => (window as unknown as { opened: unknown[][] }).opened);
    expect(opened).toEqual([['https://www.j-platpat.inpit.go.jp/', '_blank', 'noopener,noreferrer']]);

    // The contract's first problem shows above the form, and nothing is sent.
    await page.getByTestId('trademark-form-submit').click();
    await eventually(() => formAlert(page)).toContain('Please input the trademark number.');

    await search(page, 'trademark-field-region', 'Japan', 'Japan');
    await page.getByTestId('trademark-field-no').fill('JP-2024-001');
    await search(page, 'trademark-field-type', '25', '25 Clothing');
    await page.getByTestId('trademark-field-text').fill('ACMEWEAR');
    await typeDate(page, 'trademark-field-registerDate', '2024-04-01');
    await typeDate(page, 'trademark-field-invalidDate', '2034-04-01');
    await page.getByTestId('trademark-field-remindFlag').click();
    await page.getByTestId('trademark-field-belongsto').fill('Acme Inc.');
    await page.getByTestId('trademark-field-descriptionJP').fill('被服、履物');
    await page.getByTestId('trademark-field-descriptionEN').fill('Clothing, footwear');
    await choose(page, 'trademark-field-status', 'Applying');
    await page.getByTestId('trademark-field-remarks').fill('First filing');

    // The image: a wrong type is refused in the browser; a PNG uploads at once. While it uploads, submit waits.
    const input = page.getByTestId('trademark-image-upload').locator('input[type=file]');
    const gif = path.join(dir, 'logo.gif');
    fs.writeFileSync(gif, Buffer.from('GIF89a'));
    await input.setInputFiles(gif);
    await eventually(() => toast(page)).toContain('The image must be a PNG or JPEG file');
    let release: () => void = () => undefined;
    const uploadGate = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/trademark/upload-image', async (route) => {
      await uploadGate;
      await route.continue();
    });
    await input.setInputFiles(writePng('logo.png'));
    await page.getByTestId('trademark-image-progress').waitFor();
    await page.getByTestId('trademark-form-submit').click();
    await eventually(() => toast(page)).toContain('Trademark images are still being uploaded. please wait a little bit.');
    release();
    await eventually(() => previewLoaded(page)).toBe(true);
    await page.unroute('**/api/trademark/upload-image');
    await j.screenshot(page, 'trademark-new-en');

    await page.getByTestId('trademark-form-submit').click();
    await eventually(() => toast(page)).toContain('Adding trademark is completed.');
    await eventually(async () => page.url()).toMatch(/\/trademark\/\d+$/);
    const trademarkId = Number(/\/trademark\/(\d+)$/.exec(page.url())![1]);
    const added = await held(trademarkId, user.token);
    expect(added).toMatchObject({
      trademark_client_id: clientId,
      trademark_no: 'JP-2024-001',
      trademark_region: 'JP',
      trademark_type: '25',
      trademark_text: 'ACMEWEAR',
      trademark_register_date: '2024-04-01',
      trademark_invalid_date: '2034-04-01',
      trademark_remind_flag: true,
      trademark_belongsto: 'Acme Inc.',
      trademark_description_ja: '被服、履物',
      trademark_description_en: 'Clothing, footwear',
      trademark_description_cn: '',
      trademark_status: 2,
      trademark_remarks: 'First filing',
    });
    expect(added.trademark_image).toBeTruthy();
    await eventually(() => previewLoaded(page)).toBe(true);

    // The detail: nothing changed sends nothing; the remarks and the status are updated, the rest kept.
    await page.getByTestId('trademark-form-submit').click();
    await eventually(() => toast(page)).toContain('Nothing has changed.');
    await page.getByTestId('trademark-field-remarks').fill('Renewal checked');
    await choose(page, 'trademark-field-status', 'Registered');
    await page.getByTestId('trademark-form-submit').click();
    await eventually(() => toast(page)).toContain('Trademark information has been updated.');
    await eventually(async () => (await held(trademarkId, user.token)).trademark_status).toBe(1);
    expect(await held(trademarkId, user.token)).toMatchObject({ ...added, trademark_status: 1, trademark_remarks: 'Renewal checked', trademark_updated_at: expect.any(String) });
    await eventually(() => page.getByTestId('trademark-field-remarks').inputValue()).toBe('Renewal checked');
    await j.screenshot(page, 'trademark-detail-en');

    // The list: a search by word mark finds only it, with its thumbnail; a ?region= link filters by region.
    await page.getByTestId('trademark-back').click();
    await page.getByTestId(`trademark-row-${otherId}`).waitFor();
    await page.getByTestId('search-keyword').fill('ACMEWEAR');
    await page.getByTestId('search-find').click();
    await eventually(() => page.getByTestId(`trademark-row-${otherId}`).count()).toBe(0);
    const row = page.getByTestId(`trademark-row-${trademarkId}`);
    const rowText = await row.innerText();
    for (const shown of ['JP-2024-001', 'Japan', '25 Clothing', 'ACMEWEAR', '2024-04-01', '2034-04-01', 'Registered', 'Renewal checked']) expect(rowText).toContain(shown);
    await eventually(() => row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(24);
    await page.getByTestId('search-reset').click();
    await page.getByTestId(`trademark-row-${otherId}`).waitFor();
    await j.screenshot(page, 'trademark-list-en');
    await page.goto(`${j.baseUrl}/trademark?region=JP`);
    await page.getByTestId(`trademark-row-${trademarkId}`).waitFor();
    expect(await page.getByTestId(`trademark-row-${otherId}`).count()).toBe(0);

    // A registration request: the word mark or an image is needed; the image goes to the desk as an attachment.
    await page.getByTestId('trademark-request').click();
    await eventually(async () => page.url()).toMatch(/\/trademark\/registration$/);
    expect(await page.getByTestId('registration-field-company').inputValue()).toBe('Acme');
    expect(await page.getByTestId('registration-field-name').inputValue()).toBe('Aiko Client');
    expect(await page.getByTestId('registration-field-mail').inputValue()).toBe(user.mail);
    await page.getByTestId('registration-field-trademark_detail').fill('Clothing in Japan and China');
    await page.getByTestId('registration-field-tel').fill('03-1234-5678');
    await page.getByTestId('registration-submit').click();
    await eventually(() => formAlert(page)).toContain('Enter the word mark or image mark.');
    await page.getByTestId('registration-file').locator('input[type=file]').setInputFiles(writePng('mark.png'));
    await page.getByTestId('registration-file-chosen').waitFor();
    await page.getByTestId('registration-field-remarks').fill('Urgent');
    await j.screenshot(page, 'trademark-registration-en');
    j.tp.mailbox.clear();
    await page.getByTestId('registration-submit').click();
    await eventually(() => toast(page)).toContain('Submitted trademark information to the IPF.');
    const mail = await j.tp.mailbox.latestTo(desk, 10_000);
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]?.contentType).toBe('image/png');
    expect(mail.text).toContain('Clothing in Japan and China');
    expect(mail.text).toContain('03-1234-5678');
    // The form starts again, prefilled.
    await eventually(() => page.getByTestId('registration-field-trademark_detail').inputValue()).toBe('');
    expect(await page.getByTestId('registration-file-chosen').count()).toBe(0);
    expect(await page.getByTestId('registration-field-company').inputValue()).toBe('Acme');

    // Delete asks first.
    await page.goto(`${j.baseUrl}/trademark`);
    await page.getByTestId(`trademark-delete-${otherId}`).click();
    await page.getByTestId('trademark-delete-ok').click();
    await eventually(() => page.getByTestId(`trademark-row-${otherId}`).count()).toBe(0);
    expect((await j.tp.post('/api/trademark/get-trademark', { trademarkId: otherId }, { token: user.token })).body.code).not.toBe(0);

    // Japanese.
    await page.getByTestId('lang-ja').click();
    await eventually(() => page.locator('body').innerText()).toContain('商標一覧');
    const jaRow = await page.getByTestId(`trademark-row-${trademarkId}`).innerText();
    for (const shown of ['日本', '25 被服', '登録済', 'あり']) expect(jaRow).toContain(shown);
    await j.screenshot(page, 'trademark-list-ja');
    await page.getByTestId(`trademark-detail-${trademarkId}`).click();
    await eventually(() => page.locator('body').innerText()).toContain('商標詳細');
    await j.screenshot(page, 'trademark-detail-ja');
    await page.goto(`${j.baseUrl}/trademark/registration`);
    await eventually(() => page.locator('body').innerText()).toContain('依頼を送信');
    await j.screenshot(page, 'trademark-registration-ja');
    await page.context().close();
  });

  it('an analyst sees every client, must choose the client on add, and filters by client', async () => {
    const acme = await createClient(j.tp, 'Bluebird Co');
    const other = await createClient(j.tp, 'Crane Ltd');
    const analyst = await createUser(j.tp, { role: Role.ANALYST });
    // Adding a client's trademarks is for its managers.
    await j.tp.portal.services.db.insertInto('client_manager').values([{ client_id: acme, user_id: analyst.userId }, { client_id: other, user_id: analyst.userId }]).execute();
    const page = await j.newPage('en-US');
    await signIn(j, page, analyst.mail, analyst.password);

    await page.goto(`${j.baseUrl}/trademark/new`);
    expect(await page.getByTestId('trademark-request').count()).toBe(0);
    await page.getByTestId('trademark-form-submit').click();
    await eventually(() => formAlert(page)).toContain('Please select the client.');
    await search(page, 'trademark-field-client', 'Bluebird', 'Bluebird Co');
    await search(page, 'trademark-field-region', 'Germany', 'Germany');
    await page.getByTestId('trademark-field-no').fill('DE-1');
    await search(page, 'trademark-field-type', '3', '3 Cosmetics');
    await page.getByTestId('trademark-field-text').fill('BLUEBIRD');
    await page.getByTestId('trademark-form-submit').click();
    await eventually(() => toast(page)).toContain('Adding trademark is completed.');
    await eventually(async () => page.url()).toMatch(/\/trademark\/\d+$/);
    await eventually(() => page.getByTestId('trademark-field-client').innerText()).toBe('Bluebird Co');
    const trademarkId = Number(/\/trademark\/(\d+)$/.exec(page.url())![1]);
    expect((await held(trademarkId, analyst.token)).trademark_client_id).toBe(acme);

    const created = await j.tp.post('/api/trademark/create-trademark', { clientId: other, no: 'FR-1', region: 'FR', type: '3', text: 'CRANE' }, { token: analyst.token });
    const craneId = (created.body.data as { trademark: Trademark }).trademark.trademark_id;
    await page.goto(`${j.baseUrl}/trademark`);
    await page.getByTestId(`trademark-row-${craneId}`).waitFor();
    expect(await page.getByTestId(`trademark-row-${trademarkId}`).innerText()).toContain('Bluebird Co');
    await j.screenshot(page, 'trademark-list-analyst-en');
    // The client column's filter: only Bluebird's trademarks.
    await page.locator('.ant-table-thead th').filter({ hasText: 'Client' }).locator('.ant-table-filter-trigger').click();
    await page.locator('.ant-table-filter-dropdown:visible').getByText('Bluebird Co', { exact: true }).click();
    await page.locator('.ant-table-filter-dropdown:visible .ant-btn-primary').click();
    await eventually(() => page.getByTestId(`trademark-row-${craneId}`).count()).toBe(0);
    await page.getByTestId(`trademark-row-${trademarkId}`).waitFor();
    await page.context().close();
  });
});
