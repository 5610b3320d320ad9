import { Role } from '@portal/contract';
import { createClient, createUser, manage } from '@portal/server/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, pick, signIn, startJourney, toast, type Journey } from './harness.js';

let j: Journey;
beforeAll(async () => {
  j = await startJourney();
});
afterAll(async () => {
  await j?.close();
});

describe('alert settings on the profile', () => {
  it('an analyst (Japanese) sets the price alert of a client to the daily digest with a 10 % drop; it is kept after a reload', async () => {
    const clientId = await createClient(j.tp, 'アラート商事');
    const analyst = await createUser(j.tp, { role: Role.ANALYST, locale: 'ja', name: '通知 花子' });
    await manage(j.tp, analyst, clientId);
    const page = await j.newPage('ja-JP');
    await signIn(j, page, analyst.mail, analyst.password);
    await page.goto(`${j.baseUrl}/profile`);
    const table = page.getByRole('table', { name: 'クライアントごとのアラート設定' });
    await eventually(() => table.innerText()).toContain('アラート商事');
    // Staff choose every event; the digest's time zone is the Japanese user's own until chosen.
    for (const event of ['新規出品', '削除後の再出現', '価格アラート', 'ウォッチの失敗', '類似ドメインの新規登録', '類似サイトの公開', '類似サイトのページ変更']) expect(await table.innerText()).toContain(event);
    expect(await page.locator('body').innerText()).toContain('日次まとめはこのタイムゾーンの8時に送られます。');
    await eventually(() => page.getByTestId('alert-timezone').innerText()).toContain('Asia/Tokyo');

    await pick(page, `alert-${clientId}-listings.price`, '日次まとめ');
    await eventually(() => toast(page)).toContain('アラート設定を保存しました。');

    // A drop of 0 % is refused by the server, in Japanese; 10 % is saved.
    const drop = page.getByRole('spinbutton', { name: 'アラート商事の値下がり率（%）' });
    const save = page.getByRole('button', { name: 'アラート商事の価格アラートの条件を保存' });
    await drop.fill('0');
    await save.click();
    await eventually(() => toast(page)).toContain('値下がり率は0より大きく100以下');
    await drop.fill('10');
    await save.click();
    await eventually(() => drop.inputValue()).toBe('10');
    await eventually(() => save.isDisabled()).toBe(true);
    await j.screenshot(page, 'alert-settings-ja');

    await page.reload();
    const priceWay = page.getByRole('combobox', { name: 'アラート商事の価格アラート' });
    await eventually(() => page.getByTestId(`alert-${clientId}-listings.price`).innerText()).toContain('日次まとめ');
    expect(await priceWay.count()).toBe(1);
    await eventually(() => page.getByRole('spinbutton', { name: 'アラート商事の値下がり率（%）' }).inputValue()).toBe('10');
    // The other events keep the staff's default (the bell).
    expect(await page.getByTestId(`alert-${clientId}-listings.new`).innerText()).toContain('ポータル');
    await page.context().close();
  });

  it("a client user sees only the events of posted records and of their company's domain watches; a user who sees no client gets the empty text", async () => {
    const clientId = await createClient(j.tp, 'Client Alerts Inc');
    const user = await createUser(j.tp, { role: Role.CLIENT, clientId, locale: 'en' });
    const page = await j.newPage('en-US');
    await signIn(j, page, user.mail, user.password);
    await page.goto(`${j.baseUrl}/profile`);
    const table = page.getByRole('table', { name: 'Alert settings per client' });
    await eventually(() => table.innerText()).toContain('Client Alerts Inc');
    const header = await table.locator('thead').innerText();
    expect(header).toContain('Back after a takedown');
    expect(header).toContain('Price alert');
    expect(header).toContain('New look-alike domains');
    expect(header).not.toContain('New listings');
    expect(header).not.toContain('Watch failed');
    expect(await page.getByTestId(`alert-${clientId}-listings.back`).innerText()).toContain('Off');
    await j.screenshot(page, 'alert-settings-client-en');
    await page.context().close();

    const lonely = await createUser(j.tp, { role: Role.ANALYST, locale: 'en' });
    const other = await j.newPage('en-US');
    await signIn(j, other, lonely.mail, lonely.password);
    await other.goto(`${j.baseUrl}/profile`);
    await eventually(() => other.getByTestId('alert-settings').innerText()).toContain('You see no clients yet');
    await other.context().close();
  });
});
