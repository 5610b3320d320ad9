import { isMessageKey, translate, type Locale } from '@portal/contract';
import type { z } from 'zod';

/**
 * The first problem of a payload as one sentence in the user's language. Contract schemas carry catalogue keys
 * as messages; zod's own messages (type errors, unknown shapes) map onto generic keys naming the field.
 */
export function firstIssueMessage(error: z.ZodError, locale: Locale): string {
  const issue = error.issues[0];
  if (!issue) return translate(locale, 'validation.invalid', { field: 'body' });
  const path = issue.path.length > 0 ? issue.path.join('.') : 'body';
  // A field with a label in the catalogue (`field.<name>`) is named by it; others by their payload name.
  const labelKey = `field.${String(issue.path[issue.path.length - 1] ?? '')}`;
  const field = isMessageKey(labelKey) ? translate(locale, labelKey) : path;
  const params: Record<string, string | number> = { field };
  if ('maximum' in issue) params.maximum = Number(issue.maximum);
  if ('minimum' in issue) params.minimum = Number(issue.minimum);
  if (isMessageKey(issue.message)) return translate(locale, issue.message, params);
  if (issue.code === 'invalid_type' && issue.input === undefined) return translate(locale, 'validation.required', params);
  if (issue.code === 'too_big' && issue.origin === 'string') return translate(locale, 'validation.tooLong', params);
  return translate(locale, 'validation.invalid', params);
}
