import { Role } from '@portal/contract';
import { createUser } from '@portal/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { choose, signIn, startJourney, typeDate, type Journey } from './harness.js';

let j: Journey;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(async () => {
  await j?.close();
});

describe('administering accounts and clients in the browser', () => {
  it('an administrator creates an analyst, a client with an EC contract and its user; the user sees them in Japanese', async () => {
    const admin = await createUser(j.tp, { role: Role.ADMIN, name: 'Root Admin' });
    const page = await j.newPage('en-US');
    await signIn(j, page, admin.mail, admin.password);

    // 1. An analyst.
    await page.goto(`${j.baseUrl}/manage/analyst/new`);
    await page.getByTestId('account-name').fill('Hana Analyst');
    await page.getByTestId('account-mail').fill('hana.analyst@test.example');
    await page.getByTestId('account-password').fill('Analyst#2026');
    await page.getByTestId('account-password2').fill('Analyst#2026');
    await choose(page, 'account-role', 'Analyst');
    await page.getByTestId('account-tel').fill('03-1234-0000');
    await page.getByTestId('account-submit').click();
    await page.waitForURL(/\/manage\/analyst$/);
    await expect.poll(() => page.locator('body').innerText()).toContain('hana.analyst@test.example');

    // 2. A client managed by that analyst, with an EC contract.
    await page.goto(`${j.baseUrl}/manage/client/new`);
    await page.getByTestId('client-name').fill('Momiji Foods');
    await page.getByTestId('client-tel').fill('03-5555-7777');
    await page.getByTestId('client-address').fill('Kyoto');
    await choose(page, 'client-managers', 'Hana Analyst');
    await typeDate(page, 'contract-ec-start', '2026-04-01');
    await typeDate(page, 'contract-ec-end', '2027-03-31');
    await page.getByTestId('contract-ec-fee').fill('250000');
    await choose(page, 'contract-ec-currency', 'JPY');
    await page.getByTestId('client-submit').click();
    // A CI run with two journeys at once waited over 30 s here: more time, and what the form says if it never leaves.
    await page.waitForURL(/\/manage\/client$/, { timeout: 60_000 }).catch(async (err: Error) => {
      throw new Error(`${err.message}\nthe form says: ${(await page.locator('.ant-form-item-explain-error, [role="alert"]').allInnerTexts()).join(' | ')}`);
    });
    await expect.poll(() => page.locator('body').innerText()).toContain('Momiji Foods');
    await j.screenshot(page, 'admin-clients-en');

    // 3. A client user of that company.
    await page.goto(`${j.baseUrl}/manage/user/new`);
    await page.getByTestId('account-name').fill('紅葉 花子');
    await page.getByTestId('account-mail').fill('hanako@momiji.example');
    await page.getByTestId('account-password').fill('Client#2026');
    await page.getByTestId('account-password2').fill('Client#2026');
    await page.getByTestId('account-department').fill('法務部');
    await choose(page, 'account-company', 'Momiji Foods');
    await expect.poll(() => page.getByTestId('account-company-info').innerText()).toContain('Kyoto');
    await page.getByTestId('account-submit').click();
    await page.waitForURL(/\/manage\/user$/);
    await expect.poll(() => page.locator('body').innerText()).toContain('hanako@momiji.example');

    // What the server now holds, not just what the screens showed.
    const db = j.tp.portal.services.db;
    const client = await db.selectFrom('client').selectAll().where('client_name', '=', 'Momiji Foods').executeTakeFirstOrThrow();
    const contract = await db.selectFrom('client_contract').selectAll().where('client_id', '=', client.client_id).executeTakeFirstOrThrow();
    expect(contract).toMatchObject({ service: 'ec', start_date: '2026-04-01', end_date: '2027-03-31', currency: 2, remind_mail: true });
    expect(Number(contract.fee)).toBe(250000);
    await page.getByTestId('logout').click();
    await page.context().close();

    // 4. The client user signs in with a Japanese browser and sees the company and the contract.
    const ja = await j.newPage('ja-JP');
    await signIn(j, ja, 'hanako@momiji.example', 'Client#2026');
    await ja.goto(`${j.baseUrl}/profile`);
    await expect.poll(() => ja.getByTestId('profile-company').innerText()).toContain('Momiji Foods');
    const contracts = ja.getByTestId('profile-contracts');
    await expect.poll(() => contracts.innerText()).toContain('2027-03-31');
    expect(await contracts.innerText()).toContain('2026-04-01');
    expect(await contracts.innerText()).toMatch(/250,000/);
    expect(await contracts.innerText()).toContain('JPY');
    expect(await ja.locator('body').innerText()).toContain('Hana Analyst'); // the analyst info table
    expect(await ja.locator('body').innerText()).toContain('契約'); // Japanese labels
    await j.screenshot(ja, 'client-profile-contract-ja');
    await ja.context().close();
  });
});
