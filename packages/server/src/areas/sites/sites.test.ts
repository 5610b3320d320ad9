import { ErrorCode, Role, translate } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';

let tp: TestPortal;
let analyst: TestUser;
let categoryId: number;

beforeAll(async () => {
  tp = await startTestPortal();
  analyst = await createUser(tp, { role: Role.ANALYST });
  const row = await tp.portal.services.db.insertInto('infringement_category').values({ name: '商標', name_en: 'Trademark' }).returning('id').executeTakeFirstOrThrow();
  categoryId = row.id;
});
afterAll(async () => {
  await tp?.close();
});

const site = (over: Record<string, unknown> = {}) => ({
  siteName: 'Taobao',
  siteURL: 'https://www.taobao.com',
  region: 'CN',
  categoryId,
  hasCrawler: 1,
  remarks: 'main marketplace',
  accounts: [
    { account: 'crawler-1', password: 'S3cret-pass-1', phone: '+86 100', freeze_seconds: '30', headers: 'X-Token: abc', cookies: 'sid=topsecret-cookie' },
    { account: 'crawler-2', password: 'S3cret-pass-2' },
  ],
  ...over,
});

/** What the crawler will read: the account's secrets opened on the server. */
async function secretsOf(accountId: number) {
  const row = await tp.portal.services.db.selectFrom('ec_site_account').selectAll().where('id', '=', accountId).executeTakeFirstOrThrow();
  const { secrets } = tp.portal.services;
  return { password: secrets.open(row.password_sealed), headers: secrets.open(row.headers_sealed), cookies: secrets.open(row.cookies_sealed) };
}

