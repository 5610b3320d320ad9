import type { Db, Tx } from '../../platform/db.js';

/** SQL of the infringement category master: main categories and their subcategories. */

type Conn = Db | Tx;

export interface CategoryFields {
  name: string;
  name_en: string;
  code: string;
}
export interface SubcategoryFields extends CategoryFields {
  common_category: number;
}

export function listMainCategories(db: Conn) {
  return db.selectFrom('infringement_category').selectAll().orderBy('id').execute();
}

export function listAllSubcategories(db: Conn) {
  return db.selectFrom('infringement_subcategory').selectAll().orderBy('id').execute();
}

export async function insertCategory(db: Conn, values: CategoryFields): Promise<void> {
  await db.insertInto('infringement_category').values(values).execute();
}

/** How many rows changed: 0 when there is no such category. */
export async function updateCategory(db: Conn, categoryId: number, values: Omit<CategoryFields, 'code'> & { code?: string }): Promise<number> {
  const res = await db.updateTable('infringement_category').set(values).where('id', '=', categoryId).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

/** How many rows went: 0 when there is no such category. Its subcategories go with it (ON DELETE CASCADE). */
export async function deleteCategory(db: Conn, categoryId: number): Promise<number> {
  const res = await db.deleteFrom('infringement_category').where('id', '=', categoryId).executeTakeFirst();
  return Number(res.numDeletedRows);
}

export async function categoryExists(db: Conn, categoryId: number): Promise<boolean> {
  return (await db.selectFrom('infringement_category').select('id').where('id', '=', categoryId).executeTakeFirst()) !== undefined;
}

export function subcategoriesOf(db: Conn, categoryId: number) {
  return db.selectFrom('infringement_subcategory').selectAll().where('category_id', '=', categoryId).orderBy('id').execute();
}

export async function insertSubcategory(db: Conn, categoryId: number, values: SubcategoryFields): Promise<void> {
  await db.insertInto('infringement_subcategory').values({ category_id: categoryId, ...values }).execute();
}

/** How many rows changed: 0 when the subcategory is not one of that category's. */
export async function updateSubcategory(db: Conn, categoryId: number, subcategoryId: number, values: SubcategoryFields): Promise<number> {
  const res = await db.updateTable('infringement_subcategory').set(values).where('id', '=', subcategoryId).where('category_id', '=', categoryId).executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function deleteSubcategory(db: Conn, categoryId: number, subcategoryId: number): Promise<number> {
  const res = await db.deleteFrom('infringement_subcategory').where('id', '=', subcategoryId).where('category_id', '=', categoryId).executeTakeFirst();
  return Number(res.numDeletedRows);
}
