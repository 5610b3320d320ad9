import { z } from 'zod';
import { id } from './accounts.js';
import { AGGREGATE_CATEGORIES } from './names.js';
export { AGGREGATE_CATEGORIES };

/** Document 2: the infringement category master (main categories and their subcategories), kept by analysts. */

export type AggregateCategoryId = keyof typeof AGGREGATE_CATEGORIES;

export const subcategory = z.object({ id: z.number(), name: z.string(), name_en: z.string(), code: z.string(), commonCategory: z.number() });
export const category = z.object({ id: z.number(), name: z.string(), name_en: z.string(), code: z.string(), subcategories: z.array(subcategory) });
export type InfringementCategory = z.infer<typeof category>;

const name = z.string({ error: 'validation.categoryNameRequired' }).trim().min(1, 'validation.categoryNameRequired').max(100, 'validation.tooLong');
const nameEn = z.string({ error: 'validation.categoryNameEnRequired' }).trim().min(1, 'validation.categoryNameEnRequired').max(100, 'validation.tooLong');
const code = z.string({ error: 'validation.categoryCodeRequired' }).trim().min(1, 'validation.categoryCodeRequired').max(50, 'validation.tooLong');
const commonCategory = z.coerce
  .number({ error: 'validation.aggregateCategoryRequired' })
  .int('validation.aggregateCategoryRequired')
  .min(1, 'validation.aggregateCategoryRequired')
  .max(17, 'validation.aggregateCategoryRequired');

export const categoriesOutput = z.object({ categories: z.array(category) });
export const fetchCategoriesInput = z.object({});
export const createCategoryInput = z.object({ name, nameEn, code: code.optional().default('') });
export const updateCategoryInput = z.object({ categoryId: id, name, nameEn, code: code.optional() });
export const removeCategoryInput = z.object({ categoryId: id });

export const subcategoriesOutput = z.object({ categoryId: z.number(), categories: z.array(subcategory) });
export const fetchSubcategoriesInput = z.object({ categoryId: id });
const subFields = { subcategoryName: name, subcategoryNameEn: nameEn, subcategoryCode: code, commonCategory };
export const createSubcategoryInput = z.object({ categoryId: id, ...subFields });
export const updateSubcategoryInput = z.object({ categoryId: id, subcategoryId: id, ...subFields });
export const removeSubcategoryInput = z.object({ categoryId: id, subcategoryId: id });
