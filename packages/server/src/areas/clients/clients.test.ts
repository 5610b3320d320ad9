import { Role, translate } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';

let tp: TestPortal;
let admin: TestUser;
let analyst: TestUser;
let analyst2: TestUser;
let clientUser: TestUser;
let otherClientUser: TestUser;
let ownCompany: number;

beforeAll(async () => {
  tp = await startTestPortal();
  ownCompany = await createClient(tp, 'Own Co');
  const otherCompany = await createClient(tp, 'Other Co');
  admin = await createUser(tp, { role: Role.ADMIN });
  analyst = await createUser(tp, { role: Role.ANALYST, name: 'Ana' });
  analyst2 = await createUser(tp, { role: Role.ANALYST, name: 'Ben' });
  clientUser = await createUser(tp, { role: Role.CLIENT, clientId: ownCompany });
  otherClientUser = await createUser(tp, { role: Role.CLIENT, clientId: otherCompany });
});
afterAll(async () => {
  await tp?.close();
});

const ec = { startDate: '2026-01-01', endDate: '2026-12-31', fee: 1200.5, currency: 1, remindMail: true };
const newClient = (over: Record<string, unknown> = {}) => ({
  name: 'Kirin Brands',
  tel: '03-1111-2222',
  address: 'Tokyo',
  remarks: 'pilot',
  managerIds: [analyst.userId],
  ec,
  ...over,
});

describe('who may call the client calls', () => {
  it('client users of any company are refused every client call', async () => {
    const calls: [string, object][] = [
      ['/api/analyst/fetch-clients', {}],
      ['/api/admin/search-clients', {}],
      ['/api/admin/get-client', { clientId: ownCompany }],
      ['/api/admin/create-client', newClient()],
      ['/api/admin/update-client', { clientId: ownCompany, name: 'Hacked' }],
      ['/api/admin/remove-client', { clientId: ownCompany }],
      ['/api/admin/restore-client', { clientId: ownCompany }],
    ];
    for (const user of [clientUser, otherClientUser]) {
      for (const [path, body] of calls) expect((await tp.post(path, body, { token: user.token })).status, path).toBe(403);
    }
    for (const [path, body] of calls) expect((await tp.post(path, body)).status, path).toBe(401);
  });

  it('analysts read the list and the detail but change nothing', async () => {
    expect((await tp.post('/api/admin/search-clients', {}, { token: analyst.token })).body.code).toBe(0);
    expect((await tp.post('/api/admin/get-client', { clientId: ownCompany }, { token: analyst.token })).body.code).toBe(0);
    expect((await tp.post('/api/admin/search-clients', { removed: true }, { token: analyst.token })).status).toBe(403);
    for (const [path, body] of [
      ['/api/admin/create-client', newClient()],
      ['/api/admin/update-client', { clientId: ownCompany, name: 'Hacked' }],
      ['/api/admin/remove-client', { clientId: ownCompany }],
      ['/api/admin/restore-client', { clientId: ownCompany }],
    ] as const) {
      expect((await tp.post(path, body, { token: analyst.token })).status, path).toBe(403);
    }
    const row = await tp.portal.services.db.selectFrom('client').select('client_name').where('client_id', '=', ownCompany).executeTakeFirstOrThrow();
    expect(row.client_name).toBe('Own Co');
  });
});

