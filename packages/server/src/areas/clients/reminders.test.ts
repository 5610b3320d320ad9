import { Role } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal } from '../../testing/index.js';
import { runContractReminders } from './reminders.js';

let tp: TestPortal;
beforeAll(async () => {
  tp = await startTestPortal();
  tp.clock.now = new Date('2027-03-01T00:00:00Z');
});
afterAll(async () => {
  await tp?.close();
});

const day = (offset: number) => new Date(Date.UTC(2027, 2, 1) + offset * 86_400_000).toISOString().slice(0, 10);

async function setup(name: string, contract: { endIn: number; remind: boolean; service?: string }) {
  const db = tp.portal.services.db;
  const clientId = await createClient(tp, name);
  await db.insertInto('client_contract').values({
    client_id: clientId,
    service: contract.service ?? 'ec',
    start_date: day(-300),
    end_date: day(contract.endIn),
    fee: '100.00',
    currency: 1,
    remind_mail: contract.remind,
  }).execute();
  const clientUser = await createUser(tp, { role: Role.CLIENT, clientId, locale: 'ja' });
  const analyst = await createUser(tp, { role: Role.ANALYST, locale: 'en' });
  await db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
  return { clientId, clientUser, analyst };
}

const mailsTo = (mail: string) => tp.mailbox.mails.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((t) => t?.text.includes(mail)));

describe('contract reminder job', () => {
  it('mails the client users and the analysts 90, 60 and 30 days before the end, once each, in their language', async () => {
    const { clientUser, analyst } = await setup('Remind Co', { endIn: 90, remind: true });
    const other = await createUser(tp, { role: Role.ANALYST }); // manages nothing here
    tp.mailbox.clear();

    await runContractReminders(tp.portal.services, tp.clock.now);
    await tp.mailbox.latestTo(clientUser.mail);
    await tp.mailbox.latestTo(analyst.mail);
    expect(mailsTo(clientUser.mail)[0]?.subject).toBe('Remind Co：EC保護の契約終了まであと90日です');
    expect(mailsTo(analyst.mail)[0]?.subject).toBe('Remind Co: the EC (marketplace) protection contract ends in 90 days');
    expect(mailsTo(analyst.mail)[0]?.text).toContain(day(90));
    expect(mailsTo(other.mail)).toHaveLength(0);

    await runContractReminders(tp.portal.services, tp.clock.now); // the same day again: nothing more
    tp.clock.advance(10 * 86_400_000); // 80 days left: nothing due
    await runContractReminders(tp.portal.services, tp.clock.now);
    expect(mailsTo(clientUser.mail)).toHaveLength(1);

    tp.clock.advance(20 * 86_400_000); // 60 days left
    await runContractReminders(tp.portal.services, tp.clock.now);
    await expect.poll(() => mailsTo(clientUser.mail).length).toBe(2);
    tp.clock.advance(30 * 86_400_000); // 30 days left
    await runContractReminders(tp.portal.services, tp.clock.now);
    await expect.poll(() => mailsTo(analyst.mail).length).toBe(3);
    tp.clock.advance(31 * 86_400_000); // ended: no more
    await runContractReminders(tp.portal.services, tp.clock.now);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(analyst.mail)).toHaveLength(3);
    tp.clock.now = new Date('2027-03-01T00:00:00Z');
  });

  it('sends nothing without remind mail or for a removed client, and catches up once after missed days', async () => {
    const quiet = await setup('Quiet Co', { endIn: 60, remind: false });
    const removed = await setup('Removed Co', { endIn: 60, remind: true });
    await tp.portal.services.db.updateTable('client').set({ deleted_at: tp.clock.now }).where('client_id', '=', removed.clientId).execute();
    const late = await setup('Late Co', { endIn: 45, remind: true, service: 'ws' });
    tp.mailbox.clear();

    const sent = await runContractReminders(tp.portal.services, tp.clock.now);
    await tp.mailbox.latestTo(late.clientUser.mail);
    expect(mailsTo(quiet.clientUser.mail)).toHaveLength(0);
    expect(mailsTo(removed.clientUser.mail)).toHaveLength(0);
    // 45 days left with nothing sent yet: the 60-day reminder goes out late, and the 90-day one never does.
    expect(mailsTo(late.clientUser.mail)).toHaveLength(1);
    expect(mailsTo(late.clientUser.mail)[0]?.subject).toContain('45');
    expect(sent).toBeGreaterThanOrEqual(1);
    const rows = await tp.portal.services.db.selectFrom('reminder_sent').select(['days_before']).where('object_key', '=', `${late.clientId}:ws`).orderBy('days_before').execute();
    expect(rows.map((r) => r.days_before)).toEqual([60, 90]);
  });

  it('a renewed contract (a new end date) is reminded again', async () => {
    const renewed = await setup('Renew Co', { endIn: 30, remind: true });
    tp.mailbox.clear();
    await runContractReminders(tp.portal.services, tp.clock.now);
    await tp.mailbox.latestTo(renewed.clientUser.mail);
    await tp.portal.services.db.updateTable('client_contract').set({ end_date: day(90) }).where('client_id', '=', renewed.clientId).execute();
    await runContractReminders(tp.portal.services, tp.clock.now);
    await expect.poll(() => mailsTo(renewed.clientUser.mail).length).toBe(2);
  });
});
