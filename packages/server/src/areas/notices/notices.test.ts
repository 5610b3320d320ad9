import { Role, translate } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';
import { isSafeTarget, notifyClientUsers } from './service.js';

let tp: TestPortal;
let clientId: number;
let alice: TestUser;
let bob: TestUser;
let admin: TestUser;

beforeAll(async () => {
  tp = await startTestPortal();
  clientId = await createClient(tp, 'Notice Co');
  alice = await createUser(tp, { role: Role.CLIENT, clientId, locale: 'ja' });
  bob = await createUser(tp, { role: Role.CLIENT, clientId, locale: 'en' });
  admin = await createUser(tp, { role: Role.ADMIN });
});
afterAll(async () => {
  await tp?.close();
});

const count = async (user: TestUser) => (await tp.post('/api/notication/unviewed-notice-count', {}, { token: user.token })).body.data?.unviewed;

describe('the notice service and centre', () => {
  it('notifies every user of a client in their language; each sees, searches and marks only their own', async () => {
    const db = tp.portal.services.db;
    await db.transaction().execute((trx) =>
      notifyClientUsers(tp.portal.services, trx, clientId, { type: 3, records: 'ec', params: { client: 'Notice Co', report: '2026-10' }, target: '/ec-list?clientId=1', now: tp.clock.now }),
    );
    expect(await count(alice)).toBe(1);
    expect(await count(bob)).toBe(1);

    const aliceList = await tp.post('/api/notication/search-notification', { offset: 0, limit: 20 }, { token: alice.token });
    expect(aliceList.body.data).toMatchObject({ total: 1, unviewed: 1 });
    const aliceNotice = (aliceList.body.data?.notices as { id: number; title: string; target_url: string; viewed: boolean }[])[0]!;
    expect(aliceNotice).toMatchObject({ title: translate('ja', 'notice.type3.title', { client: 'Notice Co' }), viewed: false, target_url: '/ec-list?clientId=1' });
    const bobList = await tp.post('/api/notication/search-notification', {}, { token: bob.token });
    const bobNotice = (bobList.body.data?.notices as { id: number; title: string }[])[0]!;
    expect(bobNotice.title).toBe('A new EC report is ready: Notice Co');

    // Bob cannot read or mark Alice's notice: it answers as if it did not exist, and stays unviewed.
    expect((await tp.post('/api/notication/view-notification', { noticeId: aliceNotice.id }, { token: bob.token })).body.code).toBe(1009);
    expect(await count(alice)).toBe(1);
    const viewed = await tp.post('/api/notication/view-notification', { noticeId: aliceNotice.id }, { token: alice.token });
    expect(viewed.body.data?.notice).toMatchObject({ id: aliceNotice.id, viewed: true, target_url: '/ec-list?clientId=1' });
    expect(await count(alice)).toBe(0);
    expect(await count(bob)).toBe(1);
  });

  it('searches by creation date and by keyword in title or content', async () => {
    const db = tp.portal.services.db;
    const user = await createUser(tp, { role: Role.CLIENT, clientId });
    await db.insertInto('notice').values([
      { user_id: user.userId, title: 'Alpha report', content: 'first', type: 3, send_date: new Date('2026-01-10T10:00:00Z') },
      { user_id: user.userId, title: 'Beta', content: 'records about alpha brand', type: 1, send_date: new Date('2026-02-10T10:00:00Z') },
      { user_id: user.userId, title: 'Gamma', content: 'other', type: 2, send_date: new Date('2026-03-10T10:00:00Z'), viewed: true },
    ]).execute();
    const search = async (body: object) => (await tp.post('/api/notication/search-notification', body, { token: user.token })).body;
    expect((await search({ keyword: 'ALPHA' })).data).toMatchObject({ total: 2, unviewed: 2 });
    expect((await search({ startDate: '2026-02-01', endDate: '2026-03-31' })).data?.total).toBe(2);
    expect((await search({ offset: 2, limit: 1 })).data?.notices).toHaveLength(1);
    expect((await search({ keyword: '%' })).data?.total).toBe(0);
    const bad = await search({ startDate: '2026-03-01', endDate: '2026-01-01' });
    expect(bad.message).toBe(translate('en', 'validation.endBeforeStart'));
  });

  it('never hands out a target outside the portal', async () => {
    expect(isSafeTarget('/ec-list?x=1', undefined)).toBe(true);
    expect(isSafeTarget('javascript:alert(1)', undefined)).toBe(false);
    expect(isSafeTarget('//evil.example/x', undefined)).toBe(false);
    expect(isSafeTarget('/\\evil.example', undefined)).toBe(false);
    expect(isSafeTarget('https://evil.example/x', 'https://portal.example')).toBe(false);
    expect(isSafeTarget('https://portal.example/ec-list', 'https://portal.example')).toBe(true);
    await expect(
      notifyClientUsers(tp.portal.services, tp.portal.services.db, clientId, { type: 1, records: 'ec', params: {}, target: 'javascript:alert(1)', now: tp.clock.now }),
    ).rejects.toThrow(/unsafe/);
    // A stored target that is not safe (written by hand) is not handed to the browser.
    const user = await createUser(tp, { role: Role.CLIENT, clientId });
    const { id } = await tp.portal.services.db.insertInto('notice').values({ user_id: user.userId, title: 't', type: 1, target: 'https://evil.example' }).returning('id').executeTakeFirstOrThrow();
    const res = await tp.post('/api/notication/view-notification', { noticeId: id }, { token: user.token });
    expect(res.body.data?.notice).toMatchObject({ target_url: '' });
  });
});

describe('news', () => {
  it('everyone reads the news newest first; only administrators keep it', async () => {
    const created = await tp.post('/api/admin/news/create', { title: 'JPO fee changes / 特許庁料金改定', url: 'https://www.jpo.go.jp/', date: '2026-10-01' }, { token: admin.token });
    expect(created.body.data?.news).toMatchObject({ title: 'JPO fee changes / 特許庁料金改定', date: '2026-10-01' });
    await tp.post('/api/admin/news/create', { title: 'Newer', url: 'https://example.org/n' }, { token: admin.token });
    const list = await tp.post('/api/ipf-news', { page: 1, pageSize: 5 }, { token: alice.token });
    expect(list.body.data).toMatchObject({ total: 2, news: [{ title: 'Newer' }, { title: 'JPO fee changes / 特許庁料金改定' }] });
    const newsId = (created.body.data?.news as { id: number }).id;
    for (const [path, body] of [
      ['/api/admin/news/create', { title: 'x', url: 'https://x.example' }],
      ['/api/admin/news/update', { newsId, title: 'x', url: 'https://x.example' }],
      ['/api/admin/news/remove', { newsId }],
    ] as const) {
      expect((await tp.post(path, body, { token: alice.token })).status).toBe(403);
    }
    expect((await tp.post('/api/admin/news/create', { title: 'x', url: 'javascript:alert(1)' }, { token: admin.token })).body.message).toBe(translate('en', 'validation.urlInvalid'));
    expect((await tp.post('/api/admin/news/create', { title: '', url: 'https://x.example' }, { token: admin.token })).body.message).toBe(translate('en', 'validation.newsTitleRequired'));
    expect((await tp.post('/api/admin/news/update', { newsId, title: 'Edited', url: 'https://www.jpo.go.jp/' }, { token: admin.token })).body.data?.news).toMatchObject({ title: 'Edited' });
    expect((await tp.post('/api/admin/news/remove', { newsId }, { token: admin.token })).body.code).toBe(0);
    expect((await tp.post('/api/admin/news/remove', { newsId }, { token: admin.token })).body.code).toBe(1009);
  });
});
