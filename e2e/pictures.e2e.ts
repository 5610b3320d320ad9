import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { Role } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertRecords, insertReport } from '../packages/server/src/kinds/ec/fixtures.js';
import { lookAtPictures } from '../packages/server/src/records/pictures/look.js';
import { madePhoto, photoWithWord } from '../packages/server/src/testing/photos.js';
import { eventually, pick, signIn, startJourney, toast, type Journey } from './harness.js';

/**
 * Issue 31 in the browser: genuine photos uploaded in Data Settings, a record's same-photo match on its detail, the EC
 * list filtered by it, and a record found by dropping its picture; once in Japanese. A word mark read in a listing
 * picture, on the detail in both languages. Test portals run no jobs: the
 * picture job is worked here as pictures.test.ts does, over listing pictures served by a local server.
 */

let j: Journey;
let server: http.Server;
let origin: string;
let dir: string;
let photoA: Buffer;

beforeAll(async () => {
  photoA = await madePhoto(1);
  const files: Record<string, Buffer> = { '/a.jpg': photoA, '/b.jpg': await madePhoto(2), '/word.jpg': await photoWithWord(11, 'SAKURA GLOW', 'Liberation Serif') };
  server = http.createServer((req, res) => {
    const body = files[req.url ?? ''];
    if (!body) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'image/jpeg' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  j = await startJourney({ crawlerAllowOrigins: [origin] });
  // The listing pictures on screen come through the portal's thumbnails, which keep to the capture's origins.
  j.tp.portal.services.config.capture.allowOrigins = [origin];
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pictures-e2e-'));
});
afterAll(async () => {
  await j?.close();
  await new Promise((resolve) => server?.close(resolve));
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

/** Drops a file on an antd drag box as a person would (a drop event carrying the file). */
async function dropFile(page: Page, selector: string, name: string, bytes: Buffer, type: string): Promise<void> {
  const dataTransfer = await page.evaluateHandle(
    ({ b64, name, type }) => {
      const data = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([data], name, { type }));
      return transfer;
    },
    { b64: bytes.toString('base64'), name, type },
  );
  await page.locator(selector).dispatchEvent('drop', { dataTransfer });
}

describe('pictures in the browser', () => {
  it('an analyst uploads genuine photos, sees a record showing one, filters the list by it and finds the record by its picture; the client user reads it in Japanese', async () => {
    const db = j.tp.portal.services.db;
    const clientId = await createClient(j.tp, 'Sakura Cosmetics');
    const analyst = await createUser(j.tp, { role: Role.ANALYST, name: 'Ren Analyst' });
    const clientUser = await createUser(j.tp, { role: Role.CLIENT, clientId, name: 'Aiko Client' });
    await db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
    const report = await insertReport(j.tp, clientId, 'Pictures');
    const [copied, other] = await insertRecords(j.tp, clientId, report, [
      { ec_product_title: 'Sakura serum copy', ec_product_seller: 'Copy Shop', ec_product_image_url: `${origin}/a.jpg` },
      { ec_product_title: 'Unrelated lamp', ec_product_seller: 'Lamp Shop', ec_product_image_url: `${origin}/b.jpg` },
    ]);
    // The job looks at both pictures first: the genuine photo uploaded later is matched with what it already knows.
    expect(await lookAtPictures(j.tp.portal.services, clientId, 'ec')).toEqual({ done: 2, failed: 0 });

    // 1. Data settings → genuine photos: two photos at once with their brand.
    fs.writeFileSync(path.join(dir, 'serum-front.jpg'), photoA);
    fs.writeFileSync(path.join(dir, 'serum-box.png'), await sharp(await madePhoto(5)).png().toBuffer());
    const page = await j.newPage('en-US');
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/manage/client/${clientId}`);
    await page.getByRole('tab', { name: 'Data settings' }).click();
    await page.getByRole('tab', { name: 'Genuine photos' }).click();
    await page.getByTestId('genuine-photo-brand').fill('Sakura Serum');
    await page.getByTestId('genuine-photos').locator('input[type=file]').setInputFiles([path.join(dir, 'serum-front.jpg'), path.join(dir, 'serum-box.png')]);
    await eventually(() => toast(page)).toContain('Photos uploaded: 2');
    const photos = await db.selectFrom('genuine_photo').select(['photo_id', 'original_name']).where('client_id', '=', clientId).execute();
    const front = photos.find((p) => p.original_name === 'serum-front.jpg')!.photo_id;
    const table = page.getByTestId('genuine-photo-table');
    await eventually(() => table.innerText()).toContain('serum-box.png');
    await eventually(() => page.getByTestId(`genuine-photo-matches-${front}`).innerText()).toBe('1');
    // The thumbnail comes through the download route.
    await eventually(() => page.getByTestId(`genuine-photo-image-${front}`).evaluate((el) => (el.tagName === 'IMG' ? (el as HTMLImageElement) : el.querySelector('img'))?.naturalWidth ?? 0)).toBeGreaterThan(0);
    await expect(page.getByTestId('picture-distance').inputValue()).resolves.toBe('10');

    // 2. The record's detail: its listing picture beside the genuine photo, the kind, the score and the reason.
    await page.goto(`${j.baseUrl}/ec-data/${clientId}/${copied}`);
    const matches = page.getByTestId('ec-picture-matches');
    await eventually(() => matches.innerText()).toContain('Same photo as the genuine photo “Sakura Serum” (serum-front.jpg)');
    const match = page.getByTestId(`ec-picture-match-same-photo-${front}`);
    expect(await match.innerText()).toContain('Same photo');
    expect(await match.innerText()).toContain('Score 100 of 100');
    expect(await matches.getByTestId('picture-status').getAttribute('data-status')).toBe('done');
    // Both pictures of the match are on screen (neither fell back to the picture sign).
    await eventually(() => match.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0))).toEqual([true, true]);

    // 3. The EC list filtered on the match kind: only that record, its column naming the kind.
    await page.goto(`${j.baseUrl}/ec-list?clientId=${clientId}`);
    await eventually(() => page.getByTestId('ec-list-total').innerText()).toContain('2');
    await pick(page, 'ec-list-picture-match', 'Same photo');
    await eventually(async () => page.url()).toContain('imageMatch=same-photo');
    await eventually(() => page.getByTestId('ec-list-total').innerText()).toContain('1');
    expect(await page.getByTestId(`picture-match-kinds-${copied}`).getAttribute('data-kinds')).toBe('same-photo');
    expect(await page.getByTestId(`picture-match-kinds-${other}`).count()).toBe(0);

    // 4. Find by picture: the box opens the file picker from the keyboard, a wrong file is named, a dropped copy finds the record.
    await page.getByTestId('ec-find-by-picture').click();
    const box = page.getByTestId('ec-find-panel').locator('.ant-upload-btn');
    // The modal takes the focus once it has opened; then the box is focused and Enter opens the picker.
    await eventually(() => page.evaluate(() => document.activeElement?.closest('.ant-modal') !== null && document.activeElement?.closest('.ant-modal') !== undefined)).toBe(true);
    await box.focus();
    await eventually(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    const chooserOpened = page.waitForEvent('filechooser');
    await box.press('Enter');
    const chooser = await chooserOpened;
    await chooser.setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await eventually(() => page.getByTestId('ec-find-error').innerText()).toContain('“notes.txt” is not a PNG, JPEG or GIF picture.');
    await dropFile(page, '[data-testid=ec-find-panel] .ant-upload-btn', 'listing.jpg', await sharp(photoA).resize(320).jpeg({ quality: 45 }).toBuffer(), 'image/jpeg');
    await eventually(() => page.getByTestId('ec-find-count').innerText()).toContain('Records with a matching picture, nearest first: 1');
    expect(await page.getByTestId(`ec-find-result-${copied}`).innerText()).toBe('Sakura serum copy');
    expect(Number(await page.getByTestId(`ec-find-distance-${copied}`).innerText())).toBeLessThanOrEqual(11);
    await j.screenshot(page, 'pictures-find');

    // 5. The client user reads the match in Japanese.
    const ja = await j.newPage('ja-JP');
    await signIn(j, ja, clientUser.mail, clientUser.password);
    await ja.goto(`${j.baseUrl}/ec-data/${clientId}/${copied}`);
    const jaMatches = ja.getByTestId('ec-picture-matches');
    await eventually(() => jaMatches.innerText()).toContain('正規品写真 “Sakura Serum” (serum-front.jpg) と同じ写真です');
    expect(await jaMatches.innerText()).toContain('画像の一致');
    expect(j.pageErrors).toEqual([]);
  });

  it("a record's listing picture shows the client's word mark: the detail names the trademark beside the picture, in both languages", async () => {
    const db = j.tp.portal.services.db;
    const clientId = await createClient(j.tp, 'Sakura Glow Co.');
    // One client user per language (a second sign-in of one user would wait for a mail the first took).
    const users = { 'en-US': await createUser(j.tp, { role: Role.CLIENT, clientId, name: 'Mika Client' }), 'ja-JP': await createUser(j.tp, { role: Role.CLIENT, clientId, name: 'Yui Client' }) };
    const now = j.tp.clock.now;
    const mark = await db.insertInto('trademark').values({ client_id: clientId, no: '第6123456号', region: 'JP', type: '3', text: 'SAKURA GLOW', created_at: now, updated_at: now }).returning('trademark_id').executeTakeFirstOrThrow();
    const report = await insertReport(j.tp, clientId, 'Word marks');
    const [record] = await insertRecords(j.tp, clientId, report, [{ ec_product_title: 'Glow serum', ec_product_seller: 'Word Shop', ec_product_image_url: `${origin}/word.jpg` }]);
    expect(await lookAtPictures(j.tp.portal.services, clientId, 'ec')).toEqual({ done: 1, failed: 0 });

    for (const [locale, reason] of [
      ['en-US', 'Shows the word mark “SAKURA GLOW” (trademark 第6123456号, JP), read in the picture as “sakuraglow”.'],
      ['ja-JP', '文字商標「SAKURA GLOW」（商標 第6123456号、JP）が写っています'],
    ] as const) {
      const page = await j.newPage(locale);
      await signIn(j, page, users[locale].mail, users[locale].password);
      await page.goto(`${j.baseUrl}/ec-data/${clientId}/${record}`);
      const match = page.getByTestId(`ec-picture-match-wordmark-${mark.trademark_id}`);
      await eventually(() => match.innerText()).toContain(reason);
      // The listing picture alone: the word was read in it, there is no second picture to show.
      await eventually(() => match.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).naturalWidth > 0))).toEqual([true]);
    }
    expect(j.pageErrors).toEqual([]);
  });
});
