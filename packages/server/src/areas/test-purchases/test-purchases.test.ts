import { Role, translate } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, manage, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';

let tp: TestPortal;
let analyst: TestUser;
let admin: TestUser;
let clientUser: TestUser;
let clientId: number;

beforeAll(async () => {
  tp = await startTestPortal();
  clientId = await createClient(tp, 'Purchase Co');
  analyst = await createUser(tp, { role: Role.ANALYST });
  admin = await createUser(tp, { role: Role.ADMIN });
  await manage(tp, analyst, clientId);
  clientUser = await createUser(tp, { role: Role.CLIENT, clientId });
});
afterAll(async () => {
  await tp?.close();
});

describe('test purchases', () => {
  it('are changed only by the client\'s managers and administrators, and moved only between clients the analyst manages', async () => {
    const outsider = await createUser(tp, { role: Role.ANALYST });
    const unmanaged = await createClient(tp, 'Elsewhere Co');
    const added = await tp.post('/api/test-purchase/add', { client: clientId, region: 'CN', site: 'Taobao', count: 1 }, { token: analyst.token });
    const id = (added.body.data?.testPurchase as { id: number }[])[0]!.id;
    const stored = async () => (await tp.portal.services.db.selectFrom('test_purchase').selectAll().where('id', '=', id).executeTakeFirstOrThrow());
    const before = await stored();
    // The outsider reads every client's purchases but changes none of them.
    expect((await tp.post('/api/test-purchase/fetch', {}, { token: outsider.token })).body.data?.testPurchase).toContainEqual(expect.objectContaining({ id }));
    expect((await tp.post('/api/test-purchase/add', { client: clientId, region: 'CN', site: 'X', count: 1 }, { token: outsider.token })).status).toBe(403);
    expect((await tp.post('/api/test-purchase/update', { id, client: clientId, region: 'CN', site: 'X', count: 1 }, { token: outsider.token })).status).toBe(403);
    expect((await tp.post('/api/test-purchase/remove', { id }, { token: outsider.token })).status).toBe(403);
    // A manager of the purchase's client may not move it to a client they do not manage.
    expect((await tp.post('/api/test-purchase/update', { id, client: unmanaged, region: 'CN', site: 'X', count: 1 }, { token: analyst.token })).status).toBe(403);
    // Nor may the manager of the target take a purchase from a client they do not manage.
    await manage(tp, outsider, unmanaged);
    expect((await tp.post('/api/test-purchase/update', { id, client: unmanaged, region: 'CN', site: 'X', count: 1 }, { token: outsider.token })).status).toBe(403);
    expect(await stored()).toEqual(before);
    // Administrators keep what they may: any live client.
    const moved = await tp.post('/api/test-purchase/update', { id, client: unmanaged, region: 'CN', site: 'X', count: 1 }, { token: admin.token });
    expect(moved.body.data?.testPurchase).toContainEqual(expect.objectContaining({ id, client: unmanaged }));
    expect((await tp.post('/api/test-purchase/remove', { id }, { token: outsider.token })).body.code).toBe(0);
  });

  it('analysts and administrators keep the list; every change answers it', async () => {
    const added = await tp.post('/api/test-purchase/add', { client: clientId, region: 'CN', site: 'Taobao', count: '3' }, { token: analyst.token });
    expect(added.body.data?.testPurchase).toEqual([expect.objectContaining({ client: clientId, client_name: 'Purchase Co', region: 'CN', site: 'Taobao', count: 3 })]);
    const id = (added.body.data?.testPurchase as { id: number }[])[0]!.id;
    const updated = await tp.post('/api/test-purchase/update', { id, client: clientId, region: 'US', site: 'Amazon', count: 5 }, { token: admin.token });
    expect(updated.body.data?.testPurchase).toMatchObject([{ id, region: 'US', site: 'Amazon', count: 5 }]);
    expect((await tp.post('/api/test-purchase/fetch', {}, { token: admin.token })).body.data?.testPurchase).toHaveLength(1);
    expect((await tp.post('/api/test-purchase/remove', { id }, { token: analyst.token })).body.data?.testPurchase).toEqual([]);
    expect((await tp.post('/api/test-purchase/remove', { id }, { token: analyst.token })).body.code).toBe(1009);
    const regions = await tp.post('/api/test-purchase/regions', {}, { token: analyst.token });
    expect(regions.body.data?.regions).toContainEqual({ code: 'JP', name_en: 'Japan', name_ja: '日本' });
  });

  it('refuses missing fields, a count that is not an integer, unknown clients and regions; client users are refused', async () => {
    const base = { client: clientId, region: 'JP', site: 'Rakuten', count: 2 };
    const cases: [object, string][] = [
      [{ ...base, client: undefined }, 'validation.purchaseClientRequired'],
      [{ ...base, region: '' }, 'validation.purchaseRegionRequired'],
      [{ ...base, site: '' }, 'validation.purchaseSiteRequired'],
      [{ ...base, count: 1.5 }, 'validation.purchaseCountInteger'],
      [{ ...base, count: 'many' }, 'validation.purchaseCountRequired'],
    ];
    for (const [body, key] of cases) {
      const res = await tp.post('/api/test-purchase/add', body, { token: analyst.token, locale: 'ja' });
      expect(res.body.message).toBe(translate('ja', key as 'validation.purchaseSiteRequired'));
    }
    expect((await tp.post('/api/test-purchase/add', { ...base, client: 999_999 }, { token: analyst.token })).status).toBe(403);
    expect((await tp.post('/api/test-purchase/add', { ...base, client: 999_999 }, { token: admin.token })).status).toBe(403);
    expect((await tp.post('/api/test-purchase/add', { ...base, region: 'ZZ' }, { token: analyst.token })).body.code).toBe(1017);
    for (const path of ['/api/test-purchase/fetch', '/api/test-purchase/add', '/api/test-purchase/regions']) {
      expect((await tp.post(path, base, { token: clientUser.token })).status).toBe(403);
    }
    expect((await tp.post('/api/test-purchase/fetch', {}, { token: analyst.token })).body.data?.testPurchase).toEqual([]);
  });
});