describe('clients and contracts', () => {
  it('an administrator creates a client with managers and an EC contract; everyone allowed sees it', async () => {
    const res = await tp.post('/api/admin/create-client', newClient(), { token: admin.token });
    expect(res.body.code).toBe(0);
    const client = res.body.data?.client as Record<string, unknown>;
    expect(client).toMatchObject({
      client_name: 'Kirin Brands',
      analystInfo: [{ user_id: analyst.userId, user_name: 'Ana' }],
      service_ec_start_date: '2026-01-01',
      service_ec_end_date: '2026-12-31',
      service_ec_fee: 1200.5,
      service_ec_currency: 1,
      service_ec_remind_mail: true,
      service_sns_start_date: null,
    });
    const list = await tp.post('/api/admin/search-clients', { wordFields: ['client_name'], keyword: 'kirin', searchType: 3 }, { token: analyst.token });
    expect((list.body.data?.client as { client_id: number }[]).map((c) => c.client_id)).toEqual([client.client_id]);
    const byContract = await tp.post('/api/admin/search-clients', { dateFields: ['contract_end_date'], startDate: '2026-12-01', endDate: '2026-12-31' }, { token: admin.token });
    expect((byContract.body.data?.client as { client_id: number }[]).map((c) => c.client_id)).toContain(client.client_id);

    const mine = await tp.post('/api/analyst/fetch-clients', {}, { token: analyst.token });
    expect((mine.body.data?.client as { client_id: number }[]).map((c) => c.client_id)).toEqual([client.client_id]);
    const notMine = await tp.post('/api/analyst/fetch-clients', {}, { token: analyst2.token });
    expect(notMine.body.data?.client).toEqual([]);
    const all = await tp.post('/api/analyst/fetch-clients', { all: true }, { token: analyst2.token });
    expect((all.body.data?.client as unknown[]).length).toBeGreaterThanOrEqual(3);
  });

  it('saves only the fields sent, replaces managers, and removes a contract sent as null', async () => {
    const created = await tp.post('/api/admin/create-client', newClient({ name: 'Partial Co', sns: ec }), { token: admin.token });
    const clientId = (created.body.data?.client as { client_id: number }).client_id;
    const res = await tp.post('/api/admin/update-client', { clientId, tel: '+81 3 9999 0000', managerIds: [analyst2.userId], sns: null, ws: { ...ec, currency: 2, fee: '5000' } }, { token: admin.token });
    expect(res.body.data?.client).toMatchObject({
      client_name: 'Partial Co',
      client_tel: '+81 3 9999 0000',
      client_address: 'Tokyo',
      analystInfo: [{ user_id: analyst2.userId }],
      service_ec_fee: 1200.5,
      service_sns_start_date: null,
      service_ws_fee: 5000,
      service_ws_currency: 2,
    });
  });

  it('refuses bad input with a clear message and changes nothing', async () => {
    const count = async () => (await tp.portal.services.db.selectFrom('client').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [newClient({ name: '' }), translate('en', 'validation.clientNameRequired')],
      [newClient({ name: 'n'.repeat(31) }), translate('en', 'validation.tooLong', { field: 'The name', maximum: 30 })],
      [newClient({ address: 'a'.repeat(101) }), translate('en', 'validation.tooLong', { field: 'address', maximum: 100 })],
      [newClient({ remarks: 'r'.repeat(501) }), translate('en', 'validation.tooLong', { field: 'The remarks', maximum: 500 })],
      [newClient({ tel: 'call me' }), translate('en', 'validation.phoneInvalid')],
      [newClient({ ec: { startDate: '2026-01-01', endDate: '2026-12-31' } }), translate('en', 'validation.contractIncomplete')],
      [newClient({ ec: { ...ec, fee: null } }), translate('en', 'validation.contractIncomplete')],
      [newClient({ ec: { ...ec, fee: 'ten' } }), translate('en', 'validation.feeInvalid')],
      [newClient({ ec: { ...ec, fee: -1 } }), translate('en', 'validation.feeInvalid')],
      [newClient({ ec: { ...ec, currency: 9 } }), translate('en', 'validation.currencyInvalid')],
      [newClient({ ec: { ...ec, startDate: '2026-02-30' } }), translate('en', 'validation.dateInvalid')],
      [newClient({ ec: { ...ec, endDate: 'tomorrow' } }), translate('en', 'validation.dateInvalid')],
      [newClient({ ec: { ...ec, endDate: '2025-12-31' } }), translate('en', 'validation.endBeforeStart')],
    ];
    for (const [body, message] of cases) {
      const res = await tp.post('/api/admin/create-client', body, { token: admin.token });
      expect(res.status, message).toBe(400);
      expect(res.body.message).toBe(message);
    }
    const ja = await tp.post('/api/admin/create-client', newClient({ ec: { ...ec, fee: 'ten' } }), { token: admin.token, locale: 'ja' });
    expect(ja.body.message).toBe(translate('ja', 'validation.feeInvalid'));
    expect((await tp.post('/api/admin/create-client', newClient({ managerIds: [999_999] }), { token: admin.token })).body.code).toBe(1010);
    // A client user or an administrator is no analyst: not a manager choice.
    expect((await tp.post('/api/admin/create-client', newClient({ managerIds: [clientUser.userId] }), { token: admin.token })).body.code).toBe(1010);
    expect(await count()).toBe(before);
    const unknown = await tp.post('/api/admin/update-client', { clientId: 999_999, name: 'X' }, { token: admin.token });
    expect(unknown.body.code).toBe(1009);
  });

  it('a removed client disappears, keeps its users and contracts, and comes back with a restore', async () => {
    const created = await tp.post('/api/admin/create-client', newClient({ name: 'Gone Co' }), { token: admin.token });
    const clientId = (created.body.data?.client as { client_id: number }).client_id;
    const member = await createUser(tp, { role: Role.CLIENT, clientId });
    expect((await tp.post('/api/admin/remove-client', { clientId }, { token: admin.token })).body.code).toBe(0);
    const list = await tp.post('/api/admin/search-clients', {}, { token: admin.token });
    expect((list.body.data?.client as { client_id: number }[]).map((c) => c.client_id)).not.toContain(clientId);
    expect((await tp.post('/api/admin/get-client', { clientId }, { token: analyst.token })).body.code).toBe(1009);
    const info = await tp.post('/api/user/userinfo', {}, { token: member.token });
    expect(info.body.data?.user).toMatchObject({ companyInfo: null });
    const removed = await tp.post('/api/admin/search-clients', { removed: true }, { token: admin.token });
    expect((removed.body.data?.client as { client_id: number }[]).map((c) => c.client_id)).toContain(clientId);

    const restored = await tp.post('/api/admin/restore-client', { clientId }, { token: admin.token });
    expect(restored.body.data?.client).toMatchObject({ client_id: clientId, service_ec_fee: 1200.5, client_deleted_at: null });
    const back = await tp.post('/api/user/userinfo', {}, { token: member.token });
    expect(back.body.data?.user).toMatchObject({ companyInfo: { client_id: clientId }, serviceInfo: [{ service: 'ec', fee: 1200.5 }] });
  });
});
