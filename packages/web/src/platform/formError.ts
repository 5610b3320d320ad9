import type { MessageKey } from '@portal/contract/shell';
import { isMessageKey } from '@portal/contract/shell';
import type { CommonKey } from './i18n';
import { errorMessage } from './api';

/**
 * The first error of a form, shown above it. A validation issue keeps its contract key and parameters so it is
 * translated when shown (and follows a language switch); a server error is already a text in the user's language.
 */
export type FormError = { key: MessageKey; params: Record<string, string | number>; field?: CommonKey } | { text: string };

/** The parts of a zod issue the alert needs (structural, so the web app does not import zod itself). */
export interface IssueLike {
  readonly message: string;
  readonly path: readonly PropertyKey[];
  readonly maximum?: unknown;
  readonly minimum?: unknown;
}

/** Turns the first issue of a contract schema into a FormError; `fields` names each form field for {{field}}. */
export function firstIssue(issues: readonly IssueLike[], fields: Partial<Record<string, CommonKey>>): FormError {
  const issue = issues[0];
  if (!issue) return { text: '' };
  if (!isMessageKey(issue.message)) return { text: issue.message };
  const params: Record<string, string | number> = {};
  if (typeof issue.maximum === 'number') params.maximum = issue.maximum;
  if (typeof issue.minimum === 'number') params.minimum = issue.minimum;
  const name = issue.path[0];
  const field = typeof name === 'string' ? fields[name] : undefined;
  return field ? { key: issue.message, params, field } : { key: issue.message, params };
}

export function fromError(error: unknown): FormError {
  return { text: errorMessage(error) };
}
