import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Role } from '@portal/contract';
import { createClient, createUser, manage } from '@portal/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick, signIn, startJourney, eventually, type Journey } from './harness.js';

let j: Journey;
let dir: string;
beforeAll(async () => {
  j = await startJourney();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'requests-e2e-'));
});
afterAll(async () => {
  await j?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe('service requests in the browser', () => {
  it('a client asks for a renewal from the trademark page (ja), the analyst quotes and asks (en), the client answers with a file, the analyst closes it', async () => {
    const clientId = await createClient(j.tp, 'Acme');
    const client = await createUser(j.tp, { role: Role.CLIENT, clientId, name: 'Aiko Client', locale: 'ja' });
    const analyst = await createUser(j.tp, { role: Role.ANALYST, name: 'Ana Lyst' });
    await manage(j.tp, analyst, clientId);
    const tm = await j.tp.post('/api/trademark/create-trademark', { no: 'T-77', region: 'JP', type: '25', text: 'ACME', invalidDate: '2030-05-01' }, { token: client.token });
    const trademarkId = (tm.body.data?.trademark as { trademark_id: number }).trademark_id;
    const pdf = path.join(dir, 'certificate.pdf');
    fs.writeFileSync(pdf, '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

    // The client, in Japanese: the trademark page's button opens the renewal form filled in.
    const clientPage = await j.newPage('ja-JP');
    await signIn(j, clientPage, client.mail, client.password);
    await clientPage.goto(`${j.baseUrl}/trademark/${trademarkId}`);
    await clientPage.getByTestId('request-renewal').click();
    await eventually(() => clientPage.getByTestId('field-title').inputValue()).toContain('ACME (T-77)');
    await clientPage.locator('.ant-modal-footer .ant-btn-primary').click();
    await eventually(async () => clientPage.url()).toMatch(/\/case-management\/\d+$/);
    const requestId = Number(clientPage.url().split('/').pop());
    await eventually(() => clientPage.getByTestId('request-status').innerText()).toBe('受付');

    // The analyst, in English: takes it on, quotes a fee and asks a question, waiting for the client.
    const staffPage = await j.newPage('en-US');
    await signIn(j, staffPage, analyst.mail, analyst.password);
    await staffPage.goto(`${j.baseUrl}/analyst-offline-services`);
    await staffPage.goto(`${j.baseUrl}/case-management/${requestId}`);
    await pick(staffPage, 'staff-status', 'In progress');
    await staffPage.locator('input[data-testid=staff-fee], [data-testid=staff-fee] input').first().fill('85000');
    await pick(staffPage, 'staff-currency', 'JPY');
    await staffPage.getByTestId('staff-save').click();
    await eventually(() => staffPage.getByTestId('request-status').innerText()).toBe('In progress');
    await staffPage.getByTestId('message-body').fill('Shall we keep all designated goods? Please send the certificate.');
    await staffPage.getByTestId('send-message').click();
    await eventually(() => staffPage.getByTestId('request-messages').innerText()).toContain('Shall we keep');
    await pick(staffPage, 'staff-status', 'Waiting for the client');
    await staffPage.getByTestId('staff-save').click();
    await eventually(() => staffPage.getByTestId('request-status').innerText()).toBe('Waiting for the client');

    // The client answers with the file; the answer resumes the request.
    await clientPage.reload();
    await eventually(() => clientPage.getByTestId('request-fee').innerText()).toContain('85,000 JPY');
    await clientPage.locator('input[type=file]').setInputFiles(pdf);
    await eventually(() => clientPage.locator('.ant-tag').filter({ hasText: 'certificate.pdf' }).count()).toBe(1);
    await clientPage.getByTestId('message-body').fill('はい、すべて維持してください。証明書を添付します。');
    await clientPage.getByTestId('send-message').click();
    await eventually(() => clientPage.getByTestId('request-messages').innerText()).toContain('certificate.pdf');
    await eventually(() => clientPage.getByTestId('request-status').innerText()).toBe('対応中');
    await j.screenshot(clientPage, 'requests-detail-ja');

    // The analyst closes it as done.
    await staffPage.reload();
    await pick(staffPage, 'staff-status', 'Done');
    await staffPage.getByTestId('staff-save').click();
    await eventually(() => staffPage.getByTestId('request-status').innerText()).toBe('Done');

    // The client sees it done in case management.
    await clientPage.goto(`${j.baseUrl}/case-management`);
    const row = clientPage.locator('.ant-table-row').filter({ hasText: 'ACME (T-77)' });
    await eventually(() => row.innerText()).toContain('完了');
    await j.screenshot(clientPage, 'requests-case-management-ja');
    const mail = await j.tp.mailbox.latestTo(client.mail);
    expect(mail.subject).toBe(`依頼${requestId}のステータス：完了`);
  });
});
