import { Role, translate } from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient, createUser, startTestPortal, type TestPortal } from '../../testing/index.js';

let tp: TestPortal;
let ipCounter = 0;
/** Each test signs in from its own address, so per-IP throttles of one test never touch another. */
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  tp = await startTestPortal();
});
afterAll(async () => {
  await tp?.close();
});

async function requestCode(mail: string, ip = freshIp(), locale: 'en' | 'ja' = 'en') {
  const res = await tp.post('/api/requestcode', { mail }, { ip, locale });
  expect(res.body.code).toBe(0);
  // Codes are one per minute per address: later steps of a test move the clock on.
  const code = await tp.mailbox.codeFor(mail);
  tp.clock.advance(61_000);
  return code;
}

describe('/api/requestcode', () => {
  it('mails a six-digit code as text and HTML in the language of the request', async () => {
    const user = await createUser(tp);
    tp.mailbox.clear();
    const res = await tp.post('/api/requestcode', { mail: user.mail.toUpperCase() }, { locale: 'ja', ip: freshIp() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 0, message: translate('ja', 'ok'), data: {} });
    const mail = await tp.mailbox.latestTo(user.mail);
    expect(mail.subject).toMatch(/^認証コード：\d{6}$/);
    expect(mail.text).toMatch(/\d{6}/);
    expect(mail.html).toContain('<p>');
    tp.clock.advance(61_000);
  });

  it('answers the same for an address without an account, and still mails it (sign-up needs it)', async () => {
    const known = await createUser(tp);
    const a = await tp.post('/api/requestcode', { mail: known.mail }, { ip: freshIp() });
    const b = await tp.post('/api/requestcode', { mail: 'nobody-here@test.example' }, { ip: freshIp() });
    expect(a.body).toEqual(b.body);
    expect(a.status).toBe(b.status);
    await tp.mailbox.latestTo('nobody-here@test.example');
    tp.clock.advance(61_000);
  });

  it('refuses a second code for the same address within 60 seconds, in the user language', async () => {
    const mail = 'cooldown@test.example';
    await tp.post('/api/requestcode', { mail }, { ip: freshIp() });
    const again = await tp.post('/api/requestcode', { mail }, { ip: freshIp(), locale: 'ja' });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe(1005);
    expect(again.body.message).toMatch(/秒後に再度お試しください/);
    tp.clock.advance(61_000);
    expect((await tp.post('/api/requestcode', { mail }, { ip: freshIp() })).body.code).toBe(0);
    tp.clock.advance(61_000);
  });

  it('throttles code requests per IP', async () => {
    const ip = freshIp();
    for (let i = 0; i < 30; i++) {
      expect((await tp.post('/api/requestcode', { mail: `flood${i}@test.example` }, { ip })).body.code).toBe(0);
    }
    const res = await tp.post('/api/requestcode', { mail: 'flood-last@test.example' }, { ip });
    expect(res.status).toBe(429);
    expect(res.body.message).toBe(translate('en', 'error.throttledCode', { minutes: 60 }));
  });

  it('refuses a malformed mail with the spec message', async () => {
    const res = await tp.post('/api/requestcode', { mail: 'not-a-mail' }, { locale: 'en' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ code: 400, message: 'Please check the mail.', data: null });
    const missing = await tp.post('/api/requestcode', {}, { locale: 'ja' });
    expect(missing.body.message).toBe('メールアドレスを入力してください。');
  });
});

