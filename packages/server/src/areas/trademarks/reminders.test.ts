import { Role } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyJobs } from '../../app.js';
import { createClient, createUser, startTestPortal, type TestPortal } from '../../testing/index.js';

let tp: TestPortal;
beforeAll(async () => {
  tp = await startTestPortal();
  tp.clock.now = new Date('2027-01-01T09:00:00Z');
});
afterAll(async () => {
  await tp?.close();
});

const DAY = 86_400_000;

describe('trademark expiry reminders', () => {
  it('mail the client\'s users 90, 60 and 30 days before a flagged trademark expires, once each, in their language', async () => {
    const job = dailyJobs.find((j) => j.name === 'trademark-reminders');
    expect(job).toBeDefined();
    const run = () => job!.run(tp.portal.services, tp.clock.now);
    const clientId = await createClient(tp, 'Mark Co');
    const en = await createUser(tp, { role: Role.CLIENT, clientId, locale: 'en' });
    const ja = await createUser(tp, { role: Role.CLIENT, clientId, locale: 'ja' });
    const stranger = await createUser(tp, { role: Role.CLIENT, clientId: await createClient(tp) });
    const add = (over: Record<string, unknown>) =>
      tp.post('/api/trademark/create-trademark', { no: 'R-1', region: 'JP', type: '25', text: 'REMIND ME', ...over }, { token: en.token });
    // Expires 2027-04-01: 90 days after 2027-01-01.
    expect((await add({ remindFlag: true, invalidDate: '2027-04-01' })).body.code).toBe(0);
    expect((await add({ remindFlag: false, invalidDate: '2027-04-01', no: 'R-2' })).body.code).toBe(0);
    tp.mailbox.clear();

    const mailsTo = (mail: string) => tp.mailbox.mails.filter((m) => JSON.stringify(m.to).includes(mail));
    const subjects = (mail: string) => mailsTo(mail).map((m) => m.subject);

    await run();
    expect(subjects(en.mail)).toEqual(['Mark Co: trademark R-1 (Japan) expires in 90 days']);
    expect(subjects(ja.mail)).toEqual(['Mark Co：商標R-1（日本）の有効期限まであと90日です']);
    expect(mailsTo(en.mail)[0]?.text).toContain('class 25 Clothing');
    await run(); // the same day again: nothing more
    expect(mailsTo(en.mail)).toHaveLength(1);

    tp.clock.advance(30 * DAY);
    await run();
    tp.clock.advance(DAY);
    await run();
    expect(subjects(en.mail)).toEqual(['Mark Co: trademark R-1 (Japan) expires in 90 days', 'Mark Co: trademark R-1 (Japan) expires in 60 days']);

    // A missed run is caught up with the nearest threshold only.
    tp.clock.advance(40 * DAY);
    await run();
    expect(subjects(en.mail).at(-1)).toBe('Mark Co: trademark R-1 (Japan) expires in 19 days');
    expect(mailsTo(en.mail)).toHaveLength(3);
    expect(mailsTo(stranger.mail)).toHaveLength(0);
  });
});