describe('marketplace sites', () => {
  it('an analyst creates a site with accounts; secrets are sealed at rest and write-only', async () => {
    const created = await tp.post('/api/analyst/create-ec-site', site(), { token: analyst.token });
    expect(created.body.code).toBe(0);
    const s = created.body.data?.site as { id: number; accounts: { id: number; freeze_seconds: number | null }[] };
    expect(created.body.data?.site).toMatchObject({ name: 'Taobao', region: 'CN', infrigementCategoryId: categoryId, hasCrawler: true });
    expect(s.accounts).toMatchObject([
      { passwordSet: true, headersSet: true, cookiesSet: true, freeze_seconds: 30 },
      { passwordSet: true, headersSet: false, cookiesSet: false },
    ]);
    expect(await secretsOf(s.accounts[0]!.id)).toEqual({ password: 'S3cret-pass-1', headers: 'X-Token: abc', cookies: 'sid=topsecret-cookie' });

    const stored = await tp.portal.services.db.selectFrom('ec_site_account').selectAll().where('site_id', '=', s.id).execute();
    const raw = JSON.stringify(stored);
    expect(raw).not.toContain('S3cret-pass');
    expect(raw).not.toContain('topsecret-cookie');
    expect(raw).not.toContain('X-Token');

    const list = await tp.post('/api/analyst/fetch-ec-sites', { current: 1, pageSize: 20 }, { token: analyst.token });
    expect(list.body.data).toMatchObject({ total: 1, sites: [{ id: s.id, accountCount: 2 }] });
    expect(JSON.stringify(list.body)).not.toContain('S3cret-pass');

    const accountId = s.accounts[0]!.id;
    const edited = await tp.post('/api/analyst/ec-account/update', { id: accountId, password: 'N3w-pass', freeze_seconds: '' }, { token: analyst.token });
    expect(edited.body.data?.account).toMatchObject([{ id: accountId, passwordSet: true, freeze_seconds: null, account: 'crawler-1' }, { account: 'crawler-2' }]);
    expect((await secretsOf(accountId)).password).toBe('N3w-pass');
    // A blank password keeps the saved one (an edit form never holds it); blank cookies clear them.
    const blank = await tp.post('/api/analyst/ec-account/update', { id: accountId, password: '', cookies: '' }, { token: analyst.token });
    expect(blank.body.data?.account).toMatchObject([{ id: accountId, passwordSet: true, headersSet: true, cookiesSet: false }, {}]);
    expect(await secretsOf(accountId)).toEqual({ password: 'N3w-pass', headers: 'X-Token: abc', cookies: '' });
    const added = await tp.post('/api/analyst/ec-account/add', { siteId: s.id, account: 'crawler-3', password: 'p3-Secret', cookies: 'c3-Secret' }, { token: analyst.token });
    expect(added.body.data?.account).toHaveLength(3);
    // No answer of any account call carries a secret's value.
    const answers = [created, edited, blank, added, await tp.post('/api/analyst/ec-account/fetch', { siteId: s.id }, { token: analyst.token }), await tp.post('/api/analyst/get-ec-site', { siteId: s.id }, { token: analyst.token })];
    for (const answer of answers) {
      expect(answer.body.code).toBe(0);
      for (const secret of ['S3cret-pass', 'N3w-pass', 'topsecret-cookie', 'X-Token', 'p3-Secret', 'c3-Secret']) expect(JSON.stringify(answer.body)).not.toContain(secret);
    }
    expect((await tp.post('/api/analyst/ec-account/remove', { id: accountId }, { token: analyst.token })).body.data?.account).toHaveLength(2);

    const updated = await tp.post('/api/analyst/update-ec-site', { siteId: s.id, remarks: 'changed', hasCrawler: 0 }, { token: analyst.token });
    expect(updated.body.data?.site).toMatchObject({ name: 'Taobao', remarks: 'changed', hasCrawler: false });
    // A field left out of an update is left alone: the remarks and the cool-down stay.
    const renamed = await tp.post('/api/analyst/update-ec-site', { siteId: s.id, siteName: 'Taobao CN' }, { token: analyst.token });
    expect(renamed.body.data?.site).toMatchObject({ name: 'Taobao CN', remarks: 'changed' });
    const second = (added.body.data?.account as { id: number; account: string }[]).find((a) => a.account === 'crawler-2')!;
    await tp.post('/api/analyst/ec-account/update', { id: second.id, freeze_seconds: 90 }, { token: analyst.token });
    const phoned = await tp.post('/api/analyst/ec-account/update', { id: second.id, phone: '03-0000' }, { token: analyst.token });
    expect((phoned.body.data?.account as { id: number }[]).find((a) => a.id === second.id)).toMatchObject({ phone: '03-0000', freeze_seconds: 90 });
    expect((await tp.post('/api/analyst/fetch-ec-sites', { hasCrawler: true }, { token: analyst.token })).body.data?.total).toBe(0);
    expect((await tp.post('/api/analyst/remove-ec-site', { siteId: s.id }, { token: analyst.token })).body.data?.total).toBe(0);
    expect(await tp.portal.services.db.selectFrom('ec_site_account').select('id').where('site_id', '=', s.id).execute()).toEqual([]);
  });

  it('refuses missing fields with the spec messages, remarks over 1000, a cool-down that is not a number, unknown references', async () => {
    const cases: [object, string][] = [
      [site({ siteName: '' }), 'validation.siteNameRequired'],
      [site({ siteURL: '' }), 'validation.siteUrlRequired'],
      [site({ region: undefined }), 'validation.siteRegionRequired'],
      [site({ categoryId: undefined }), 'validation.siteCategoryRequired'],
      [site({ accounts: [{ account: 'a' }] }), 'validation.accountPasswordRequired'],
      [site({ accounts: [{ account: 'a', password: 'p', freeze_seconds: 'soon' }] }), 'validation.freezeInvalid'],
    ];
    for (const [body, key] of cases) {
      expect((await tp.post('/api/analyst/create-ec-site', body, { token: analyst.token, locale: 'ja' })).body.message).toBe(translate('ja', key as 'validation.siteNameRequired'));
    }
    expect((await tp.post('/api/analyst/create-ec-site', site({ remarks: 'r'.repeat(1001) }), { token: analyst.token })).status).toBe(400);
    expect((await tp.post('/api/analyst/create-ec-site', site({ region: 'ZZ' }), { token: analyst.token })).body.code).toBe(1017);
    expect((await tp.post('/api/analyst/create-ec-site', site({ categoryId: 999_999 }), { token: analyst.token })).body.code).toBe(1018);
    expect((await tp.post('/api/analyst/get-ec-site', { siteId: 999_999 }, { token: analyst.token })).body.code).toBe(1009);
    expect(await tp.portal.services.db.selectFrom('ec_site').select('id').execute()).toEqual([]);
  });

  it('non-analysts reach no site call, so they never see a secret', async () => {
    const created = await tp.post('/api/analyst/create-ec-site', site({ siteName: 'Amazon' }), { token: analyst.token });
    const siteId = (created.body.data?.site as { id: number }).id;
    const clientId = await createClient(tp);
    for (const user of [await createUser(tp, { role: Role.ADMIN }), await createUser(tp, { role: Role.CLIENT, clientId })]) {
      for (const [path, body] of [
        ['/api/analyst/get-ec-site', { siteId }],
        ['/api/analyst/ec-account/fetch', { siteId }],
        ['/api/analyst/fetch-ec-sites', {}],
      ] as const) {
        const res = await tp.post(path, body, { token: user.token });
        expect(res.status, path).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain('S3cret');
      }
    }
  });

  it('keeps the browser-fetch setting: off unless asked, set on create or update, read back, analysts only', async () => {
    const plain = await tp.post('/api/analyst/create-ec-site', site({ siteName: 'Plain Mart', accounts: [] }), { token: analyst.token });
    expect(plain.body.data?.site).toMatchObject({ fetchWithBrowser: false });
    const scripted = await tp.post('/api/analyst/create-ec-site', site({ siteName: 'Script Mart', accounts: [], fetchWithBrowser: true }), { token: analyst.token });
    const siteId = (scripted.body.data?.site as { id: number }).id;
    expect(scripted.body.data?.site).toMatchObject({ fetchWithBrowser: true });

    // An update that leaves it out leaves it alone; one that sends it changes it; the list and the detail agree.
    await tp.post('/api/analyst/update-ec-site', { siteId, remarks: 'scripted listings' }, { token: analyst.token });
    expect((await tp.post('/api/analyst/get-ec-site', { siteId }, { token: analyst.token })).body.data?.site).toMatchObject({ fetchWithBrowser: true, remarks: 'scripted listings' });
    const off = await tp.post('/api/analyst/update-ec-site', { siteId, fetchWithBrowser: false }, { token: analyst.token });
    expect(off.body.data?.site).toMatchObject({ fetchWithBrowser: false });
    await tp.post('/api/analyst/update-ec-site', { siteId, fetchWithBrowser: true }, { token: analyst.token });
    const list = await tp.post('/api/analyst/fetch-ec-sites', { current: 1, pageSize: 500 }, { token: analyst.token });
    expect((list.body.data?.sites as { id: number; fetchWithBrowser: boolean }[]).find((s) => s.id === siteId)).toMatchObject({ fetchWithBrowser: true });

    // Not a yes or no: refused in the caller's language, nothing changed.
    const bad = await tp.post('/api/analyst/update-ec-site', { siteId, fetchWithBrowser: 'yes' }, { token: analyst.token, locale: 'ja' });
    expect([bad.status, bad.body.message]).toEqual([400, translate('ja', 'validation.invalid', { field: 'fetchWithBrowser' })]);
    // Only analysts set it.
    const clientId = await createClient(tp);
    for (const user of [await createUser(tp, { role: Role.ADMIN }), await createUser(tp, { role: Role.CLIENT, clientId })]) {
      expect((await tp.post('/api/analyst/update-ec-site', { siteId, fetchWithBrowser: false }, { token: user.token })).status).toBe(403);
    }
    expect((await tp.post('/api/analyst/get-ec-site', { siteId }, { token: analyst.token })).body.data?.site).toMatchObject({ fetchWithBrowser: true });
  });
});

