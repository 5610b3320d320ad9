import { ErrorCode, Role } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal, type TestUser } from '../testing/index.js';
import { HEADER_EN, listing, xlsOf, xlsxOf } from '../kinds/ec/report-fixtures.js';
import { jsonDepthExceeds, queryId } from './boundary.js';

/**
 * Regression tests for the classes of input that answered 500 when probed from outside: a body nested thousands of
 * levels deep, a clientId beyond any id, a NUL character and a lone UTF-16 surrogate in text, and ids in download
 * query strings. Each is refused at the shared boundary with a 4xx in the user's language, naming the field.
 */
let tp: TestPortal;
let clientId: number;
let analyst: TestUser;
let admin: TestUser;
let clientUser: TestUser;

beforeAll(async () => {
  tp = await startTestPortal();
  clientId = await createClient(tp);
  analyst = await createUser(tp, { role: Role.ANALYST });
  await tp.portal.services.db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
  admin = await createUser(tp, { role: Role.ADMIN });
  clientUser = await createUser(tp, { role: Role.CLIENT, clientId });
});
afterAll(async () => {
  await tp?.close();
});

const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;

describe('JSON nested too deeply', () => {
  it('is refused with 400 on public and signed-in calls alike, in the user language', async () => {
    for (const [path, token] of [['/api/login', undefined], ['/api/user/userinfo', clientUser.token], ['/api/analyst/fetch-brands', analyst.token]] as const) {
      const res = await tp.post(path, undefined, { raw: `{"clientId":${deep(5_000)}}`, ...(token ? { token } : {}) });
      expect(res.status, path).toBe(400);
      expect(res.body.message).toBe('The request could not be read: it is nested more than 32 levels deep.');
    }
    const ja = await tp.post('/api/login', undefined, { raw: deep(5_000), locale: 'ja' });
    expect(ja).toMatchObject({ status: 400, body: { message: 'リクエストを読み取れません（入れ子が32階層を超えています）。' } });
  });

  it('counts only brackets outside strings', () => {
    expect(jsonDepthExceeds(`{"a":"${'['.repeat(100)}"}`, 32)).toBe(false);
    expect(jsonDepthExceeds(`{"a":"\\"${'['.repeat(100)}"}`, 32)).toBe(false);
    expect(jsonDepthExceeds(deep(33), 32)).toBe(true);
    expect(jsonDepthExceeds(deep(32), 32)).toBe(false);
  });
});

describe('a clientId beyond any id', () => {
  it('answers 400 naming the field, before the tenancy rule looks it up', async () => {
    for (const bad of ['9007199254740992', '1e308', '-1e308', '9223372036854775808', '0', '-1', '1.5', '"1"', 'null', '[]']) {
      const res = await tp.post('/api/analyst/fetch-brands', undefined, { raw: `{"clientId":${bad}}`, token: analyst.token });
      expect(res.status, bad).toBe(400);
      expect(res.body.message, bad).toMatch(/must be a positive whole number/);
    }
    const ja = await tp.post('/api/analyst/fetch-brands', { clientId: 2 ** 53 }, { token: analyst.token, locale: 'ja' });
    expect(ja.status).toBe(400);
    expect(ja.body.message).toMatch(/正の整数/);
  });

  it('still answers 403 for another company that exists, and 200 for the own one', async () => {
    const other = await createClient(tp);
    expect((await tp.post('/api/analyst/fetch-brands', { clientId: other }, { token: clientUser.token })).status).toBe(403);
    expect((await tp.post('/api/analyst/fetch-brands', { clientId }, { token: clientUser.token })).body.code).toBe(0);
  });

  it('answers 400 for ids beyond any row in other id fields too', async () => {
    const res = await tp.post('/api/ec-data/get-record', { clientId, recordId: 2 ** 53 }, { token: analyst.token });
    expect(res.status).toBe(400);
    const sub = await tp.post('/api/analyst/fetch-infringement-subcategories', { categoryId: 2 ** 31 }, { token: analyst.token });
    expect(sub.status).toBe(400);
  });
});