describe('/api/login', () => {
  it('signs in with mail, password and the mailed code; the token opens the profile', async () => {
    const user = await createUser(tp, { name: 'Login Person' });
    const code = await requestCode(user.mail);
    const res = await tp.post('/api/login', { mail: user.mail, password: user.password, code }, { ip: freshIp() });
    expect(res.body.code).toBe(0);
    const token = String(res.body.data?.token);
    expect(token.length).toBeGreaterThan(30);
    expect(res.body.data?.userid).toBe(user.userId);
    const info = await tp.post('/api/user/userinfo', { userid: user.userId }, { token });
    expect(info.body.data?.user).toMatchObject({ user_id: user.userId, user_name: 'Login Person', user_mail: user.mail });
    expect(JSON.stringify(info.body)).not.toContain('argon2');
    const stored = await tp.portal.services.db.selectFrom('session_token').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);
  });

  it('accepts the bare token in the Authorization header too', async () => {
    const user = await createUser(tp);
    const res = await tp.post('/api/user/userinfo', {}, { headers: { authorization: user.token } });
    expect(res.body.code).toBe(0);
  });

  it('refuses a wrong password and an unknown mail with the same message, keeping the code usable', async () => {
    const user = await createUser(tp);
    const code = await requestCode(user.mail);
    const wrong = await tp.post('/api/login', { mail: user.mail, password: 'Wrong0000!', code }, { ip: freshIp() });
    expect(wrong.body).toMatchObject({ code: 1001, message: 'The mail or password is incorrect.' });
    const unknownCode = await requestCode('ghost@test.example');
    const unknown = await tp.post('/api/login', { mail: 'ghost@test.example', password: 'Wrong0000!', code: unknownCode }, { ip: freshIp() });
    expect(unknown.body).toEqual(wrong.body);
    const ok = await tp.post('/api/login', { mail: user.mail, password: user.password, code }, { ip: freshIp() });
    expect(ok.body.code).toBe(0);
  });

  it('refuses a wrong code, and after the fifth wrong try the right one too', async () => {
    const user = await createUser(tp);
    const code = await requestCode(user.mail);
    const wrongCode = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await tp.post('/api/login', { mail: user.mail, password: user.password, code: wrongCode }, { ip: freshIp() });
      expect(res.body.code).toBe(1002);
    }
    const fifth = await tp.post('/api/login', { mail: user.mail, password: user.password, code: wrongCode }, { ip: freshIp() });
    expect(fifth.body.code).toBe(1004);
    const sixth = await tp.post('/api/login', { mail: user.mail, password: user.password, code }, { ip: freshIp(), locale: 'ja' });
    expect(sixth.body).toMatchObject({ code: 1004, message: translate('ja', 'error.codeTooManyTries') });
  });

  it('refuses an expired code and a reused code', async () => {
    const user = await createUser(tp);
    const code = await requestCode(user.mail);
    tp.clock.advance(10 * 60_000);
    const expired = await tp.post('/api/login', { mail: user.mail, password: user.password, code }, { ip: freshIp() });
    expect(expired.body.code).toBe(1003);

    const fresh = await requestCode(user.mail);
    expect((await tp.post('/api/login', { mail: user.mail, password: user.password, code: fresh }, { ip: freshIp() })).body.code).toBe(0);
    const reused = await tp.post('/api/login', { mail: user.mail, password: user.password, code: fresh }, { ip: freshIp() });
    expect(reused.body.code).toBe(1003);
  });

  it('only the newest code works once another was requested', async () => {
    const user = await createUser(tp);
    const first = await requestCode(user.mail);
    const second = await requestCode(user.mail);
    if (first !== second) {
      const old = await tp.post('/api/login', { mail: user.mail, password: user.password, code: first }, { ip: freshIp() });
      expect(old.body.code).toBe(1002);
    }
    const res = await tp.post('/api/login', { mail: user.mail, password: user.password, code: second }, { ip: freshIp() });
    expect(res.body.code).toBe(0);
  });

  it('throttles repeated failures per address with HTTP 429 and a clear message', async () => {
    const user = await createUser(tp);
    for (let i = 0; i < 10; i++) {
      const res = await tp.post('/api/login', { mail: user.mail, password: 'Wrong0000!', code: '123456' }, { ip: freshIp() });
      expect(res.status).toBe(200);
    }
    const blocked = await tp.post('/api/login', { mail: user.mail, password: user.password, code: '123456' }, { ip: freshIp() });
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toBe(translate('en', 'error.throttledLogin', { minutes: 15 }));
    tp.clock.advance(15 * 60_000 + 1000);
    const code = await requestCode(user.mail);
    expect((await tp.post('/api/login', { mail: user.mail, password: user.password, code }, { ip: freshIp() })).body.code).toBe(0);
  });

  it('throttles repeated failures per IP across addresses', async () => {
    const ip = freshIp();
    for (let i = 0; i < 50; i++) {
      await tp.post('/api/login', { mail: `spray${i}@test.example`, password: 'Wrong0000!', code: '123456' }, { ip });
    }
    const res = await tp.post('/api/login', { mail: 'spray-last@test.example', password: 'Wrong0000!', code: '123456' }, { ip });
    expect(res.status).toBe(429);
  });

  it('refuses a removed account', async () => {
    const user = await createUser(tp);
    await tp.portal.services.db.updateTable('users').set({ deleted_at: tp.clock.now }).where('user_id', '=', user.userId).execute();
    const code = await requestCode(user.mail);
    const res = await tp.post('/api/login', { mail: user.mail, password: user.password, code }, { ip: freshIp() });
    expect(res.body.code).toBe(1001);
    expect((await tp.post('/api/user/userinfo', {}, { token: user.token })).status).toBe(401);
  });

  it('refuses malformed payloads with 400 and the first message, without stack traces', async () => {
    const missingCode = await tp.post('/api/login', { mail: 'a@test.example', password: 'x' }, { locale: 'en' });
    expect(missingCode).toMatchObject({ status: 400, body: { code: 400, message: 'Please input the verification code.' } });
    const badJson = await tp.post('/api/login', undefined, { raw: '{"mail": "a@', locale: 'ja' });
    expect(badJson).toMatchObject({ status: 400, body: { message: translate('ja', 'error.malformedJson') } });
    const huge = await tp.post('/api/login', undefined, { raw: JSON.stringify({ mail: 'x'.repeat(2_000_000) }) });
    expect(huge).toMatchObject({ status: 413, body: { code: 413, message: translate('en', 'error.tooLarge') } });
    const wrongType = await tp.post('/api/login', { mail: 42, password: [], code: {} });
    expect(wrongType.status).toBe(400);
    expect(JSON.stringify(wrongType.body)).not.toMatch(/at .*\.ts|stack/i);
    const injection = await tp.post('/api/login', { mail: "x'OR'1'='1@a.b", password: "' OR '1'='1", code: '123456' }, { ip: freshIp() });
    expect(injection.body.code).toBe(1003);
  });
});