describe('a site that crawler tasks use', () => {
  it('is not removed while a task uses it: a clear refusal in the caller\'s language, not a 500, and nothing removed', async () => {
    const clientId = await createClient(tp);
    await manage(tp, analyst, clientId);
    const created = await tp.post('/api/analyst/create-ec-site', { siteName: 'Repro Shop', siteURL: 'https://shop.example/', region: 'JP', categoryId, hasCrawler: true, remarks: '', accounts: [] }, { token: analyst.token });
    const siteId = (created.body.data?.site as { id: number }).id;
    const task = await tp.post(
      '/api/ec-crawler-task/create',
      { planStartDate: '2026-12-01', clientId, title: 't', type: 0, subtasksInfo: [{ site: 'Repro Shop', keyword: 'k', startUrl: 'https://shop.example/search?q=k' }] },
      { token: analyst.token },
    );
    expect(task.body.code).toBe(0);
    for (const locale of ['en', 'ja'] as const) {
      const refused = await tp.post('/api/analyst/remove-ec-site', { siteId }, { token: analyst.token, locale });
      expect(refused.status).toBe(200);
      expect(refused.body).toMatchObject({ code: ErrorCode.IN_USE, message: translate(locale, 'error.siteInUse', { count: 1 }) });
    }
    expect(await tp.portal.services.db.selectFrom('ec_site').select('id').where('id', '=', siteId).execute()).toHaveLength(1);
    // Once the task is gone the site can go.
    const taskId = (task.body.data?.task as { id: number }).id;
    expect((await tp.post('/api/ec-crawler-task/remove', { taskId }, { token: analyst.token })).body.code).toBe(0);
    expect((await tp.post('/api/analyst/remove-ec-site', { siteId }, { token: analyst.token })).body.code).toBe(0);
    expect(await tp.portal.services.db.selectFrom('ec_site').select('id').where('id', '=', siteId).execute()).toEqual([]);
  });
});

describe('secrets and logs', () => {
  let logged: TestPortal;
  beforeAll(async () => {
    logged = await startTestPortal({ logLevel: 'debug' });
  });
  afterAll(async () => {
    await logged?.close();
  });

  it('never writes an account secret to the log, even when the call fails', async () => {
    const user = await createUser(logged, { role: Role.ANALYST });
    const body = JSON.stringify(site({ categoryId: 999_999, accounts: [{ account: 'x', password: 'Leak-me-not-9', cookies: 'cookie-leak-9' }] }));
    await logged.post('/api/analyst/create-ec-site', undefined, { token: user.token, raw: body });
    await logged.post('/api/analyst/create-ec-site', undefined, { token: user.token, raw: body.slice(0, -5) });
    const all = JSON.stringify(logged.logs);
    expect(all).toContain('/api/analyst/create-ec-site');
    expect(all).not.toContain('Leak-me-not-9');
    expect(all).not.toContain('cookie-leak-9');
  });
});
