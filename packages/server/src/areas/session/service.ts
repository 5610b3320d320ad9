import { Role, type User } from '@portal/contract';
import { createSession, refreshUserSessions, revokeToken, revokeUserSessions } from '../../platform/auth.js';
import type { AuthedContext, CallContext } from '../../platform/context.js';
import { AppError, fail } from '../../platform/errors.js';
import { hashPassword, verifyPassword } from '../../platform/passwords.js';
import { blockedFor, clear, hit, type ThrottleRule } from '../../platform/throttle.js';
import { hashCode, newCode } from '../../platform/tokens.js';
import { contractsOf } from '../clients/repo.js';
import { presentUser } from './presenter.js';
import * as repo from './repo.js';

/** The rules of signing in, codes and the own profile. Numbers from the spec README's session decisions. */
const CODE_VALID_MINUTES = 10;
const CODE_MAX_WRONG = 5;
const CODE_COOLDOWN_SECONDS = 60;
const CODES_PER_MAIL_PER_HOUR = 10;
const CODE_REQUESTS_PER_IP: ThrottleRule = { limit: 30, windowSeconds: 3600 };
const LOGIN_FAILURES_PER_MAIL: ThrottleRule = { limit: 10, windowSeconds: 15 * 60 };
const LOGIN_FAILURES_PER_IP: ThrottleRule = { limit: 50, windowSeconds: 15 * 60 };

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export async function requestCode(ctx: CallContext, mail: string): Promise<Record<string, never>> {
  const ipKey = `code:ip:${ctx.ip}`;
  const ipWait = await blockedFor(ctx.db, ipKey, CODE_REQUESTS_PER_IP, ctx.now);
  if (ipWait > 0) fail('throttledCode', { minutes: minutes(ipWait) });

  const last = await repo.latestCodeSentAt(ctx.db, mail);
  if (last) {
    const wait = CODE_COOLDOWN_SECONDS - Math.floor((ctx.now.getTime() - last.created_at.getTime()) / 1000);
    if (wait > 0) fail('codeTooSoon', { seconds: wait });
  }
  const hourAgo = new Date(ctx.now.getTime() - 3600_000);
  if ((await repo.countCodesSince(ctx.db, mail, hourAgo)) >= CODES_PER_MAIL_PER_HOUR) fail('throttledCode', { minutes: 60 });

  await hit(ctx.db, ipKey, CODE_REQUESTS_PER_IP, ctx.now);
  const code = newCode();
  const expires = new Date(ctx.now.getTime() + CODE_VALID_MINUTES * 60_000);
  await repo.replaceCode(ctx.db, mail, hashCode(mail, code), ctx.now, expires);
  // Sent inside the call's transaction: if the mail cannot go out, no code is stored and the user may retry at once.
  await ctx.services.mailer.send({
    to: mail,
    locale: ctx.locale,
    subject: 'mail.code.subject',
    paragraphs: ['mail.code.body'],
    params: { code, minutes: CODE_VALID_MINUTES },
  });
  return {};
}

/**
 * Checks the newest open code of the address. Runs outside any transaction so that a wrong try stays counted
 * even though the call then fails. Answers the code's id, to be consumed with the change it authorizes.
 */
async function checkCode(ctx: CallContext, mail: string, code: string): Promise<number> {
  const row = await repo.latestOpenCode(ctx.db, mail);
  if (!row || row.expires_at.getTime() <= ctx.now.getTime()) fail('codeExpired');
  if (row.attempts >= CODE_MAX_WRONG) fail('codeTooManyTries');
  if (row.code_hash !== hashCode(mail, code)) {
    const attempts = await repo.countWrongTry(ctx.db, row.id);
    fail(attempts >= CODE_MAX_WRONG ? 'codeTooManyTries' : 'codeInvalid');
  }
  return row.id;
}

async function consume(ctx: CallContext, codeId: number): Promise<void> {
  if (!(await repo.consumeCode(ctx.db, codeId, ctx.now))) fail('codeExpired');
}

