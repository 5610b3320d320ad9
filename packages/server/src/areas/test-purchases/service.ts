import type { TestPurchase } from '@portal/contract';
import { COUNTRIES, COUNTRY_CODES } from '@portal/contract/code-lists';
import type { AuthedContext } from '../../platform/context.js';
import type { Db, Tx } from '../../platform/db.js';
import { fail } from '../../platform/errors.js';
import * as repo from './repo.js';

/** Test purchases (document 2): every change answers the whole list. Who may change which is in calls.ts. */

export async function list(ctx: AuthedContext): Promise<{ testPurchase: TestPurchase[] }> {
  const rows = await repo.listPurchases(ctx.db);
  return { testPurchase: rows.map((r) => ({ id: r.id, client: r.client_id, client_name: r.client_name, region: r.region, site: r.site, count: r.count })) };
}

/** The client a purchase is for (a removed client's purchases are hidden, so they have no owner to act on). */
export function ownerOf(db: Db | Tx, id: number): Promise<number | undefined> {
  return repo.clientOfPurchase(db, id);
}

type Fields = { client: number; region: string; site: string; count: number };

/** The client named was checked by the tenancy rule (a live client the user manages, or any for administrators). */
function check(input: Fields): void {
  if (!COUNTRY_CODES.has(input.region)) fail('unknownCountry');
}

const row = (i: Fields) => ({ client_id: i.client, region: i.region, site: i.site, count: i.count });

export async function add(ctx: AuthedContext, input: Fields) {
  check(input);
  await repo.insertPurchase(ctx.db, row(input));
  return list(ctx);
}

export async function update(ctx: AuthedContext, input: Fields & { id: number }) {
  check(input);
  if ((await repo.updatePurchase(ctx.db, input.id, row(input))) === 0) fail('objectNotFound');
  return list(ctx);
}

export async function remove(ctx: AuthedContext, id: number) {
  if ((await repo.deletePurchase(ctx.db, id)) === 0) fail('objectNotFound');
  return list(ctx);
}

/** The region list: the country code list with English and Japanese names. */
export function regions() {
  return { regions: COUNTRIES.map((c) => ({ code: c.code, name_en: c.en, name_ja: c.ja })) };
}