describe('/api/signup', () => {
  it('creates a client user without a company, who can sign in and see the profile', async () => {
    const mail = 'new-signup@test.example';
    const code = await requestCode(mail);
    const res = await tp.post('/api/signup', { name: '新規 ユーザー', mail, password: 'abc12345!', password2: 'abc12345!', code }, { locale: 'ja' });
    expect(res.body.code).toBe(0);
    const row = await tp.portal.services.db.selectFrom('users').selectAll().where('user_mail', '=', mail).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_role: Role.CLIENT, client_id: null, user_locale: 'ja', user_name: '新規 ユーザー' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    const loginCode = await requestCode(mail);
    const login = await tp.post('/api/login', { mail, password: 'abc12345!', code: loginCode }, { ip: freshIp() });
    const info = await tp.post('/api/user/userinfo', {}, { token: String(login.body.data?.token) });
    expect(info.body.data?.user).toMatchObject({ user_role: 1, companyInfo: null, analystInfo: [] });
  });

  it('refuses a taken mail, weak and mismatched passwords, an over-long name, and writes nothing', async () => {
    const existing = await createUser(tp);
    const before = await tp.portal.services.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const code = await requestCode(existing.mail);
    const base = { name: 'X', mail: existing.mail, password: 'abc12345!', password2: 'abc12345!', code };
    expect((await tp.post('/api/signup', base)).body.code).toBe(1006);
    const weak = await tp.post('/api/signup', { ...base, password: 'abcdefgh', password2: 'abcdefgh' });
    expect(weak.body.message).toBe(translate('en', 'validation.passwordWeak'));
    const tooLong = await tp.post('/api/signup', { ...base, password: 'abc12345!abc12345!abc', password2: 'abc12345!abc12345!abc' });
    expect(tooLong.body.message).toBe(translate('en', 'validation.passwordWeak'));
    const mismatch = await tp.post('/api/signup', { ...base, password2: 'abc12345?' }, { locale: 'ja' });
    expect(mismatch.body.message).toBe('確認用パスワードがパスワードと一致しません。');
    const longName = await tp.post('/api/signup', { ...base, name: 'n'.repeat(51) });
    expect(longName.body.message).toBe('The name is too long: at most 50 characters.');
    const after = await tp.portal.services.db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });
});

