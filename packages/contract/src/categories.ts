import { z } from 'zod';
import { id } from './accounts.js';

/** Document 2: the infringement category master (main categories and their subcategories), kept by analysts. */

/** The fixed aggregate categories a subcategory rolls up to (document 2, section 3). */
export const AGGREGATE_CATEGORIES = {
  1: { en: 'Non-infringement', ja: '非侵害' },
  2: { en: 'Trademark infringement (advertising)', ja: '商標権侵害（広告）' },
  3: { en: 'Trademark infringement (counterfeit)', ja: '商標権侵害（模倣品）' },
  4: { en: 'Copyright', ja: '著作権' },
  5: { en: 'Other law', ja: 'その他法令' },
  6: { en: 'Policy violation', ja: '規約違反' },
  7: { en: 'Other IP', ja: 'その他知的財産' },
  8: { en: 'Reference', ja: '参考' },
  9: { en: 'Needs confirmation', ja: '要確認' },
  10: { en: 'Sold / ended', ja: '販売終了' },
  11: { en: 'Old package', ja: '旧パッケージ' },
  12: { en: 'Design right 1', ja: '意匠権1' },
  13: { en: 'Design right 2', ja: '意匠権2' },
  14: { en: 'Design right 3', ja: '意匠権3' },
  15: { en: 'Design right 4', ja: '意匠権4' },
  16: { en: 'Design right 5', ja: '意匠権5' },
  17: { en: 'Design right 6', ja: '意匠権6' },
} as const;
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