describe('text no database can store', () => {
  const cases: [string, () => TestUser, (s: string) => Record<string, unknown>, string][] = [
    ['/api/notication/search-notification', () => clientUser, (s) => ({ keyword: s }), 'keyword'],
    ['/api/admin/news/create', () => admin, (s) => ({ title: s, url: 'https://example.com' }), 'title'],
    ['/api/analyst/create-infringement-category', () => analyst, (s) => ({ name: s, nameEn: 'x', code: 'X1' }), 'name'],
    ['/api/analyst/create-brand', () => analyst, (s) => ({ clientId, brand: s }), 'brand'],
    ['/api/test-purchase/add', () => analyst, (s) => ({ client: clientId, region: 'JP', site: s, count: 1 }), 'site'],
  ];

  it('a NUL character is refused with 400 naming the field, and nothing is stored', async () => {
    for (const [path, who, body, field] of cases) {
      const res = await tp.post(path, body(`a\u0000b`), { token: who().token });
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toMatch(/cannot be stored/);
      expect(res.body.message.toLowerCase(), path).toContain(field.toLowerCase().slice(0, 4));
    }
    const brands = await tp.post('/api/analyst/fetch-brands', { clientId }, { token: analyst.token });
    expect(brands.body.data).toMatchObject({ brands: [] });
  });

  it('a lone surrogate is refused too, in either language; a valid pair is stored', async () => {
    for (const lone of ['\ud800', 'x\udc00', '\udfff\ud800']) {
      const res = await tp.post('/api/analyst/create-brand', { clientId, brand: lone }, { token: analyst.token, locale: 'ja' });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/保存できない文字/);
    }
    const ok = await tp.post('/api/analyst/create-brand', { clientId, brand: 'Glow 😀' }, { token: analyst.token });
    expect(ok.body.code).toBe(0);
  });

  it('keys count as text, and escapes inside JSON text fields are checked where they are decoded', async () => {
    const key = await tp.post('/api/analyst/create-brand', undefined, { raw: `{"clientId":${clientId},"brand":"K","\\u0000":1}`, token: analyst.token });
    expect(key.status).toBe(400);
    const custom = await tp.post('/api/ec-data/update-record', { clientId, recordId: 1, customInfo: '{"col":"a\\u0000b"}' }, { token: analyst.token });
    expect(custom.status).toBe(400);
  });
});

describe('text no database can store, in uploads', () => {
  it('a NUL in a legacy .xls cell is a problem of that cell; nothing is stored', async () => {
    const res = await tp.upload('/api/ec-report/upload-report', { clientId }, { name: 'nul.xls', bytes: xlsOf(HEADER_EN, [listing(1), listing(2, { title: 'a\u0000b' })]) }, { token: analyst.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ errors: [{ row: 3, message: expect.stringMatching(/cannot be stored/) }], total: 1 });
    const stored = await tp.portal.services.db.selectFrom('ec_record').select('ec_id').where('client_id', '=', clientId).execute();
    expect(stored).toEqual([]);
  });

  it('a file name holding a NUL is refused naming the file name', async () => {
    const res = await tp.upload('/api/ec-report/upload-report', { clientId }, { name: 'a\u0000.xlsx', bytes: await xlsxOf(HEADER_EN, [listing(1)]) }, { token: analyst.token, locale: 'ja' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/ファイル名に保存できない文字/);
  });
});

describe('ids in download query strings', () => {
  it('an id that cannot name a row is refused as invalid, one that names none is "not found", never a database error', async () => {
    // The query is read with the contract's schema (downloads.ts): ids are those a payload may carry.
    for (const reportId of ['4294967296', '9223372036854775808', '99999999999999999999', '1e3', '-1']) {
      const res = await tp.get(`/api/ec-report/download-report?clientId=${clientId}&reportId=${reportId}`, { token: analyst.token });
      expect(res.status, reportId).toBe(400);
      expect(JSON.parse(res.bytes.toString())).toMatchObject({ code: ErrorCode.BAD_REQUEST });
    }
    const missing = await tp.get(`/api/ec-report/download-report?clientId=${clientId}&reportId=2147483647`, { token: analyst.token });
    expect(missing.status).toBe(200);
    expect(JSON.parse(missing.bytes.toString())).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND });
    const evidence = await tp.get(`/api/ec-data/get-upload-pic?clientId=${clientId}&recordId=99999999999999999999&name=x`, { token: analyst.token });
    expect(evidence.status).toBeLessThan(500);
    expect(queryId('2147483648')).toBeNull();
    expect(queryId('2147483647')).toBe(2147483647);
    expect(queryId('12', Number.MAX_SAFE_INTEGER)).toBe(12);
  });

  it('a query string whose JSON nests too deeply is refused with 400', async () => {
    const res = await tp.get(`/api/ec-data/export-search-result?clientId=${clientId}&search=${encodeURIComponent(`{"whereFields":${deep(3_000)}}`)}`, { token: analyst.token });
    expect(res.status).toBe(400);
  });
});
