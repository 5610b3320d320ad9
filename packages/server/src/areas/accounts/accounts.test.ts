import { Role, translate } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal, type TestUser } from '../../testing/index.js';

let tp: TestPortal;
let admin: TestUser;
let analyst: TestUser;
let clientUser: TestUser;
let otherClientUser: TestUser;
let companyId: number;

beforeAll(async () => {
  tp = await startTestPortal();
  companyId = await createClient(tp, 'Accounts Co');
  const otherCompany = await createClient(tp, 'Other Co');
  admin = await createUser(tp, { role: Role.ADMIN, name: 'Admin' });
  analyst = await createUser(tp, { role: Role.ANALYST, name: 'Analyst' });
  clientUser = await createUser(tp, { role: Role.CLIENT, clientId: companyId });
  otherClientUser = await createUser(tp, { role: Role.CLIENT, clientId: otherCompany });
});
afterAll(async () => {
  await tp?.close();
});

const newStaff = (over: Record<string, unknown> = {}) => ({
  name: 'New Analyst',
  mail: `staff-${Math.random().toString(36).slice(2, 9)}@test.example`,
  password: 'Str0ng!pass',
  password2: 'Str0ng!pass',
  role: Role.ANALYST,
  tel: '03-1234-5678',
  remarks: 'hired in November',
  ...over,
});

describe('who may call the account calls', () => {
  const calls = [
    ['/api/admin/search-users', { role: 6 }],
    ['/api/admin/get-user', { userId: 1 }],
    ['/api/admin/create-user', newStaff()],
    ['/api/admin/update-user', { userId: 1, name: 'x' }],
    ['/api/admin/remove-user', { userId: 1 }],
    ['/api/admin/restore-user', { userId: 1 }],
  ] as const;

  it('client users (of any company) and analysts are refused with 403, and nothing changes', async () => {
    const before = await tp.portal.services.db.selectFrom('users').select(['user_id', 'user_name', 'deleted_at']).orderBy('user_id').execute();
    for (const user of [clientUser, otherClientUser, analyst]) {
      for (const [path, body] of calls) {
        const res = await tp.post(path, body, { token: user.token });
        expect(res.status, `${path}`).toBe(403);
        expect(res.body.data).toBeNull();
      }
    }
    const after = await tp.portal.services.db.selectFrom('users').select(['user_id', 'user_name', 'deleted_at']).orderBy('user_id').execute();
    expect(after).toEqual(before);
  });

  it('anonymous callers get 401', async () => {
    for (const [path, body] of calls) expect((await tp.post(path, body)).status).toBe(401);
  });
});

