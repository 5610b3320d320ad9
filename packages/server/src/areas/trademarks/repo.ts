import { Role, hasRole, type Trademark, type TrademarkStatus, type trademarks } from '@portal/contract';
import { sql, type Insertable, type SqlBool, type Updateable } from 'kysely';
import type { z } from 'zod';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
import type { TrademarkRequestTable, TrademarkTable } from '../../platform/schema.js';
import { searchCondition } from '../../platform/search.js';
import { checkTenant } from '../../platform/tenant.js';

type Conn = Db | Tx;

/** The trademark columns every answer needs, with the owner's name. */
export function trademarkQuery(db: Conn) {
  return db
    .selectFrom('trademark as t')
    .innerJoin('client as c', 'c.client_id', 't.client_id')
    .where('c.deleted_at', 'is', null)
    .selectAll('t')
    .select('c.client_name');
}

type Row = Awaited<ReturnType<ReturnType<typeof trademarkQuery>['executeTakeFirstOrThrow']>>;
type SearchInput = z.output<typeof trademarks.searchTrademarksInput>;

const SORT_COLUMNS = {
  trademark_id: 't.trademark_id',
  trademark_no: 't.no',
  trademark_register_date: 't.register_date',
  trademark_invalid_date: 't.invalid_date',
} as const;

/** One page of the search with the count in all and the regions of the client's (or every client's) trademarks. */
export async function searchTrademarks(db: Conn, input: SearchInput): Promise<{ rows: Row[]; total: number; regions: string[] }> {
  let scoped = trademarkQuery(db);
  if (input.clientId !== undefined) scoped = scoped.where('t.client_id', '=', input.clientId);

  const f = input.filters;
  let q = scoped.where(
    searchCondition(input, {
      dates: { registerDate: sql`t.register_date`, invalidDate: sql`t.invalid_date` },
      words: {
        text: sql`t.text`,
        belongsto: sql`t.belongsto`,
        descriptionJP: sql`t.description_ja`,
        descriptionEN: sql`t.description_en`,
        descriptionCN: sql`t.description_cn`,
      },
    }),
  );
  if (f.clientId?.length) q = q.where('t.client_id', 'in', f.clientId);
  if (f.region?.length) q = q.where('t.region', 'in', f.region);
  if (f.type?.length) q = q.where('t.type', 'in', f.type);
  if (f.status?.length) {
    const values = f.status.filter((s): s is 1 | 2 | 3 => s !== null);
    const blank = f.status.includes(null);
    q = q.where((eb) => eb.or([...(values.length ? [eb('t.status', 'in', values)] : []), ...(blank ? [eb('t.status', 'is', null)] : [])]));
  }

  const sortColumn = SORT_COLUMNS[input.sort?.field ?? 'trademark_id'];
  const direction = input.sort?.order === 'ascend' ? 'asc' : 'desc';
  const [rows, count, regions] = await Promise.all([
    q
      .orderBy(sql`${sql.ref(sortColumn)} ${sql.raw(direction)} NULLS LAST`)
      .orderBy('t.trademark_id', 'desc')
      .limit(input.pageSize)
      .offset((input.current - 1) * input.pageSize)
      .execute(),
    q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    scoped.clearSelect().select('t.region').distinct().orderBy('t.region').execute(),
  ]);
  return { rows, total: Number(count.n), regions: regions.map((r) => r.region) };
}

export function present(r: Row): Trademark {
  return {
    trademark_id: r.trademark_id,
    trademark_client_id: r.client_id,
    client_name: r.client_name,
    trademark_no: r.no,
    trademark_region: r.region,
    trademark_type: r.type,
    trademark_text: r.text,
    trademark_image: r.image,
    trademark_register_date: r.register_date,
    trademark_invalid_date: r.invalid_date,
    trademark_remind_flag: r.remind_flag,
    trademark_belongsto: r.belongsto,
    trademark_description_ja: r.description_ja,
    trademark_description_en: r.description_en,
    trademark_description_cn: r.description_cn,
    trademark_status: r.status as TrademarkStatus | null,
    trademark_remarks: r.remarks,
    trademark_updated_at: r.updated_at.toISOString(),
  };
}

