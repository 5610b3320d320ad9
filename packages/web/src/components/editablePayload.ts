import type { MessageKey } from '@portal/contract';
import { firstIssue, type IssueLike } from '../platform/formError';

/** What the payload needs of a column: the form field and the payload field it is sent as. */
export interface PayloadColumn {
  dataIndex: string;
  param?: string;
}

/** A validation problem keeps its key (translated when shown, with the column's title as {{field}}). */
export type Problem = { key: MessageKey; params: Record<string, string | number>; param?: string } | { text: string };

/** The payload to validate: the context (clientId, brandId, a list type), then each column's value under its param. */
export function payloadOf(columns: readonly PayloadColumn[], context: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  const payload: Record<string, unknown> = { ...context };
  for (const column of columns) payload[column.param ?? column.dataIndex] = values[column.dataIndex];
  return payload;
}

/** The first issue of a contract schema, with the payload field it concerns. */
export function problemOf(issues: readonly IssueLike[]): Problem {
  const error = firstIssue(issues, {});
  if ('text' in error) return error;
  const name = issues[0]?.path[0];
  return { key: error.key, params: error.params, param: typeof name === 'string' ? name : undefined };
}

/** The column a problem concerns, for {{field}} in messages such as "… is too long". */
export function columnOf<C extends PayloadColumn>(columns: readonly C[], problem: Problem): C | undefined {
  return 'text' in problem ? undefined : columns.find((c) => (c.param ?? c.dataIndex) === problem.param);
}
