import { sql, type AliasedRawBuilder, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { AuthedContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { AnyRow, ListKind } from './kind.js';
import { RECORD_TABLES, type RecordTableName } from './tables.js';
import { isAnalyst } from './visibility.js';

/**
 * Who sees which records of a kind, and how a kind's fields are named in SQL: the predicates every part of the
 * engine (search, batches, export, pictures) and the kinds build their queries on (who is an analyst: visibility.ts).
 */

const tablesOfRecords = (records: RecordTableName) => Object.values(RECORD_TABLES).find((t) => t.records === records)!;

/** The column of a whitelisted field, as a quoted reference. */
export function colOf(kind: ListKind, name: string): RawBuilder<unknown> {
  const f = kind.fields[name];
  if (!f) throw new AppError('badRequest', { field: name }, 'validation.searchField');
  return sql.ref(`r.${f.column}`);
}

/** The kind's table as `r`, typed with its row. */
export function fromTable<Row extends AnyRow>(kind: ListKind<Row>): AliasedRawBuilder<Row, 'r'> {
  return sql<Row>`${sql.table(kind.table)}`.as('r');
}

/**
 * The records the signed-in user may see of one client (the tenancy rule already admitted the client):
 * analysts all of them but those of an upload still being imported (import-queries.ts), client users only
 * the published ones of their own company (an import's records are never published).
 */
export function visibleTo(ctx: AuthedContext, clientId: number, table: ListKind['table'], forEstimate = false): Expression<SqlBool> {
  // The planner cannot judge the exclusion of imports in progress (an array known only when the query runs): with
  // a client's records in one or two reports it took "not in the importing ones" to exclude nearly all of them and
  // estimated 1 row for 20,000. An estimate leaves it out (an import in progress is at most one upload's rows).
  if (isAnalyst(ctx)) return forEstimate ? sql<SqlBool>`r.client_id = ${clientId}` : sql<SqlBool>`(r.client_id = ${clientId} AND ${notImporting(table, clientId)})`;
  if (ctx.user.clientId !== clientId) return sql<SqlBool>`FALSE`;
  return sql<SqlBool>`(r.client_id = ${clientId} AND r.published)`;
}

/** Records (alias `alias`) of the client that are not part of an import in progress. */
export function notImporting(table: RecordTableName, clientId: number, alias = 'r') {
  // One small array of the client's imports in progress (usually none), computed once per query.
  return sql<SqlBool>`NOT (${sql.ref(`${alias}.report_id`)} = ANY(ARRAY(SELECT report_id FROM ${sql.table(tablesOfRecords(table).reports)} WHERE client_id = ${clientId} AND importing_since IS NOT NULL)))`;
}

