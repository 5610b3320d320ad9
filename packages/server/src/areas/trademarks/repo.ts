import { Role, hasRole, type Trademark, type TrademarkStatus } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { AppError } from '../../platform/errors.js';
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
