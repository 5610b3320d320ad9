import { z } from 'zod';
import { Role } from './roles.js';
import { searchConditions } from './search.js';
import { confirmIssue, confirmMatches, id, isStrongPassword, mail } from './validation.js';

/** Section 2.10-2.11 and 7 "Accounts and clients": staff accounts and client users, administered by administrators. */

export const ACCOUNT_NAME_MAX = 30;
export const REMARKS_MAX = 500;
export const DEPARTMENT_MAX = 100;
/** Section 5 accounts: 3 to 20 digits or + - ( ) and spaces. */
export const ACCOUNT_PHONE_RE = /^[0-9+\-() ]{3,20}$/;

export const accountName = z
  .string({ error: 'validation.nameRequired' })
  .trim()
  .min(1, 'validation.nameRequired')
  .max(ACCOUNT_NAME_MAX, 'validation.tooLong');
export const accountPhone = z
  .string({ error: 'validation.phoneInvalid' })
  .trim()
  .refine((s) => s === '' || ACCOUNT_PHONE_RE.test(s), 'validation.phoneInvalid');
export const remarks = z.string({ error: 'validation.invalid' }).max(REMARKS_MAX, 'validation.tooLong');
export const department = z.string({ error: 'validation.invalid' }).trim().max(DEPARTMENT_MAX, 'validation.tooLong');
export { id, recordId } from './validation.js';

/** Staff hold administrator and/or analyst bits; client users exactly the client bit. */
export const STAFF_ROLE_VALUES = [Role.ANALYST, Role.ADMIN, Role.ANALYST | Role.ADMIN] as const;
export const accountRole = z
  .number({ error: 'validation.roleRequired' })
  .int()
  .refine((r) => r === Role.CLIENT || (STAFF_ROLE_VALUES as readonly number[]).includes(r), 'validation.roleRequired');

export const adminPassword = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .refine(isStrongPassword, 'validation.passwordStrong');
const adminPassword2 = z
  .string({ error: 'validation.password2Required' })
  .min(1, 'validation.password2Required')
  .max(64, 'validation.tooLong');

export const USER_DATE_FIELDS = ['user_last_used_date', 'user_create_at'] as const;
export const USER_WORD_FIELDS = ['user_name', 'user_mail', 'user_remarks'] as const;

export const searchUsersInput = searchConditions(USER_DATE_FIELDS, USER_WORD_FIELDS).and(
  z.object({
    /** Role bits to list: 1 client users, 6 (or 2, 4) staff. */
    role: z.number({ error: 'validation.roleRequired' }).int().min(1, 'validation.roleRequired').max(7, 'validation.roleRequired'),
    /** true lists removed accounts (to restore them) instead of live ones. */
    removed: z.boolean().optional().default(false),
  }),
);

export const accountListItem = z.object({
  user_id: z.number(),
  user_name: z.string(),
  user_mail: z.string(),
  user_tel: z.string(),
  user_role: z.number(),
  user_remarks: z.string(),
  user_department: z.string(),
  client_id: z.number().nullable(),
  client_name: z.string().nullable(),
  user_last_used_date: z.string().nullable(),
  user_create_at: z.string(),
  user_deleted_at: z.string().nullable(),
});
export type AccountListItem = z.infer<typeof accountListItem>;
export const searchUsersOutput = z.object({ users: z.array(accountListItem) });

export const getUserInput = z.object({ userId: id, roles: z.array(z.number()).optional() });
export const getUserOutput = z.object({ user: accountListItem });

export const createUserInput = z
  .object({
    name: accountName,
    mail,
    password: adminPassword,
    password2: adminPassword2,
    role: accountRole,
    tel: accountPhone.optional().default(''),
    remarks: remarks.optional().default(''),
    department: department.optional().default(''),
    companyId: id.optional().nullable(),
  })
  .refine(confirmMatches, confirmIssue)
  .refine((v) => v.role !== Role.CLIENT || !!v.companyId, { message: 'validation.companyRequired', path: ['companyId'] });
export const createUserOutput = z.object({ user: accountListItem });

/** Either a change of fields (only those sent are saved) or a password reset (password and password2). */
export const updateUserInput = z
  .object({
    userId: id,
    name: accountName.optional(),
    tel: accountPhone.optional(),
    role: accountRole.optional(),
    remarks: remarks.optional(),
    department: department.optional(),
    companyId: id.nullable().optional(),
    password: adminPassword.optional(),
    password2: adminPassword2.optional(),
  })
  .refine((v) => v.password === undefined || v.password === v.password2, { message: 'validation.passwordMismatch', path: ['password2'] })
  .refine((v) => v.password2 === undefined || v.password !== undefined, { message: 'validation.passwordRequired', path: ['password'] });
export const updateUserOutput = z.object({ user: accountListItem });

export const removeUserInput = z.object({ userId: id });
export const removeUserOutput = z.object({});
export const restoreUserInput = z.object({ userId: id });
export const restoreUserOutput = z.object({ user: accountListItem });
