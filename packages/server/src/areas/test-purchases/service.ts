import type { TestPurchase } from '@portal/contract';
import { COUNTRIES, COUNTRY_CODES } from '@portal/contract/code-lists';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { fail } from '../../platform/errors.js';

/** Test purchases (document 2): every change answers the whole list. Who may change which is in calls.ts. */

export async function list(ctx: AuthedContext): Promise<{ testPurchase: TestPurchase[] }> {
  const rows = await ctx.db
    .selectFrom('test_purchase as t')
    .innerJoin('client as c', 'c.client_id', 't.client_id')
    .select(['t.id', 't.client_id', 'c.client_name', 't.region', 't.site', 't.count'])
    .where('c.deleted_at', 'is', null)
    .orderBy('t.id')
    .execute();
  return { testPurchase: rows.map((r) => ({ id: r.id, client: r.client_id, client_name: r.client_name, region: r.region, site: r.site, count: r.count })) };
}

/** The client a purchase is for (a removed client's purchases are hidden, so they have no owner to act on). */
export async function ownerOf(db: Db | Tx, id: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('test_purchase as t')
    .innerJoin('client as c', 'c.client_id', 't.client_id')
    .select('t.client_id')
    .where('t.id', '=', id)
    .where('c.deleted_at', 'is', null)
    .executeTakeFirst();
  return row?.client_id;
}

type Fields = { client: number; region: string; site: string; count: number };

/** The client named was checked by the tenancy rule (a live client the user manages, or any for administrators). */
function check(input: Fields): void {
  if (!COUNTRY_CODES.has(input.region)) fail('unknownCountry');
}

const row = (i: Fields) => ({ client_id: i.client, region: i.region, site: i.site, count: i.count });

export async function add(ctx: AuthedContext, input: Fields) {
  check(input);
  await ctx.db.insertInto('test_purchase').values(row(input)).execute();
  return list(ctx);
}

export async function update(ctx: AuthedContext, input: Fields & { id: number }) {
  check(input);
  const res = await ctx.db.updateTable('test_purchase').set(row(input)).where('id', '=', input.id).executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) fail('objectNotFound');
  return list(ctx);
}

export async function remove(ctx: AuthedContext, id: number) {
  const res = await ctx.db.deleteFrom('test_purchase').where('id', '=', id).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) fail('objectNotFound');
  return list(ctx);
}

/** The region list: the country code list with English and Japanese names. */
export function regions() {
  return { regions: COUNTRIES.map((c) => ({ code: c.code, name_en: c.en, name_ja: c.ja })) };
}