describe('/api/resetpassword (forgot password)', () => {
  it('sets a new password, ends every session, and the new password signs in', async () => {
    const user = await createUser(tp);
    const code = await requestCode(user.mail);
    const res = await tp.post('/api/resetpassword', { mail: user.mail, password: 'newpass99', password2: 'newpass99', code });
    expect(res.body.code).toBe(0);
    expect((await tp.post('/api/user/userinfo', {}, { token: user.token })).status).toBe(401);
    const loginCode = await requestCode(user.mail);
    const old = await tp.post('/api/login', { mail: user.mail, password: user.password, code: loginCode }, { ip: freshIp() });
    expect(old.body.code).toBe(1001);
    const ok = await tp.post('/api/login', { mail: user.mail, password: 'newpass99', code: loginCode }, { ip: freshIp() });
    expect(ok.body.code).toBe(0);
  });

  it('refuses an address without an account and a wrong code', async () => {
    const code = await requestCode('no-account@test.example');
    const res = await tp.post('/api/resetpassword', { mail: 'no-account@test.example', password: 'newpass99', password2: 'newpass99', code });
    expect(res.body.code).toBe(1007);
    const user = await createUser(tp);
    await requestCode(user.mail);
    const wrong = await tp.post('/api/resetpassword', { mail: user.mail, password: 'newpass99', password2: 'newpass99', code: '999999' });
    expect([1002, 1003]).toContain(wrong.body.code);
  });
});

describe('session lifetime', () => {
  it('logout revokes the token', async () => {
    const user = await createUser(tp);
    expect((await tp.post('/api/logout', { token: user.token }, { token: user.token })).body.code).toBe(0);
    const after = await tp.post('/api/user/userinfo', {}, { token: user.token });
    expect(after).toMatchObject({ status: 401, body: { code: 401 } });
  });

  it('a token expires after 12 hours without use, and use keeps it alive', async () => {
    const user = await createUser(tp);
    tp.clock.advance(11 * 3_600_000);
    expect((await tp.post('/api/user/userinfo', {}, { token: user.token })).status).toBe(200);
    tp.clock.advance(11 * 3_600_000);
    expect((await tp.post('/api/user/userinfo', {}, { token: user.token })).status).toBe(200);
    tp.clock.advance(12 * 3_600_000 + 60_000);
    expect((await tp.post('/api/user/userinfo', {}, { token: user.token })).status).toBe(401);
  });

  it('an unknown or over-long token answers 401', async () => {
    expect((await tp.post('/api/user/userinfo', {}, { token: 'guess' })).status).toBe(401);
    expect((await tp.post('/api/user/userinfo', {}, { token: 'x'.repeat(5000) })).status).toBe(401);
  });
});

