import { Kysely, sql, type SqlBool } from 'kysely';
import type { Db, Tx } from './db.js';
import { isUniqueViolation } from './db.js';
import { fail } from './errors.js';

/**
 * The master-data pattern, written once: a list of rows that belong to one client, read and written only through
 * the client's id, so an id of another client's row is simply "not found". A name that breaks a per-client
 * unique index answers "duplicate name". Each area keeps its own column mapping and presenter.
 */
type Row = Record<string, unknown>;
// Table and column names come from the area's code, never from a request; the loose type lets one helper serve
// every master table.
type LooseDb = Kysely<Record<string, Row>>;

export interface MasterTable<R extends Row> {
  find(db: Db | Tx, clientId: number, id: number): Promise<R | undefined>;
  list(db: Db | Tx, clientId: number, where?: Row): Promise<R[]>;
  insert(db: Db | Tx, clientId: number, values: Row): Promise<number>;
  update(db: Db | Tx, clientId: number, id: number, values: Row, where?: Row): Promise<void>;
  remove(db: Db | Tx, clientId: number, id: number, where?: Row): Promise<void>;
}

export function masterTable<R extends Row>(table: string, idColumn: string, orderBy: string = idColumn): MasterTable<R> {
  // The table is named at run time (one helper serves every master table), which Kysely's typed builder cannot
  // check; the contract validates what goes in and tests check every answer, so the builder is used untyped here.
  const loose = (db: Db | Tx) => db as unknown as LooseDb;
  const matching = (where: Row | undefined) =>
    Object.entries(where ?? {}).map(([column, value]) => sql<SqlBool>`${sql.ref(column)} = ${value}`);
  const scoped = (clientId: number, where?: Row) =>
    sql<SqlBool>`${sql.join([sql<SqlBool>`client_id = ${clientId}`, ...matching(where)], sql` AND `)}`;

  return {
    async find(db, clientId, id) {
      const row = await loose(db).selectFrom(table).selectAll().where(sql<SqlBool>`${sql.ref(idColumn)} = ${id}`).where(scoped(clientId)).executeTakeFirst();
      return row as R | undefined;
    },
    async list(db, clientId, where) {
      const rows = await loose(db).selectFrom(table).selectAll().where(scoped(clientId, where)).orderBy(sql.ref(orderBy)).orderBy(sql.ref(idColumn)).execute();
      return rows as R[];
    },
    async insert(db, clientId, values) {
      try {
        const row = await loose(db).insertInto(table).values({ ...values, client_id: clientId }).returning(sql.ref(idColumn).as('id')).executeTakeFirstOrThrow();
        return Number(row.id);
      } catch (err) {
        if (isUniqueViolation(err)) fail('duplicateName');
        throw err;
      }
    },
    async update(db, clientId, id, values, where) {
      try {
        const res = await loose(db)
          .updateTable(table)
          .set(values)
          .where(sql<SqlBool>`${sql.ref(idColumn)} = ${id}`)
          .where(scoped(clientId, where))
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) === 0) fail('objectNotFound');
      } catch (err) {
        if (isUniqueViolation(err)) fail('duplicateName');
        throw err;
      }
    },
    async remove(db, clientId, id, where) {
      const res = await loose(db).deleteFrom(table).where(sql<SqlBool>`${sql.ref(idColumn)} = ${id}`).where(scoped(clientId, where)).executeTakeFirst();
      if (Number(res.numDeletedRows) === 0) fail('objectNotFound');
    },
  };
}
