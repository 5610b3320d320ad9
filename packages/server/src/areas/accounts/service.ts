import { Role, hasRole, type AccountListItem, type SearchConditions } from '@portal/contract';
import { sql } from 'kysely';
import { refreshUserSessions, revokeUserSessions } from '../../platform/auth.js';
import type { AuthedContext } from '../../platform/context.js';
import { fail } from '../../platform/errors.js';
import { hashPassword } from '../../platform/passwords.js';
import type { UserUpdate } from '../../platform/schema.js';
import { searchCondition } from '../../platform/search.js';
import { findClient } from '../clients/repo.js';
import * as users from '../session/repo.js';
import { presentAccount } from './presenter.js';
import * as repo from './repo.js';

/** Staff accounts and client users, administered by administrators (sections 2.10, 2.11 and 6). */

const searchColumns = {
  dates: { user_last_used_date: sql.ref('u.user_last_used_date'), user_create_at: sql.ref('u.user_create_at') },
  words: { user_name: sql.ref('u.user_name'), user_mail: sql.ref('u.user_mail'), user_remarks: sql.ref('u.user_remarks') },
};
type AccountSearch = SearchConditions<keyof typeof searchColumns.dates, keyof typeof searchColumns.words> & { role: number; removed: boolean };

const isClientUser = (role: number) => role === Role.CLIENT;

export async function search(ctx: AuthedContext, c: AccountSearch): Promise<AccountListItem[]> {
  const rows = await repo.listAccounts(ctx.db, c.role, searchCondition(c, searchColumns), c.removed);
  return rows.map(presentAccount);
}

/** `roles` narrows the kind the screen expects (the analyst detail asks for staff): another kind is "not found". */
export async function get(ctx: AuthedContext, userId: number, roles?: number[]): Promise<AccountListItem> {
  const row = await repo.findAccount(ctx.db, userId);
  const mask = roles?.reduce((m, r) => m | r, 0);
  if (!row || (mask !== undefined && mask !== 0 && !hasRole(row.user_role, mask))) fail('objectNotFound');
  return presentAccount(row);
}

async function checkCompany(ctx: AuthedContext, companyId: number | null | undefined): Promise<void> {
  if (companyId && !(await findClient(ctx.db, companyId))) fail('unknownCompany');
}

export async function create(
  ctx: AuthedContext,
  input: { name: string; mail: string; password: string; role: number; tel: string; remarks: string; department: string; companyId?: number | null | undefined },
): Promise<AccountListItem> {
  if (await users.findLiveUserByMail(ctx.db, input.mail)) fail('mailTaken');
  const client = isClientUser(input.role);
  if (client) await checkCompany(ctx, input.companyId);
  const userId = await users.insertUser(ctx.db, {
    user_name: input.name,
    user_mail: input.mail,
    password_hash: await hashPassword(input.password),
    user_role: input.role,
    user_tel: input.tel,
    user_remarks: input.remarks,
    // Department and company belong to client users only.
    user_department: client ? input.department : '',
    client_id: client ? (input.companyId ?? null) : null,
    user_create_at: ctx.now,
  });
  return get(ctx, userId);
}

/** Saves only the fields sent; a password (with its confirmation) resets the password and ends the user's sessions. */
export async function update(
  ctx: AuthedContext,
  input: {
    userId: number;
    name?: string | undefined;
    tel?: string | undefined;
    role?: number | undefined;
    remarks?: string | undefined;
    department?: string | undefined;
    companyId?: number | null | undefined;
    password?: string | undefined;
  },
): Promise<AccountListItem> {
  const current = await repo.findAccount(ctx.db, input.userId, { lock: true });
  if (!current) fail('objectNotFound');
  const client = isClientUser(current.user_role);
  if (input.role !== undefined && isClientUser(input.role) !== client) fail('roleKindChange');
  if (input.userId === ctx.user.userId && input.role !== undefined && !hasRole(input.role, Role.ADMIN)) fail('cannotDemoteSelf');
  if (client && input.companyId !== undefined) await checkCompany(ctx, input.companyId);

  const changes: UserUpdate = {
    ...(input.name !== undefined && { user_name: input.name }),
    ...(input.tel !== undefined && { user_tel: input.tel }),
    ...(input.role !== undefined && { user_role: input.role }),
    ...(input.remarks !== undefined && { user_remarks: input.remarks }),
    ...(client && input.department !== undefined && { user_department: input.department }),
    ...(client && input.companyId !== undefined && { client_id: input.companyId }),
  };
  if (input.password !== undefined) changes.password_hash = await hashPassword(input.password);
  if (Object.keys(changes).length > 0) await users.updateUser(ctx.db, input.userId, changes);

  if (input.password !== undefined) await revokeUserSessions(ctx.services, ctx.db, input.userId);
  else if (input.role !== undefined || input.companyId !== undefined) await refreshUserSessions(ctx.services, ctx.db, input.userId);
  return get(ctx, input.userId);
}

/** Removal hides the account and ends its sessions; the row and everything it did stay, to come back with a restore. */
export async function remove(ctx: AuthedContext, userId: number): Promise<Record<string, never>> {
  if (userId === ctx.user.userId) fail('cannotRemoveSelf');
  if (!(await repo.findAccount(ctx.db, userId, { lock: true }))) fail('objectNotFound');
  await repo.setRemoved(ctx.db, userId, ctx.now);
  await revokeUserSessions(ctx.services, ctx.db, userId);
  return {};
}

export async function restore(ctx: AuthedContext, userId: number): Promise<AccountListItem> {
  const row = await repo.findAccount(ctx.db, userId, { removed: true, lock: true });
  if (!row) fail('notRemoved');
  // The mail may have gone to a new account meanwhile: one live account per mail.
  if (await users.findLiveUserByMail(ctx.db, row.user_mail)) fail('mailTaken');
  await repo.setRemoved(ctx.db, userId, null);
  return get(ctx, userId);
}
