import { isMessageKey, translate, type Locale } from '@portal/contract';
import type { z } from 'zod';

/**
 * The first problem of a payload as one sentence in the user's language. Contract schemas carry catalogue keys
 * as messages; zod's own messages (type errors, unknown shapes) map onto generic keys naming the field.
 */
export function firstIssueMessage(error: z.ZodError, locale: Locale): string {
  const issue = error.issues[0];
  if (!issue) return translate(locale, 'validation.invalid', { field: 'body' });
  const field = fieldLabel(issue.path, locale);
  const params: Record<string, string | number> = { field };
  if ('maximum' in issue) params.maximum = Number(issue.maximum);
  if ('minimum' in issue) params.minimum = Number(issue.minimum);
  if (isMessageKey(issue.message)) return translate(locale, issue.message, params);
  if (issue.code === 'invalid_type' && issue.input === undefined) return translate(locale, 'validation.required', params);
  if (issue.code === 'too_big' && issue.origin === 'string') return translate(locale, 'validation.tooLong', params);
  return translate(locale, 'validation.invalid', params);
}

/** A field named by its label in the catalogue (`field.<name>`) where it has one, otherwise by its payload path. */
export function fieldLabel(path: readonly PropertyKey[], locale: Locale): string {
  if (path.length === 0) return 'body';
  const labelKey = `field.${String(path[path.length - 1])}`;
  // A payload name is the sender's text: shortened, so a hostile key cannot fill the answer.
  return isMessageKey(labelKey) ? translate(locale, labelKey) : path.map(String).join('.').slice(0, 80);
}
