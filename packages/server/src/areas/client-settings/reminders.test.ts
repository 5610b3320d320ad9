import { Role } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueReminders } from '../../platform/reminders.js';
import { createClient, createUser, startTestPortal, type TestPortal } from '../../testing/index.js';
import { letterReminderCandidates } from './reminders.js';

let tp: TestPortal;
beforeAll(async () => {
  tp = await startTestPortal();
  tp.clock.now = new Date('2027-06-01T00:00:00Z');
});
afterAll(async () => {
  await tp?.close();
});

describe('attorney letter reminders', () => {
  it('mail the managers and the client users 30 days before a flagged letter ends, naming the country in their language', async () => {
    const db = tp.portal.services.db;
    const clientId = await createClient(tp, 'Letter Co');
    const user = await createUser(tp, { role: Role.CLIENT, clientId, locale: 'ja' });
    const analyst = await createUser(tp, { role: Role.ANALYST, locale: 'en' });
    await db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
    await db.insertInto('attorney_letter').values([
      { client_id: clientId, region: 'CN', start_date: '2026-07-01', end_date: '2027-07-01', remind_flag: true },
      { client_id: clientId, region: 'US', start_date: '2026-07-01', end_date: '2027-07-01', remind_flag: false },
    ]).execute();
    tp.mailbox.clear();

    const run = async () => sendDueReminders(tp.portal.services, tp.clock.now, 'attorney-letter', await letterReminderCandidates(tp.portal.services, tp.clock.now));
    expect(await run()).toBe(1);
    expect((await tp.mailbox.latestTo(user.mail)).subject).toBe('Letter Co：中華人民共和国の委任状の期限まであと30日です');
    expect((await tp.mailbox.latestTo(analyst.mail)).subject).toBe("Letter Co: the attorney letter for People's Republic of China ends in 30 days");
    expect(await run()).toBe(0); // once only
  });
});
