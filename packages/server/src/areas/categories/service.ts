import type { InfringementCategory } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { isUniqueViolation } from '../../platform/db.js';
import { fail } from '../../platform/errors.js';

/** The infringement category master (document 2): shared by all clients, kept by analysts. */

type Sub = { id: number; category_id: number; name: string; name_en: string; code: string; common_category: number };
const presentSub = (s: Sub) => ({ id: s.id, name: s.name, name_en: s.name_en, code: s.code, commonCategory: s.common_category });

/** Unique names and codes: a clash answers "duplicate name" rather than a fault. */
async function unique<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) fail('duplicateName');
    throw err;
  }
}

export async function list(ctx: AuthedContext): Promise<{ categories: InfringementCategory[] }> {
  const [mains, subs] = await Promise.all([
    ctx.db.selectFrom('infringement_category').selectAll().orderBy('id').execute(),
    ctx.db.selectFrom('infringement_subcategory').selectAll().orderBy('id').execute(),
  ]);
  return {
    categories: mains.map((m) => ({ id: m.id, name: m.name, name_en: m.name_en, code: m.code, subcategories: subs.filter((s) => s.category_id === m.id).map(presentSub) })),
  };
}

export async function create(ctx: AuthedContext, input: { name: string; nameEn: string; code: string }) {
  await unique(() => ctx.db.insertInto('infringement_category').values({ name: input.name, name_en: input.nameEn, code: input.code }).execute());
  return list(ctx);
}

export async function update(ctx: AuthedContext, input: { categoryId: number; name: string; nameEn: string; code?: string | undefined }) {
  const res = await unique(() =>
    ctx.db
      .updateTable('infringement_category')
      .set({ name: input.name, name_en: input.nameEn, ...(input.code !== undefined && { code: input.code }) })
      .where('id', '=', input.categoryId)
      .executeTakeFirst(),
  );
  if (Number(res.numUpdatedRows) === 0) fail('objectNotFound');
  return list(ctx);
}

/** Removing a main category removes its subcategories with it. */
export async function remove(ctx: AuthedContext, categoryId: number) {
  const res = await ctx.db.deleteFrom('infringement_category').where('id', '=', categoryId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) fail('objectNotFound');
  return list(ctx);
}

export async function subcategories(ctx: AuthedContext, categoryId: number) {
  if (!(await ctx.db.selectFrom('infringement_category').select('id').where('id', '=', categoryId).executeTakeFirst())) fail('objectNotFound');
  const rows = await ctx.db.selectFrom('infringement_subcategory').selectAll().where('category_id', '=', categoryId).orderBy('id').execute();
  return { categoryId, categories: rows.map(presentSub) };
}

type SubInput = { categoryId: number; subcategoryName: string; subcategoryNameEn: string; subcategoryCode: string; commonCategory: number };
const subRow = (i: SubInput) => ({ name: i.subcategoryName, name_en: i.subcategoryNameEn, code: i.subcategoryCode, common_category: i.commonCategory });

export async function createSub(ctx: AuthedContext, input: SubInput) {
  await subcategories(ctx, input.categoryId);
  await unique(() => ctx.db.insertInto('infringement_subcategory').values({ category_id: input.categoryId, ...subRow(input) }).execute());
  return subcategories(ctx, input.categoryId);
}

export async function updateSub(ctx: AuthedContext, input: SubInput & { subcategoryId: number }) {
  const res = await unique(() =>
    ctx.db.updateTable('infringement_subcategory').set(subRow(input)).where('id', '=', input.subcategoryId).where('category_id', '=', input.categoryId).executeTakeFirst(),
  );
  if (Number(res.numUpdatedRows) === 0) fail('objectNotFound');
  return subcategories(ctx, input.categoryId);
}

export async function removeSub(ctx: AuthedContext, categoryId: number, subcategoryId: number) {
  const res = await ctx.db.deleteFrom('infringement_subcategory').where('id', '=', subcategoryId).where('category_id', '=', categoryId).executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) fail('objectNotFound');
  return subcategories(ctx, categoryId);
}
