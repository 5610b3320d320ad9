import { Role, WEBHOOK_SECRET_PREFIX } from '@portal/contract';
import { createClient, createUser, startWebhookReceiver, type WebhookReceiver } from '@portal/server/testing';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue } from '../packages/server/src/areas/webhooks/deliver.js';
import { eventually, signIn, startJourney, type Journey } from './harness.js';

let j: Journey;
let receiver: WebhookReceiver;

/**
 * Issue 30, point 4: a client user registers a webhook on the Webhooks page (Japanese), copies the secret shown
 * once, sends a test, and the receiver verifies it; the delivery log shows it delivered.
 */
beforeAll(async () => {
  j = await startJourney();
  receiver = await startWebhookReceiver();
  j.tp.portal.services.config.crawler.allowOrigins = [receiver.origin];
});
afterAll(async () => {
  await j?.close();
  await receiver?.close();
});

describe('webhooks in the browser', () => {
  it('a client user adds an endpoint, gets its secret once, sends a test and sees it delivered', async () => {
    const clientId = await createClient(j.tp, 'フック商事');
    const user = await createUser(j.tp, { role: Role.CLIENT, clientId, locale: 'ja', name: '受信 花子' });
    const page = await j.newPage('ja-JP');
    await signIn(j, page, user.mail, user.password);
    await page.goto(`${j.baseUrl}/webhooks`);
    await eventually(() => page.locator('body').innerText()).toContain('Webhookの送信先はまだありません');

    await page.getByTestId('webhook-add').click();
    await page.getByTestId('webhook-url').fill(receiver.url('/journey'));
    await page.getByTestId('webhook-description').fill('社内チャット');
    // A client user is offered only posted records and takedown results.
    expect(await page.getByTestId('webhook-events').innerText()).not.toContain('listings.new');
    await page.getByTestId('webhook-submit').click();
    const secretBox = page.getByTestId('webhook-secret');
    await eventually(() => secretBox.innerText()).toContain(WEBHOOK_SECRET_PREFIX);
    const secret = (await secretBox.innerText()).trim();
    await j.screenshot(page, 'webhook-secret-ja');
    await page.getByRole('button', { name: 'コピーしました' }).click();
    await eventually(() => page.getByTestId('webhook-list').innerText()).toContain('社内チャット');
    await eventually(() => page.locator('body').innerText()).not.toContain(secret);

    const endpointId = (await j.tp.portal.services.db.selectFrom('webhook_endpoint').select('id').where('client_id', '=', clientId).executeTakeFirstOrThrow()).id;
    await page.getByTestId(`webhook-test-${endpointId}`).click();
    await eventually(() => page.locator('body').innerText()).toContain('テスト送信を登録しました');
    await deliverDue(j.tp.portal.services);
    const [received] = await receiver.waitFor(1);
    expect(new Webhook(secret).verify(received!.body, received!.headers)).toMatchObject({ type: 'webhook.test', data: { clientId } });

    await page.getByTestId(`webhook-log-${endpointId}`).click();
    await eventually(() => page.getByTestId('webhook-deliveries').innerText()).toContain('送信済み');
    expect(await page.getByTestId('webhook-deliveries').innerText()).toContain('webhook.test');
    await j.screenshot(page, 'webhook-deliveries-ja');
    await page.context().close();
  });
});