describe('profile calls', () => {
  it('userinfo shows the company and its analysts to a client user', async () => {
    const clientId = await createClient(tp, 'Profile Co');
    const analyst = await createUser(tp, { role: Role.ANALYST, name: 'Ann Analyst' });
    await tp.portal.services.db.insertInto('client_manager').values({ client_id: clientId, user_id: analyst.userId }).execute();
    const user = await createUser(tp, { clientId });
    const res = await tp.post('/api/user/userinfo', { userid: user.userId }, { token: user.token });
    expect(res.body.data?.user).toMatchObject({
      companyInfo: { client_id: clientId, client_name: 'Profile Co' },
      analystInfo: [{ user_id: analyst.userId, user_name: 'Ann Analyst' }],
    });
  });

  it('userinfo never answers with another user, whatever userid says', async () => {
    const a = await createUser(tp, { name: 'A' });
    const b = await createUser(tp, { name: 'B' });
    const res = await tp.post('/api/user/userinfo', { userid: b.userId }, { token: a.token });
    expect(res.body.data?.user).toMatchObject({ user_id: a.userId, user_name: 'A' });
  });

  it('update-settings saves the locale, which then chooses the language of answers', async () => {
    const user = await createUser(tp);
    expect((await tp.post('/api/user/update-settings', { userid: user.userId, locale: 'ja' }, { token: user.token })).body.data).toEqual({ locale: 'ja' });
    const bad = await tp.post('/api/user/update-userinfo', { name: '' }, { token: user.token });
    expect(bad.body.message).toBe('氏名を入力してください。');
    const wrong = await tp.post('/api/user/update-settings', { locale: 'fr' }, { token: user.token });
    expect(wrong.status).toBe(400);
  });

  it('update-userinfo changes name and tel with the section 5 rules', async () => {
    const user = await createUser(tp);
    const ok = await tp.post('/api/user/update-userinfo', { name: "Robert'); DROP TABLE users;--", tel: '+81 3-1234-5678' }, { token: user.token });
    expect(ok.body.data?.user).toMatchObject({ user_name: "Robert'); DROP TABLE users;--", user_tel: '+81 3-1234-5678' });
    const long = await tp.post('/api/user/update-userinfo', { name: 'x'.repeat(51) }, { token: user.token });
    expect(long.body.message).toBe('The name is too long: at most 50 characters.');
    const tel = await tp.post('/api/user/update-userinfo', { name: 'ok', tel: 'call me' }, { token: user.token });
    expect(tel.body.message).toBe('Please check your tel number.');
    const row = await tp.portal.services.db.selectFrom('users').select(['user_name']).where('user_id', '=', user.userId).executeTakeFirstOrThrow();
    expect(row.user_name).toBe("Robert'); DROP TABLE users;--");
  });

  it('reset-password (signed in) needs the current password and a code, and ends the other sessions', async () => {
    const user = await createUser(tp);
    const code = await requestCode(user.mail);
    const login = await tp.post('/api/login', { mail: user.mail, password: user.password, code }, { ip: freshIp() });
    const otherToken = String(login.body.data?.token);

    const resetCode = await requestCode(user.mail);
    const wrongOld = await tp.post('/api/user/reset-password', { passwordOld: 'Nope1234!', password: 'fresh1234', password2: 'fresh1234', code: resetCode }, { token: user.token });
    expect(wrongOld.body.code).toBe(1008);
    const weak = await tp.post('/api/user/reset-password', { passwordOld: user.password, password: 'short1', password2: 'short1', code: resetCode }, { token: user.token });
    expect(weak.body.message).toBe(translate('en', 'validation.passwordWeak'));
    const missing = await tp.post('/api/user/reset-password', { password: 'fresh1234', password2: 'fresh1234', code: resetCode }, { token: user.token });
    expect(missing.body.message).toBe('Please input the current password.');
    const ok = await tp.post('/api/user/reset-password', { passwordOld: user.password, password: 'fresh1234', password2: 'fresh1234', code: resetCode }, { token: user.token });
    expect(ok.body.code).toBe(0);
    expect((await tp.post('/api/user/userinfo', {}, { token: user.token })).status).toBe(200);
    expect((await tp.post('/api/user/userinfo', {}, { token: otherToken })).status).toBe(401);
  });
});

describe('/api/notication/unviewed-notice-count', () => {
  it('counts only the unviewed notices of the signed-in user', async () => {
    const a = await createUser(tp);
    const b = await createUser(tp);
    const db = tp.portal.services.db;
    await db.insertInto('notice').values([
      { user_id: a.userId, title: 'one', type: 1 },
      { user_id: a.userId, title: 'two', type: 3 },
      { user_id: a.userId, title: 'seen', type: 1, viewed: true },
      { user_id: b.userId, title: 'other', type: 1 },
    ]).execute();
    expect((await tp.post('/api/notication/unviewed-notice-count', {}, { token: a.token })).body.data).toEqual({ unviewed: 2 });
    expect((await tp.post('/api/notication/unviewed-notice-count', {}, { token: b.token })).body.data).toEqual({ unviewed: 1 });
  });
});
