import { Role, SERIAL_ID_MAX, hasRole } from '@portal/contract';
import type { OwnerRule, TenantRule } from './call.js';
import type { SessionUser } from './context.js';
import type { Db, Tx } from './db.js';
import { AppError } from './errors.js';

/**
 * The one tenancy rule of the portal: a client user acts only on their own company; an administrator on any
 * live company; an analyst on any, or only on those they manage when the call says so.
 * A company that does not exist (or was removed) answers exactly like one the user may not see.
 */
export async function checkTenant(db: Db | Tx, user: SessionUser, rule: TenantRule, value: unknown): Promise<void> {
  const clientId = typeof value === 'number' ? value : Number(value);
  // The boundary checks ids first (tenantIdOf); this stays safe for any caller: nothing out of range reaches SQL.
  if (!Number.isInteger(clientId) || clientId < 1 || clientId > SERIAL_ID_MAX) throw new AppError('forbidden');
  const staff = hasRole(user.role, Role.ANALYST | Role.ADMIN);
  if (!staff) {
    if (user.clientId !== clientId) throw new AppError('forbidden');
    return;
  }
  const client = await db
    .selectFrom('client')
    .select('client_id')
    .where('client_id', '=', clientId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!client) throw new AppError('forbidden');
  if (hasRole(user.role, Role.ADMIN) || rule.analysts === 'any') return;
  const managed = await db
    .selectFrom('client_manager')
    .select('user_id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', user.userId)
    .executeTakeFirst();
  if (!managed) throw new AppError('forbidden');
}

const MANAGERS: TenantRule = { field: 'clientId', analysts: 'managers' };

/**
 * The tenancy rule for a write that names an object of a client (a trademark, a test purchase) rather than the
 * client: the object's owner is found first. A missing object, or one of another company asked for by a client
 * user, answers "not found" (its existence stays hidden); staff are then held to the managers rule, and where the
 * rule says only managers may read such objects, an analyst who does not manage the owner is told "not found" too.
 */
export async function checkOwner(db: Db | Tx, user: SessionUser, rule: OwnerRule, input: Record<string, unknown>): Promise<void> {
  const clientId = await rule.clientOf(db, input);
  if (clientId === undefined) throw new AppError('objectNotFound');
  if (!hasRole(user.role, Role.ANALYST | Role.ADMIN) && user.clientId !== clientId) throw new AppError('objectNotFound');
  if (rule.readers !== 'managers') return checkTenant(db, user, MANAGERS, clientId);
  // Hidden from analysts who do not manage the owner: "not found", as for a missing id (a 403 would tell it exists).
  await checkTenant(db, user, MANAGERS, clientId).catch((err: unknown) => {
    throw err instanceof AppError && err.name_ === 'forbidden' ? new AppError('objectNotFound') : err;
  });
}