describe('staff accounts', () => {
  it('an administrator creates an analyst, finds it with the search bar, reads and updates it', async () => {
    const body = newStaff({ name: 'Sato Analyst' });
    const created = await tp.post('/api/admin/create-user', body, { token: admin.token });
    expect(created.body.code).toBe(0);
    const user = created.body.data?.user as { user_id: number; user_role: number; user_create_at: string; client_id: number | null };
    expect(user).toMatchObject({ user_role: Role.ANALYST, client_id: null, user_last_used_date: null });
    expect(JSON.stringify(created.body)).not.toMatch(/argon2|password/);

    const found = await tp.post('/api/admin/search-users', { role: 6, wordFields: ['user_name'], keyword: 'sato', searchType: 1 }, { token: admin.token });
    expect((found.body.data?.users as { user_id: number }[]).map((u) => u.user_id)).toEqual([user.user_id]);
    const suffix = await tp.post('/api/admin/search-users', { role: 6, wordFields: ['user_mail'], keyword: '@test.example', searchType: 2 }, { token: admin.token });
    expect((suffix.body.data?.users as unknown[]).length).toBeGreaterThanOrEqual(3);
    const clients = await tp.post('/api/admin/search-users', { role: 1 }, { token: admin.token });
    expect((clients.body.data?.users as { user_role: number }[]).every((u) => u.user_role === 1)).toBe(true);

    const updated = await tp.post('/api/admin/update-user', { userId: user.user_id, role: 6, remarks: 'now also admin' }, { token: admin.token });
    expect(updated.body.data?.user).toMatchObject({ user_role: 6, user_remarks: 'now also admin', user_name: 'Sato Analyst', user_tel: '03-1234-5678' });
    const got = await tp.post('/api/admin/get-user', { userId: user.user_id, roles: [2, 4] }, { token: admin.token });
    expect(got.body.data?.user).toMatchObject({ user_id: user.user_id });
    const wrongKind = await tp.post('/api/admin/get-user', { userId: clientUser.userId, roles: [2, 4] }, { token: admin.token });
    expect(wrongKind.body.code).toBe(1009);
  });

  it('the search bar filters by created date and refuses an end before the start', async () => {
    const today = tp.clock.now.toISOString().slice(0, 10);
    const inRange = await tp.post('/api/admin/search-users', { role: 6, dateFields: ['user_create_at'], startDate: today, endDate: today }, { token: admin.token });
    expect((inRange.body.data?.users as unknown[]).length).toBeGreaterThan(0);
    const none = await tp.post('/api/admin/search-users', { role: 6, dateFields: ['user_create_at'], startDate: '2001-01-01', endDate: '2001-01-31' }, { token: admin.token });
    expect(none.body.data?.users).toEqual([]);
    const reversed = await tp.post('/api/admin/search-users', { role: 6, dateFields: ['user_create_at'], startDate: '2024-02-01', endDate: '2024-01-01' }, { token: admin.token, locale: 'ja' });
    expect(reversed).toMatchObject({ status: 400, body: { message: '終了日は開始日以降の日付にしてください。' } });
    const badField = await tp.post('/api/admin/search-users', { role: 6, wordFields: ['password_hash'], keyword: 'x' }, { token: admin.token });
    expect(badField.status).toBe(400);
    const blank = await tp.post('/api/admin/search-users', { role: 6, wordFields: ['user_name'], keyword: '   ' }, { token: admin.token });
    const all = await tp.post('/api/admin/search-users', { role: 6 }, { token: admin.token });
    expect(blank.body.data?.users).toEqual(all.body.data?.users);
    const wildcard = await tp.post('/api/admin/search-users', { role: 6, wordFields: ['user_name'], keyword: '%' }, { token: admin.token });
    expect(wildcard.body.data?.users).toEqual([]);
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const count = async () => (await tp.portal.services.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [newStaff({ name: 'x'.repeat(31) }), translate('en', 'validation.tooLong', { field: 'The name', maximum: 30 })],
      [newStaff({ mail: 'not-a-mail' }), translate('en', 'validation.mailInvalid')],
      [newStaff({ tel: 'abc' }), translate('en', 'validation.phoneInvalid')],
      [newStaff({ remarks: 'r'.repeat(501) }), translate('en', 'validation.tooLong', { field: 'The remarks', maximum: 500 })],
      [newStaff({ password: 'weakpass1', password2: 'weakpass1' }), translate('en', 'validation.passwordStrong')],
      [newStaff({ password2: 'Other!pass1' }), translate('en', 'validation.passwordMismatch')],
      [newStaff({ role: 3 }), translate('en', 'validation.roleRequired')],
      [newStaff({ role: Role.CLIENT }), translate('en', 'validation.companyRequired')],
    ];
    for (const [body, message] of cases) {
      const res = await tp.post('/api/admin/create-user', body, { token: admin.token });
      expect(res.body.message).toBe(message);
    }
    const taken = await tp.post('/api/admin/create-user', newStaff({ mail: analyst.mail.toUpperCase() }), { token: admin.token });
    expect(taken.body.code).toBe(1006);
    const unknownCompany = await tp.post('/api/admin/create-user', newStaff({ role: Role.CLIENT, companyId: 999_999 }), { token: admin.token });
    expect(unknownCompany.body.code).toBe(1011);
    expect(await count()).toBe(before);
  });

  it('two administrators creating the same mail at once: one account, the other told the mail is taken', async () => {
    const body = newStaff();
    const answers = await Promise.all([1, 2, 3].map(() => tp.post('/api/admin/create-user', body, { token: admin.token })));
    expect(answers.map((a) => a.body.code).sort()).toEqual([0, 1006, 1006]);
    const rows = await tp.portal.services.db.selectFrom('users').select('user_id').where('user_mail', '=', body.mail).execute();
    expect(rows).toHaveLength(1);
  });

  it('resets a password: the old sessions end and the new password is argon2id', async () => {
    const target = await createUser(tp, { role: Role.ANALYST });
    const weak = await tp.post('/api/admin/update-user', { userId: target.userId, password: 'abc', password2: 'abc' }, { token: admin.token });
    expect(weak.body.message).toBe(translate('en', 'validation.passwordStrong'));
    const ok = await tp.post('/api/admin/update-user', { userId: target.userId, password: 'N3w!secret', password2: 'N3w!secret' }, { token: admin.token });
    expect(ok.body.code).toBe(0);
    expect((await tp.post('/api/user/userinfo', {}, { token: target.token })).status).toBe(401);
    const row = await tp.portal.services.db.selectFrom('users').select('password_hash').where('user_id', '=', target.userId).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('an administrator cannot remove or demote themselves, nor turn a client user into staff', async () => {
    expect((await tp.post('/api/admin/remove-user', { userId: admin.userId }, { token: admin.token })).body.code).toBe(1012);
    expect((await tp.post('/api/admin/update-user', { userId: admin.userId, role: Role.ANALYST }, { token: admin.token })).body.code).toBe(1013);
    expect((await tp.post('/api/admin/update-user', { userId: clientUser.userId, role: Role.ANALYST }, { token: admin.token })).body.code).toBe(1014);
  });
});

describe('client users', () => {
  it('are created with their company, moved to another, and their department kept', async () => {
    const other = await createClient(tp, 'Move Co');
    const created = await tp.post(
      '/api/admin/create-user',
      newStaff({ role: Role.CLIENT, companyId, department: 'Legal', name: 'Client Person' }),
      { token: admin.token },
    );
    const user = created.body.data?.user as { user_id: number };
    expect(created.body.data?.user).toMatchObject({ user_role: 1, client_id: companyId, client_name: 'Accounts Co', user_department: 'Legal' });
    const moved = await tp.post('/api/admin/update-user', { userId: user.user_id, companyId: other }, { token: admin.token });
    expect(moved.body.data?.user).toMatchObject({ client_id: other, client_name: 'Move Co', user_department: 'Legal' });
  });
});

describe('removing and restoring', () => {
  it('a removed account disappears, cannot sign in, keeps its row, and comes back with a restore', async () => {
    const target = await createUser(tp, { role: Role.CLIENT, clientId: companyId, name: 'Leaving Person' });
    await tp.portal.services.db.insertInto('notice').values({ user_id: target.userId, title: 'kept', type: 1 }).execute();
    expect((await tp.post('/api/admin/remove-user', { userId: target.userId }, { token: admin.token })).body.code).toBe(0);
    const live = await tp.post('/api/admin/search-users', { role: 1 }, { token: admin.token });
    expect((live.body.data?.users as { user_id: number }[]).map((u) => u.user_id)).not.toContain(target.userId);
    const removed = await tp.post('/api/admin/search-users', { role: 1, removed: true }, { token: admin.token });
    expect((removed.body.data?.users as { user_id: number }[]).map((u) => u.user_id)).toContain(target.userId);
    expect((await tp.post('/api/user/userinfo', {}, { token: target.token })).status).toBe(401);
    expect((await tp.post('/api/admin/get-user', { userId: target.userId }, { token: admin.token })).body.code).toBe(1009);
    expect((await tp.post('/api/admin/remove-user', { userId: target.userId }, { token: admin.token })).body.code).toBe(1009);

    const restored = await tp.post('/api/admin/restore-user', { userId: target.userId }, { token: admin.token });
    expect(restored.body.data?.user).toMatchObject({ user_id: target.userId, user_deleted_at: null });
    const notices = await tp.portal.services.db.selectFrom('notice').select('title').where('user_id', '=', target.userId).execute();
    expect(notices).toEqual([{ title: 'kept' }]);
    expect((await tp.post('/api/admin/restore-user', { userId: target.userId }, { token: admin.token })).body.code).toBe(1015);
  });

  it('a restore is refused while another live account uses the mail', async () => {
    const first = await createUser(tp, { role: Role.ANALYST });
    await tp.post('/api/admin/remove-user', { userId: first.userId }, { token: admin.token });
    const again = await tp.post('/api/admin/create-user', newStaff({ mail: first.mail }), { token: admin.token });
    expect(again.body.code).toBe(0);
    expect((await tp.post('/api/admin/restore-user', { userId: first.userId }, { token: admin.token })).body.code).toBe(1006);
  });
});
