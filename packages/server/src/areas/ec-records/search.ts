import type { CallOutput, ecRecords } from '@portal/contract';
import type { Expression, SqlBool } from 'kysely';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import * as generic from '../records/search.js';
import { EC_KIND, type FieldRow } from './repo.js';

/**
 * The marketplace record list: the shared record list machinery (../records/search.ts) bound to the EC kind.
 */

export type RecordSearch = z.output<typeof ecRecords.recordSearch>;
type SearchInput = z.output<typeof ecRecords.searchRecordsInput>;
export type SortKey = generic.SortKey;
const kind = EC_KIND as unknown as generic.RecordKind;

export const searchWhere = (ctx: AuthedContext, input: RecordSearch): Promise<Expression<SqlBool>> => generic.searchWhere(ctx, kind, input);
export const sortKeys = (orderFields: RecordSearch['orderFields']): SortKey[] => generic.sortKeys(kind, orderFields);
export const orderBy = (keys: SortKey[]) => generic.orderBy(kind, keys);
export const after = (keys: SortKey[], last: FieldRow): Expression<SqlBool> => generic.after(kind, keys, last);

export function search(ctx: AuthedContext, input: SearchInput): Promise<CallOutput<'/api/ec-data/search-records'>> {
  return generic.search(ctx, EC_KIND, input);
}

export function filters(ctx: AuthedContext, input: z.output<typeof ecRecords.fetchFiltersInput>): Promise<CallOutput<'/api/ec-data/fetch-filters'>> {
  return generic.filters(ctx, kind, input);
}
