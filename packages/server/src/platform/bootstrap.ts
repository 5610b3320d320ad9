import { Role, isStrongPassword, translate } from '@portal/contract';
import { sql } from 'kysely';
import type { Services } from './context.js';
import { hashPassword } from './passwords.js';

/** ADMIN_MAIL and ADMIN_PASSWORD create the first administrator when the portal has none (spec README). */
export async function ensureFirstAdmin(services: Services): Promise<string | null> {
  const { adminMail, adminPassword } = services.config;
  if (!adminMail || !adminPassword) return null;
  const existing = await services.db
    .selectFrom('users')
    .select('user_id')
    .where('deleted_at', 'is', null)
    .where(sql<boolean>`(user_role & ${Role.ADMIN}) <> 0`)
    .executeTakeFirst();
  if (existing) return null;
  if (!isStrongPassword(adminPassword)) {
    throw new Error(`ADMIN_PASSWORD: ${translate('en', 'validation.passwordStrong')}`);
  }
  const mail = adminMail.trim().toLowerCase();
  await services.db
    .insertInto('users')
    .values({ user_name: 'Administrator', user_mail: mail, password_hash: await hashPassword(adminPassword), user_role: Role.ADMIN })
    .execute();
  return mail;
}
