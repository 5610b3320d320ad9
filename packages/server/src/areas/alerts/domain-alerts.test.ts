import { Role, type DomainWatch } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { sendDigests } from './digest.js';
import { alertDomainRun } from './domain-alerts.js';

/**
 * A domain watch's run alerts (issue 32 point 4) through the alert preferences, mailed through the test portal's
 * real SMTP server: each person who may hear of the client hears what they chose, how they chose, in their language.
 */

let tp: TestPortal;
let analyst: TestUser;
let jaAnalyst: TestUser;
let clientUser: TestUser;
let otherClientUser: TestUser;
let outsider: TestUser;
let clientId: number;
let watch: DomainWatch;

const ok = async <T>(path: string, body: object, user: TestUser): Promise<T> => {
  const res = await tp.post(path, body, { token: user.token });
  expect(res.body.code, `${path}: ${res.body.message}`).toBe(0);
  return res.body.data as T;
};
const noticesOf = (user: TestUser) => tp.portal.services.db.selectFrom('notice').select(['title', 'content', 'target']).where('user_id', '=', user.userId).where('type', '=', 7).execute();
const mailsTo = (user: TestUser) => tp.mailbox.mails.filter((m) => JSON.stringify(m.to).toLowerCase().includes(user.mail.toLowerCase()));

beforeAll(async () => {
  tp = await startTestPortal();
  clientId = await createClient(tp, 'Alerted Brand Co');
  analyst = await createUser(tp, { role: Role.ANALYST });
  jaAnalyst = await createUser(tp, { role: Role.ANALYST, locale: 'ja' });
  await manage(tp, analyst, clientId);
  await manage(tp, jaAnalyst, clientId);
  clientUser = await createUser(tp, { role: Role.CLIENT, clientId, locale: 'ja' });
  const otherClient = await createClient(tp, 'Unrelated Co');
  otherClientUser = await createUser(tp, { role: Role.CLIENT, clientId: otherClient });
  outsider = await createUser(tp, { role: Role.ANALYST });
  await manage(tp, outsider, otherClient);
  watch = (await ok<{ watch: DomainWatch }>('/api/domain-watch/create', { clientId, domains: ['brandshop.com'], fuzzers: ['omission'], promoteThreshold: null }, analyst)).watch;
  // The analyst: new registrations by mail at once, sites up in the digest, changed pages not at all.
  await ok('/api/user/update-alert-settings', { clientId, events: { 'domains.new': 'mail', 'domains.live': 'digest', 'domains.changed': 'off' } }, analyst);
  // The client's own user chooses new registrations by mail; the other company's user chooses them for their own client.
  const mine = await ok<{ events: string[] }>('/api/user/update-alert-settings', { clientId, events: { 'domains.new': 'mail' } }, clientUser);
  expect(mine.events).toEqual(['listings.back', 'listings.price', 'domains.new', 'domains.live', 'domains.changed']);
  await ok('/api/user/update-alert-settings', { clientId: otherClient, events: { 'domains.new': 'mail' } }, otherClientUser);
}, 60_000);
afterAll(async () => {
  await tp?.close();
});

describe('domain watch alerts', () => {
  it('are offered on the alert settings, staff by default in the bell, client users off', async () => {
    const staff = await ok<{ events: string[]; settings: { clientId: number; events: Record<string, string> }[] }>('/api/user/fetch-alert-settings', {}, jaAnalyst);
    expect(staff.events).toEqual(expect.arrayContaining(['domains.new', 'domains.live', 'domains.changed']));
    expect(staff.settings.find((s) => s.clientId === clientId)!.events).toMatchObject({ 'domains.new': 'portal', 'domains.live': 'portal', 'domains.changed': 'portal' });
    const client = await ok<{ settings: { clientId: number; events: Record<string, string> }[] }>('/api/user/fetch-alert-settings', {}, otherClientUser);
    expect(client.settings.map((s) => s.clientId)).not.toContain(clientId);
  });

  it('tell each person who may see the client what they chose, in their language', async () => {
    tp.mailbox.clear();
    const sent = await alertDomainRun(tp.portal.services, tp.portal.services.db, {
      watchId: watch.id,
      runId: 1,
      newDomains: ['brandsho.com', 'ブランドショップ.com'],
      becameLive: ['randshop.com'],
      changed: ['brandshp.com'],
    });
    expect(sent).toBe(2);
    // The analyst: a mail of the new registrations, in English, with the watch's address.
    const mail = mailsTo(analyst);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Domain watch brandshop.com (Alerted Brand Co): 2 new look-alike domain registrations');
    expect(mail[0]!.text).toContain('ブランドショップ.com');
    expect(mail[0]!.text).toContain(`/domain-watch/${watch.id}`);
    expect(mail[0]!.text).toContain('The domain watch of Alerted Brand Co for brandshop.com found: 2 new look-alike domain registrations.');
    expect(mail[0]!.text).not.toMatch(/^randshop\.com$/m);
    // The client's own user: the same event, in Japanese.
    const theirs = mailsTo(clientUser);
    expect(theirs.map((m) => m.subject)).toEqual(['ドメイン監視 brandshop.com（Alerted Brand Co）：類似ドメインの新規登録2件']);
    expect(theirs[0]!.text).toContain('Alerted Brand Coのドメイン監視（brandshop.com）の結果：類似ドメインの新規登録2件。');
    // The Japanese analyst chose nothing: every domain event in the bell, in one notice, in Japanese.
    const notices = await noticesOf(jaAnalyst);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.title).toBe('ドメイン監視 brandshop.com（Alerted Brand Co）：類似ドメインの新規登録2件、サイトが公開された類似ドメイン1件、ページが変わった類似ドメイン1件');
    expect(notices[0]!.content).toContain('brandshp.com');
    expect(notices[0]!.target).toBe(`/domain-watch/${watch.id}`);
    // Nobody else hears of it: not another company's user, not an analyst who does not manage the client.
    expect(mailsTo(otherClientUser)).toEqual([]);
    expect(await noticesOf(outsider)).toEqual([]);
    expect(await noticesOf(otherClientUser)).toEqual([]);
    expect(await noticesOf(analyst)).toEqual([]);
  });

  it('puts what waits for the digest in the next daily digest', async () => {
    tp.mailbox.clear();
    const morning = new Date(tp.clock.now);
    morning.setUTCHours(23, 30, 0, 0);
    expect(await sendDigests(tp.portal.services, morning)).toBeGreaterThanOrEqual(1);
    const digest = mailsTo(analyst);
    expect(digest).toHaveLength(1);
    expect(digest[0]!.text).toContain('Domain watch brandshop.com (Alerted Brand Co): 1 look-alike domains with a site up');
    expect(digest[0]!.text).toMatch(/^\s*randshop\.com$/m);
  });

  it('says nothing of a run that found nothing', async () => {
    tp.mailbox.clear();
    expect(await alertDomainRun(tp.portal.services, tp.portal.services.db, { watchId: watch.id, runId: 2, newDomains: [], becameLive: [], changed: [] })).toBe(0);
    expect(tp.mailbox.mails).toEqual([]);
  });
});
