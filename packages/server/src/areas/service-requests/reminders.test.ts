import { Role } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dailyJobs } from '../../app.js';
import { createClient, createUser, manage, startTestPortal, type TestPortal } from '../../testing/index.js';

let tp: TestPortal;
beforeAll(async () => {
  tp = await startTestPortal();
  tp.clock.now = new Date('2027-01-01T09:00:00Z');
});
afterAll(async () => {
  await tp?.close();
});

const DAY = 86_400_000;

describe('service request due-date reminders and renewal proposals', () => {
  it('mail the client\'s users and managers 30, 7 and 1 days before an open request is due, once each, in their language', async () => {
    const job = dailyJobs.find((j) => j.name === 'service-request-reminders');
    expect(job).toBeDefined();
    const run = () => job!.run(tp.portal.services, tp.clock.now);
    const clientId = await createClient(tp, 'Due Co');
    const en = await createUser(tp, { clientId, locale: 'en' });
    const ja = await createUser(tp, { clientId, locale: 'ja' });
    const analyst = await createUser(tp, { role: Role.ANALYST });
    const stranger = await createUser(tp, { clientId: await createClient(tp) });
    await manage(tp, analyst, clientId);
    const create = (title: string, dueDate: string) =>
      tp.post('/api/service-request/create', { type: 'case', title, fields: {}, dueDate }, { token: en.token });
    // Due 2027-01-31: 30 days after 2027-01-01.
    const open = await create('Customs filing', '2027-01-31');
    expect(open.body.code).toBe(0);
    const closed = await create('Closed one', '2027-01-31');
    const closedId = (closed.body.data?.request as { id: number }).id;
    await tp.post('/api/service-request/update', { requestId: closedId, status: 5 }, { token: en.token });
    tp.mailbox.clear();

    const mailsTo = (mail: string) => tp.mailbox.mails.filter((m) => JSON.stringify(m.to).includes(mail) && (m.subject ?? '').includes('Customs') );
    const subjects = (mail: string) => mailsTo(mail).map((m) => m.subject);

    await run();
    expect(subjects(en.mail)).toEqual(['Due Co: request "Customs filing" is due in 30 day(s)']);
    expect(subjects(ja.mail)).toEqual(['Due Co：依頼「Customs filing」の期日まであと30日です']);
    expect(subjects(analyst.mail)).toHaveLength(1);
    expect(tp.mailbox.mails.some((m) => (m.subject ?? '').includes('Closed one'))).toBe(false);
    await run();
    expect(mailsTo(en.mail)).toHaveLength(1);

    tp.clock.advance(23 * DAY);
    await run();
    tp.clock.advance(5 * DAY); // a missed day: 2 days before, only the 7-day one was due and already sent
    await run();
    tp.clock.advance(DAY);
    await run();
    expect(subjects(en.mail)).toEqual([
      'Due Co: request "Customs filing" is due in 30 day(s)',
      'Due Co: request "Customs filing" is due in 7 day(s)',
      'Due Co: request "Customs filing" is due in 1 day(s)',
    ]);
    expect(mailsTo(stranger.mail)).toHaveLength(0);
  });

  it('propose a renewal draft six months before a flagged trademark expires, once; the client confirms it', async () => {
    const job = dailyJobs.find((j) => j.name === 'service-request-reminders')!;
    tp.clock.now = new Date('2027-01-01T09:00:00Z');
    const clientId = await createClient(tp, 'Renew Co');
    const user = await createUser(tp, { clientId, locale: 'ja' });
    const analyst = await createUser(tp, { role: Role.ANALYST });
    await manage(tp, analyst, clientId);
    const add = (over: Record<string, unknown>) => tp.post('/api/trademark/create-trademark', { no: 'RN-1', region: 'JP', type: '25', text: 'RENEW', ...over }, { token: user.token });
    await add({ remindFlag: true, invalidDate: '2027-06-01' });
    await add({ remindFlag: false, invalidDate: '2027-06-01', no: 'RN-2' });
    await add({ remindFlag: true, invalidDate: '2028-06-01', no: 'RN-3' });
    await job.run(tp.portal.services, tp.clock.now);
    await job.run(tp.portal.services, tp.clock.now);
    const list = await tp.post('/api/service-request/search', { type: 'renewal' }, { token: user.token });
    const drafts = list.body.data?.requests as { id: number; draft: boolean; title: string; fields: { expiryDate: string } }[];
    expect(drafts.map((d) => [d.title, d.draft, d.fields.expiryDate])).toEqual([['RENEW (RN-1)', true, '2027-06-01']]);
    const notices = await tp.post('/api/notication/search-notification', {}, { token: user.token });
    expect((notices.body.data?.notices as { title: string }[])[0]?.title).toBe('更新のご提案：RENEW (RN-1)');
    tp.mailbox.clear();
    const confirmed = await tp.post('/api/service-request/update', { requestId: drafts[0]!.id, confirm: true }, { token: user.token });
    expect(confirmed.body.data?.request).toMatchObject({ draft: false, status: 1 });
    expect((await tp.mailbox.latestTo(analyst.mail)).subject).toBe('New Renewal request: Renew Co');
    const again = await tp.post('/api/service-request/update', { requestId: drafts[0]!.id, confirm: true }, { token: user.token });
    expect(again.body.message).toBe('この依頼は確認待ちではありません。');
  });
});
