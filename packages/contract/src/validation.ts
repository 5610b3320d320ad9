import { z } from 'zod';

/**
 * Field rules shared by the server (the authority) and the browser forms.
 * Every message is a key of the `messages` catalogue, translated on the side that shows it;
 * `{{maximum}}`-style parameters come from the zod issue.
 */
export const MAIL_MAX = 100;
export const NAME_MAX = 50;
export const TEL_MAX = 50;
export const PASSWORD_MAX = 20;

/** The largest id a `serial` column holds (PostgreSQL integer); larger numbers are refused before any SQL sees them. */
export const SERIAL_ID_MAX = 2_147_483_647;
export const id = z
  .number({ error: 'validation.idInvalid' })
  .int('validation.idInvalid')
  .positive('validation.idInvalid')
  .max(SERIAL_ID_MAX, 'validation.idInvalid');
/** Record ids are `bigserial`; JSON numbers are exact only up to 2^53 - 1, which is where they stop. */
export const recordId = z
  .number({ error: 'validation.idInvalid' })
  .int('validation.idInvalid')
  .positive('validation.idInvalid')
  .max(Number.MAX_SAFE_INTEGER, 'validation.idInvalid');

export const MAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** Section 5 accounts: 3 to 20 characters of digits, spaces, + - ( ). */
const PHONE_RE = /^[0-9+\-() ]{3,20}$/;
/** Printable ASCII without spaces: letters, digits and symbols. */
const PASSWORD_CHARS_RE = /^[\x21-\x7e]+$/;

export const mail = z
  .string({ error: 'validation.mailRequired' })
  .trim()
  .min(1, 'validation.mailRequired')
  .max(MAIL_MAX, 'validation.tooLong')
  .regex(MAIL_RE, 'validation.mailInvalid')
  .transform((s) => s.toLowerCase());

export const code = z
  .string({ error: 'validation.codeRequired' })
  .trim()
  .min(1, 'validation.codeRequired')
  .regex(/^\d{6}$/, 'validation.codeFormat');

/** A password as typed at sign-in: only presence and the field length are checked. */
export const passwordAny = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .max(PASSWORD_MAX, 'validation.tooLong');

/** Sign-up, forgot and signed-in reset: 8 to 20, at least one letter and one digit, symbols allowed. */
export function isUserPassword(p: string): boolean {
  return (
    p.length >= 8 && p.length <= PASSWORD_MAX && PASSWORD_CHARS_RE.test(p) && /[A-Za-z]/.test(p) && /\d/.test(p)
  );
}

/** Administrator-created accounts and admin resets: a digit, an upper-case, a lower-case letter and a symbol, 8 or more. */
export function isStrongPassword(p: string): boolean {
  return (
    p.length >= 8 &&
    p.length <= 64 &&
    PASSWORD_CHARS_RE.test(p) &&
    /\d/.test(p) &&
    /[A-Z]/.test(p) &&
    /[a-z]/.test(p) &&
    /[^A-Za-z0-9]/.test(p)
  );
}

export const userPassword = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, 'validation.passwordRequired')
  .refine(isUserPassword, 'validation.passwordWeak');

export const password2 = z
  .string({ error: 'validation.password2Required' })
  .min(1, 'validation.password2Required')
  .max(PASSWORD_MAX, 'validation.tooLong');

export const personName = z
  .string({ error: 'validation.nameRequired' })
  .trim()
  .min(1, 'validation.nameRequired')
  .max(NAME_MAX, 'validation.tooLong');

export const tel = z
  .string({ error: 'validation.telInvalid' })
  .trim()
  .max(TEL_MAX, 'validation.telInvalid')
  .refine((s) => s === '' || PHONE_RE.test(s), 'validation.telInvalid');

/** Adds the "confirm must equal password" rule to an object schema with password and password2. */
export function confirmMatches<T extends { password: string; password2: string }>(v: T): boolean {
  return v.password === v.password2;
}
export const confirmIssue = { message: 'validation.passwordMismatch', path: ['password2'] };

/**
 * Text PostgreSQL can store: no NUL character (text and jsonb refuse the byte) and no lone UTF-16 surrogate
 * (it has no UTF-8 form). The server refuses such text at its boundary, naming the field, before any SQL sees it.
 */
const LONE_SURROGATE_RE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !LONE_SURROGATE_RE.test(s);
}

/**
 * The path of the first text (a value or a key) in a parsed JSON value that PostgreSQL could not store, or null.
 * Walks iteratively, so a hostile nesting depth cannot overflow the stack.
 */
export function unstorableTextPath(value: unknown): (string | number)[] | null {
  const stack: { v: unknown; path: (string | number)[] }[] = [{ v: value, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) return path;
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => stack.push({ v: item, path: [...path, i] }));
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, item] of Object.entries(v)) {
        if (!isStorableText(k)) return [...path, k];
        stack.push({ v: item, path: [...path, k] });
      }
    }
  }
  return null;
}

/** An IANA time zone name the runtime knows (Asia/Tokyo, America/New_York): watch schedules, the alert digest. */
export const timeZone = z
  .string()
  .max(64, 'validation.watchTimezoneInvalid')
  .refine((tz) => {
    try {
      new Intl.DateTimeFormat('en', { timeZone: tz });
      return true;
    } catch {
      return false;
    }
  }, 'validation.watchTimezoneInvalid');