export const isStaff = (ctx: AuthedContext) => hasRole(ctx.user.role, Role.ANALYST | Role.ADMIN);

/**
 * A trademark the signed-in user may see: analysts any live client's, client users only their own company's.
 * Another company's id answers exactly as one that does not exist. `lock` holds the row for an update.
 */
export async function findVisible(ctx: AuthedContext, trademarkId: number, lock = false): Promise<Row> {
  let q = trademarkQuery(ctx.db).where('t.trademark_id', '=', trademarkId);
  if (!isStaff(ctx)) q = q.where('t.client_id', '=', ctx.user.clientId ?? -1);
  if (lock) q = q.forUpdate('t');
  const row = await q.executeTakeFirst();
  if (!row) throw new AppError('objectNotFound');
  return row;
}

/** The client owning a trademark (live clients only), for the manager rule on its changes. */
export async function ownerOfTrademark(db: Conn, trademarkId: number): Promise<number | undefined> {
  const row = await trademarkQuery(db).where('t.trademark_id', '=', trademarkId).executeTakeFirst();
  return row?.client_id;
}

/** The trademark an image call names must belong to the client it names (and be visible to the user). */
export async function checkTrademarkOfClient(ctx: AuthedContext, trademarkId: number | undefined, clientId: number) {
  if (trademarkId === undefined) return undefined;
  const row = await findVisible(ctx, trademarkId);
  if (row.client_id !== clientId) throw new AppError('objectNotFound');
  return row;
}

/** Staff reading a file: the owning client must still be live. Client users: only their own company's. */
export async function checkFileReader(ctx: AuthedContext, fileClientId: number): Promise<boolean> {
  if (!isStaff(ctx)) return ctx.user.clientId === fileClientId;
  return checkTenant(ctx.db, ctx.user, { field: 'clientId', analysts: 'any' }, fileClientId).then(
    () => true,
    () => false,
  );
}

/** The new trademark's id. */
export async function insertTrademark(db: Conn, values: Insertable<TrademarkTable>): Promise<number> {
  const { trademark_id } = await db.insertInto('trademark').values(values).returning('trademark_id').executeTakeFirstOrThrow();
  return trademark_id;
}

export async function updateTrademark(db: Conn, trademarkId: number, changes: Updateable<TrademarkTable>): Promise<void> {
  await db.updateTable('trademark').set(changes).where('trademark_id', '=', trademarkId).execute();
}

export async function deleteTrademark(db: Conn, trademarkId: number): Promise<void> {
  await db.deleteFrom('trademark').where('trademark_id', '=', trademarkId).execute();
}

/** The new registration request's id. */
export async function insertTrademarkRequest(db: Conn, values: Insertable<TrademarkRequestTable>): Promise<number> {
  const { request_id } = await db.insertInto('trademark_request').values(values).returning('request_id').executeTakeFirstOrThrow();
  return request_id;
}

/** Mail address and language of every live administrator. */
export function liveAdministrators(db: Conn) {
  return db
    .selectFrom('users')
    .select(['user_mail', 'user_locale'])
    .where('deleted_at', 'is', null)
    .where(sql<SqlBool>`(user_role & ${Role.ADMIN}) <> 0`)
    .execute();
}

/** The user's name and their company's; the user must be a client user. */
export function userAndCompanyName(db: Conn, userId: number) {
  return db
    .selectFrom('users as u')
    .innerJoin('client as c', 'c.client_id', 'u.client_id')
    .select(['u.user_name', 'c.client_name'])
    .where('u.user_id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Trademarks of live clients with the reminder flag whose expiry date is in the range (inclusive). */
export function trademarksExpiringBetween(db: Conn, from: string, to: string) {
  return db
    .selectFrom('trademark as t')
    .innerJoin('client as c', 'c.client_id', 't.client_id')
    .select(['t.trademark_id', 't.client_id', 't.no', 't.text', 't.region', 't.type', 't.invalid_date', 'c.client_name'])
    .where('t.remind_flag', '=', true)
    .where('c.deleted_at', 'is', null)
    .where('t.invalid_date', '>=', from)
    .where('t.invalid_date', '<=', to)
    .execute();
}
