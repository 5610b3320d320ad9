import { z } from 'zod';
import { LOCALES } from './roles.js';
import { code, confirmIssue, confirmMatches, mail, passwordAny, password2, personName, tel, userPassword, PASSWORD_MAX } from './validation.js';

/** Section 7 "Session and profile": the payload and the answer of every call. */

export const requestCodeInput = z.object({ mail });
export const requestCodeOutput = z.object({});

export const loginInput = z.object({ mail, password: passwordAny, code });
export const loginOutput = z.object({ token: z.string(), userid: z.number() });

export const signupInput = z
  .object({ name: personName, mail, password: userPassword, password2, code })
  .refine(confirmMatches, confirmIssue);
export const signupOutput = z.object({});

export const resetPasswordInput = z
  .object({ mail, password: userPassword, password2, code })
  .refine(confirmMatches, confirmIssue);
export const resetPasswordOutput = z.object({});

export const logoutInput = z.object({ token: z.string().max(200).optional() });
export const logoutOutput = z.object({});

export const companyInfo = z.object({
  client_id: z.number(),
  client_name: z.string(),
  client_tel: z.string(),
  client_address: z.string(),
  client_remarks: z.string(),
});

export const analystInfo = z.object({
  user_id: z.number(),
  user_name: z.string(),
  user_mail: z.string(),
  user_tel: z.string(),
});

/** A client user's contracts, one row per service that has one (the profile's contract table). */
export const serviceInfo = z.object({
  service: z.enum(['ec', 'sns', 'ws', 'other']),
  start_date: z.string(),
  end_date: z.string(),
  fee: z.number(),
  currency: z.number(),
});

export const user = z.object({
  user_id: z.number(),
  user_name: z.string(),
  user_mail: z.string(),
  user_tel: z.string(),
  user_remarks: z.string(),
  user_role: z.number(),
  user_department: z.string(),
  user_locale: z.enum(LOCALES),
  user_last_used_date: z.string().nullable(),
  user_create_at: z.string(),
  companyInfo: companyInfo.nullable(),
  analystInfo: z.array(analystInfo),
  serviceInfo: z.array(serviceInfo),
});
export type User = z.infer<typeof user>;

export const userInfoInput = z.object({ userid: z.coerce.number().int().optional() });
export const userInfoOutput = z.object({ user });

export const updateSettingsInput = z.object({
  userid: z.coerce.number().int().optional(),
  locale: z.enum(LOCALES, { error: 'validation.localeInvalid' }),
});
export const updateSettingsOutput = z.object({ locale: z.enum(LOCALES) });

export const updateUserInfoInput = z.object({ name: personName, tel: tel.optional().default('') });
export const updateUserInfoOutput = z.object({ user });

export const changePasswordInput = z
  .object({
    passwordOld: z
      .string({ error: 'validation.passwordOldRequired' })
      .min(1, 'validation.passwordOldRequired')
      .max(PASSWORD_MAX, 'validation.tooLong'),
    password: z
      .string({ error: 'validation.passwordNewRequired' })
      .min(1, 'validation.passwordNewRequired')
      .refine((p) => userPassword.safeParse(p).success, 'validation.passwordWeak'),
    password2: z
      .string({ error: 'validation.passwordConfirmNewRequired' })
      .min(1, 'validation.passwordConfirmNewRequired')
      .max(PASSWORD_MAX, 'validation.tooLong'),
    code,
  })
  .refine(confirmMatches, confirmIssue);
export const changePasswordOutput = z.object({});

export const unviewedNoticeCountInput = z.object({});
export const unviewedNoticeCountOutput = z.object({ unviewed: z.number() });