export async function login(ctx: CallContext, input: { mail: string; password: string; code: string }) {
  const mailKey = `login:mail:${input.mail}`;
  const ipKey = `login:ip:${ctx.ip}`;
  const wait = Math.max(
    await blockedFor(ctx.db, mailKey, LOGIN_FAILURES_PER_MAIL, ctx.now),
    await blockedFor(ctx.db, ipKey, LOGIN_FAILURES_PER_IP, ctx.now),
  );
  if (wait > 0) fail('throttledLogin', { minutes: minutes(wait) });

  const failed = async (error: unknown): Promise<never> => {
    await hit(ctx.db, mailKey, LOGIN_FAILURES_PER_MAIL, ctx.now);
    await hit(ctx.db, ipKey, LOGIN_FAILURES_PER_IP, ctx.now);
    throw error;
  };

  const codeId = await checkCode(ctx, input.mail, input.code).catch(failed);
  const user = await repo.findLiveUserByMail(ctx.db, input.mail);
  if (!(await verifyPassword(user?.password_hash, input.password)) || !user) return failed(new AppError('loginFailed'));

  return ctx.db.transaction().execute(async (trx) => {
    if (!(await repo.consumeCode(trx, codeId, ctx.now))) fail('codeExpired');
    const token = await createSession(trx, user.user_id, ctx.now);
    await repo.updateUser(trx, user.user_id, { user_last_used_date: ctx.now });
    await clear(trx, mailKey);
    return { token, userid: user.user_id };
  });
}

export async function signup(ctx: CallContext, input: { name: string; mail: string; password: string; code: string }) {
  const codeId = await checkCode(ctx, input.mail, input.code);
  if (await repo.findLiveUserByMail(ctx.db, input.mail)) fail('mailTaken');
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await consume({ ...ctx, db: trx }, codeId);
    // Sign-up makes a client user with no company yet; an administrator links them to one (spec README).
    await repo.insertUser(trx, {
      user_name: input.name,
      user_mail: input.mail,
      password_hash: passwordHash,
      user_role: Role.CLIENT,
      user_locale: ctx.locale,
      client_id: null,
    });
  });
  return {};
}

export async function forgotPassword(ctx: CallContext, input: { mail: string; password: string; code: string }) {
  const codeId = await checkCode(ctx, input.mail, input.code);
  const user = await repo.findLiveUserByMail(ctx.db, input.mail);
  if (!user) fail('noAccount');
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await consume({ ...ctx, db: trx }, codeId);
    await repo.updateUser(trx, user.user_id, { password_hash: passwordHash });
    await revokeUserSessions(ctx.services, trx, user.user_id);
  });
  return {};
}

export async function changePassword(
  ctx: AuthedContext,
  input: { passwordOld: string; password: string; code: string },
): Promise<Record<string, never>> {
  const user = await repo.findLiveUser(ctx.db, ctx.user.userId);
  if (!user) fail('unauthenticated');
  const codeId = await checkCode(ctx, user.user_mail, input.code);
  if (!(await verifyPassword(user.password_hash, input.passwordOld))) fail('currentPasswordWrong');
  const passwordHash = await hashPassword(input.password);
  await ctx.db.transaction().execute(async (trx) => {
    await consume({ ...ctx, db: trx }, codeId);
    await repo.updateUser(trx, user.user_id, { password_hash: passwordHash });
    // Every other session ends; the one that proved the old password stays signed in.
    await revokeUserSessions(ctx.services, trx, user.user_id, ctx.user.tokenHash);
  });
  return {};
}

export async function logout(ctx: AuthedContext): Promise<Record<string, never>> {
  await revokeToken(ctx.services, ctx.db, ctx.user.tokenHash);
  return {};
}

export async function userInfo(ctx: AuthedContext): Promise<User> {
  const row = await repo.findLiveUser(ctx.db, ctx.user.userId);
  if (!row) fail('unauthenticated');
  const company = row.client_id === null ? undefined : await repo.findLiveClient(ctx.db, row.client_id);
  const analysts = company ? await repo.findClientAnalysts(ctx.db, company.client_id) : [];
  const contracts = company ? await contractsOf(ctx.db, [company.client_id]) : [];
  return presentUser(row, company, analysts, contracts);
}

export async function updateSettings(ctx: AuthedContext, locale: 'en' | 'ja') {
  await repo.updateUser(ctx.db, ctx.user.userId, { user_locale: locale });
  await refreshUserSessions(ctx.services, ctx.db, ctx.user.userId);
  return { locale };
}

export async function updateUserInfo(ctx: AuthedContext, input: { name: string; tel: string }) {
  await repo.updateUser(ctx.db, ctx.user.userId, { user_name: input.name, user_tel: input.tel });
  return { user: await userInfo(ctx) };
}
