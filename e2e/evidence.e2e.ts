import { createHash } from 'node:crypto';
import { Role } from '@portal/contract';
import { createClient, createUser } from '@portal/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, signIn, startCaptureJourney, type Journey } from './harness.js';

/**
 * Evidence in the browser (issue 18): an analyst presses "Capture now" on a website record; the queue's Chromium
 * captures a fixture page this journey serves; the thumbnail, the status and the hashes appear, in both languages.
 */
const PAGE = Buffer.from('<!doctype html><html><body style="background:#fde"><h1>Sakura Glow login</h1></body></html>');
let j: Journey;
let origin: string;
let close: (() => Promise<void>) | undefined;

beforeAll(async () => {
  ({ j, origin, close } = await startCaptureJourney(PAGE));
});
afterAll(async () => {
  await close?.();
});

describe('evidence captures in the browser', () => {
  it('an analyst captures a website record; a client user sees the capture with its hashes in Japanese', async () => {
    const db = j.tp.portal.services.db;
    const clientId = await createClient(j.tp, 'Sakura Cosmetics');
    const analyst = await createUser(j.tp, { role: Role.ANALYST, name: 'Ren Analyst' });
    const clientUser = await createUser(j.tp, { role: Role.CLIENT, clientId, name: 'Aiko Client', locale: 'ja' });
    await db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
    const report = (await db.insertInto('ws_report').values({ client_id: clientId, report_name: 'Oct', upload_date: new Date(), send_date: new Date() }).returning('report_id').executeTakeFirstOrThrow()).report_id;
    const recordId = (await db.insertInto('ws_record').values({ client_id: clientId, report_id: report, page_url: `${origin}/login`, page_domain: '127.0.0.1', published: true, updated_at: new Date() }).returning('ws_id').executeTakeFirstOrThrow()).ws_id;

    const page = await j.newPage();
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/ws-data/${clientId}/${recordId}`);
    await page.getByTestId('ws-capture-now').click();
    const item = page.getByTestId('capture-item').first();
    await eventually(() => item.getAttribute('data-state')).toBe('done');
    await expect.poll(() => item.locator('img').evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeGreaterThan(0);
    const sha = createHash('sha256').update(PAGE).digest('hex');
    expect(await item.innerText()).toContain(sha);
    expect(await item.innerText()).toContain('HTTP 200');
    await j.screenshot(page, 'evidence-capture-en');

    const ja = await j.newPage('ja-JP');
    await signIn(j, ja, clientUser.mail, clientUser.password);
    await ja.goto(`${j.baseUrl}/ws-data/${clientId}/${recordId}`);
    await eventually(() => ja.getByTestId('ws-captures').innerText()).toContain('証拠キャプチャ（1件）');
    expect(await ja.getByTestId('ws-capture-now').count()).toBe(0);
    expect(await ja.getByTestId('capture-item').innerText()).toContain(sha);
  });
});
