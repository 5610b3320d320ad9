import type { InfringementCategory } from '@portal/contract';
import type { AuthedContext } from '../../platform/context.js';
import { isUniqueViolation } from '../../platform/db.js';
import { fail } from '../../platform/errors.js';
import * as repo from './repo.js';

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
    repo.listMainCategories(ctx.db),
    repo.listAllSubcategories(ctx.db),
  ]);
  return {
    categories: mains.map((m) => ({ id: m.id, name: m.name, name_en: m.name_en, code: m.code, subcategories: subs.filter((s) => s.category_id === m.id).map(presentSub) })),
  };
}

export async function create(ctx: AuthedContext, input: { name: string; nameEn: string; code: string }) {
  await unique(() => repo.insertCategory(ctx.db, { name: input.name, name_en: input.nameEn, code: input.code }));
  return list(ctx);
}

export async function update(ctx: AuthedContext, input: { categoryId: number; name: string; nameEn: string; code?: string | undefined }) {
  const updated = await unique(() =>
    repo.updateCategory(ctx.db, input.categoryId, { name: input.name, name_en: input.nameEn, ...(input.code !== undefined && { code: input.code }) }),
  );
  if (updated === 0) fail('objectNotFound');
  return list(ctx);
}

/** Removing a main category removes its subcategories with it. */
export async function remove(ctx: AuthedContext, categoryId: number) {
  if ((await repo.deleteCategory(ctx.db, categoryId)) === 0) fail('objectNotFound');
  return list(ctx);
}

export async function subcategories(ctx: AuthedContext, categoryId: number) {
  if (!(await repo.categoryExists(ctx.db, categoryId))) fail('objectNotFound');
  const rows = await repo.subcategoriesOf(ctx.db, categoryId);
  return { categoryId, categories: rows.map(presentSub) };
}

type SubInput = { categoryId: number; subcategoryName: string; subcategoryNameEn: string; subcategoryCode: string; commonCategory: number };
const subRow = (i: SubInput) => ({ name: i.subcategoryName, name_en: i.subcategoryNameEn, code: i.subcategoryCode, common_category: i.commonCategory });

export async function createSub(ctx: AuthedContext, input: SubInput) {
  await subcategories(ctx, input.categoryId);
  await unique(() => repo.insertSubcategory(ctx.db, input.categoryId, subRow(input)));
  return subcategories(ctx, input.categoryId);
}

export async function updateSub(ctx: AuthedContext, input: SubInput & { subcategoryId: number }) {
  const updated = await unique(() => repo.updateSubcategory(ctx.db, input.categoryId, input.subcategoryId, subRow(input)));
  if (updated === 0) fail('objectNotFound');
  return subcategories(ctx, input.categoryId);
}

export async function removeSub(ctx: AuthedContext, categoryId: number, subcategoryId: number) {
  if ((await repo.deleteSubcategory(ctx.db, categoryId, subcategoryId)) === 0) fail('objectNotFound');
  return subcategories(ctx, categoryId);
}
