import { z } from 'zod';
import { id } from './accounts.js';
import { EC_RECORD_FIELD_KEYS } from './ec-fields.js';
import { isoDate } from './search.js';

/**
 * Document 1, sections 2.12-2.13, 3 and 7 "Master data": what analysts keep per client. Every payload names its
 * client (`clientId`); ids of another client's rows answer as if they did not exist.
 */

const clientId = id;
const text = (max: number, required?: string) =>
  required
    ? z.string({ error: required }).trim().min(1, required).max(max, 'validation.tooLong')
    : z.string({ error: 'validation.invalid' }).trim().max(max, 'validation.tooLong');
const price = z
  .union([z.number({ error: 'validation.priceInvalid' }), z.string().trim().regex(/^\d+(\.\d+)?$/, 'validation.priceInvalid').transform(Number)], {
    error: 'validation.priceInvalid',
  })
  .refine((n) => Number.isFinite(n) && n >= 0 && n <= 1e12, 'validation.priceInvalid');

// Brands, with their keywords and models

export const brandKeyword = z.object({ keyword_id: z.number(), keyword_name: z.string() });
export const brandModel = z.object({ model_id: z.number(), model_name: z.string(), model_price: z.number() });
export const brand = z.object({ brand_id: z.number(), brand_name: z.string(), keywords: z.array(brandKeyword), models: z.array(brandModel) });
export type Brand = z.infer<typeof brand>;
const brandName = text(100, 'validation.brandRequired');
const keywordName = text(100, 'validation.keywordRequired');
const modelName = text(100, 'validation.modelRequired');
const modelPrice = z.union([price, z.undefined(), z.null(), z.literal('')]).refine((v) => v !== undefined && v !== null && v !== '', 'validation.modelPriceRequired').transform((v) => Number(v));

export const brandsOutput = z.object({ brands: z.array(brand) });
export const fetchBrandsInput = z.object({ clientId });
export const createBrandInput = z.object({ clientId, brand: brandName });
export const updateBrandInput = z.object({ clientId, brandId: id, brand: brandName });
export const removeBrandInput = z.object({ clientId, brandId: id });

export const keywordsOutput = z.object({ brandId: z.number(), brandKeywords: z.array(brandKeyword) });
export const createKeywordInput = z.object({ clientId, brandId: id, keywordName });
export const updateKeywordInput = z.object({ clientId, brandId: id, keywordId: id, keywordName });
export const removeKeywordInput = z.object({ clientId, brandId: id, keywordId: id });

export const modelsOutput = z.object({ brandId: z.number(), brandModels: z.array(brandModel) });
export const createModelInput = z.object({ clientId, brandId: id, brandModelName: modelName, brandModelPrice: modelPrice });
export const updateModelInput = z.object({ clientId, brandId: id, brandModelId: id, brandModelName: modelName, brandModelPrice: modelPrice });
export const removeModelInput = z.object({ clientId, brandId: id, brandModelId: id });

// Product categories

export const productCategory = z.object({ id: z.number(), name: z.string(), name_en: z.string(), code: z.string() });
export const categoriesOutput = z.object({ categories: z.array(productCategory) });
export const fetchCategoriesInput = z.object({ clientId });
const categoryFields = {
  name: text(100, 'validation.categoryNameRequired'),
  nameEn: text(100, 'validation.categoryNameEnRequired'),
  code: text(50, 'validation.categoryCodeRequired'),
};
export const createCategoryInput = z.object({ clientId, ...categoryFields });
export const updateCategoryInput = z.object({ clientId, categoryId: id, ...categoryFields });
export const removeCategoryInput = z.object({ clientId, categoryId: id });

// Custom columns ("additional items")

export const customColumn = z.object({
  column_id: z.number(),
  column_name: z.string(),
  column_category: z.number(),
  column_position: z.string(),
  column_order: z.number(),
});
export type CustomColumn = z.infer<typeof customColumn>;
export const columnsOutput = z.object({ columns: z.array(customColumn) });
export const fetchColumnsInput = z.object({ clientId });
const columnFields = {
  name: text(50, 'validation.columnNameRequired'),
  category: z.number({ error: 'validation.columnCategoryRequired' }).int('validation.columnCategoryRequired').min(1, 'validation.columnCategoryRequired').max(7, 'validation.columnCategoryRequired'),
  position: z.enum(EC_RECORD_FIELD_KEYS, { error: 'validation.columnPositionRequired' }),
  order: z.number({ error: 'validation.columnOrderRequired' }).int('validation.columnOrderRequired').min(0, 'validation.columnOrderRequired').max(9999, 'validation.columnOrderRequired'),
};
export const createColumnInput = z.object({ clientId, ...columnFields });
export const updateColumnInput = z.object({ clientId, columnId: id, ...columnFields });
export const removeColumnInput = z.object({ clientId, columnId: id });

// Black and white lists of sellers and URLs: type 1 whitelist, type 2 blacklist

export const URL_TYPES = [1, 2] as const;
const urlType = z.union([z.literal(1), z.literal(2)], { error: 'validation.listTypeInvalid' });
export const specialUrl = z.object({
  id: z.number(),
  url: z.string(),
  seller: z.string(),
  sellerId: z.string(),
  company: z.string(),
  remarks: z.string(),
  type: z.number(),
});
export const urlsOutput = z.object({ urls: z.array(specialUrl) });
export const fetchUrlsInput = z.object({ clientId, type: urlType });
const httpUrl = z
  .string({ error: 'validation.urlInvalid' })
  .trim()
  .max(2000, 'validation.tooLong')
  .refine((s) => s === '' || /^https?:\/\/[^\s]+$/i.test(s), 'validation.urlInvalid');
const urlFields = {
  url: httpUrl.optional().default(''),
  seller: text(200).optional().default(''),
  sellerId: text(200).optional().default(''),
  company: text(200).optional().default(''),
  remarks: text(1000).optional().default(''),
};
const urlOrSeller = { message: 'validation.urlOrSellerRequired', path: ['url'] };
export const createUrlInput = z.object({ clientId, type: urlType, ...urlFields }).refine((v) => v.url !== '' || v.seller !== '' || v.sellerId !== '', urlOrSeller);
export const updateUrlInput = z.object({ clientId, urlId: id, type: urlType.optional(), ...urlFields }).refine((v) => v.url !== '' || v.seller !== '' || v.sellerId !== '', urlOrSeller);
export const removeUrlInput = z.object({ clientId, urlId: id });

// Compatible (type 1) and genuine (type 2) wording

const wordType = z.union([z.literal(1), z.literal(2)], { error: 'validation.listTypeInvalid' });
export const specialWord = z.object({ id: z.number(), word: z.string(), type: z.number() });
export const wordsOutput = z.object({ words: z.array(specialWord) });
export const fetchWordsInput = z.object({ clientId, type: wordType });
const word = text(200, 'validation.wordRequired');
export const createWordInput = z.object({ clientId, type: wordType, word });
export const updateWordInput = z.object({ clientId, wordId: id, word });
export const removeWordInput = z.object({ clientId, wordId: id });

// Attorney letters per country

export const attorneyLetter = z.object({ id: z.number(), region: z.string(), startDate: z.string(), endDate: z.string(), remindFlag: z.boolean() });
export const lettersOutput = z.object({ letters: z.array(attorneyLetter) });
export const fetchLettersInput = z.object({ clientId });
const letterFields = {
  region: text(100, 'validation.letterRegionRequired'),
  startDate: z.string({ error: 'validation.letterStartRequired' }).min(1, 'validation.letterStartRequired').pipe(isoDate),
  endDate: z.string({ error: 'validation.letterEndRequired' }).min(1, 'validation.letterEndRequired').pipe(isoDate),
  remindFlag: z.boolean({ error: 'validation.invalid' }).optional().default(false),
};
const endAfterStart = { message: 'validation.endBeforeStart', path: ['endDate'] };
export const createLetterInput = z.object({ clientId, ...letterFields }).refine((v) => v.endDate >= v.startDate, endAfterStart);
export const updateLetterInput = z.object({ clientId, letterId: id, ...letterFields }).refine((v) => v.endDate >= v.startDate, endAfterStart);
export const removeLetterInput = z.object({ clientId, letterId: id });

// Trademark countries: one comma-separated list of ISO codes

export const trademarkCountriesOutput = z.object({ regions: z.object({ regions: z.string() }) });
export const getTrademarkCountriesInput = z.object({ clientId });
export const setTrademarkCountriesInput = z.object({
  clientId,
  regions: z
    .string({ error: 'validation.invalid' })
    .max(2000, 'validation.tooLong')
    .regex(/^([A-Z]{2}(,[A-Z]{2})*)?$/, 'validation.countryInvalid'),
});

// Impact settings: impact amount = A (price) x B (count) x C (percent)

export const PRICE_TYPES = { 1: 'displayed', 2: 'flat' } as const;
export const COUNT_TYPES = { 1: 'inventory', 2: 'sold', 3: 'flat' } as const;
export const impactSettings = z.object({
  priceType: z.number(),
  price: z.number().nullable(),
  countType: z.number(),
  count: z.number().nullable(),
  radio: z.number(),
});
export type ImpactSettings = z.infer<typeof impactSettings>;
export const impactOutput = z.object({ settings: impactSettings });
export const getImpactInput = z.object({ clientId });
export const setImpactInput = z
  .object({
    clientId,
    priceType: z.union([z.literal(1), z.literal(2)], { error: 'validation.priceTypeInvalid' }),
    price: price.nullable().optional().default(null),
    countType: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'validation.countTypeInvalid' }),
    count: z
      .number({ error: 'validation.countInvalid' })
      .int('validation.countInvalid')
      .min(0, 'validation.countInvalid')
      .max(1e9, 'validation.countInvalid')
      .nullable()
      .optional()
      .default(null),
    radio: z.number({ error: 'validation.percentInvalid' }).min(0, 'validation.percentInvalid').max(100, 'validation.percentInvalid'),
  })
  .refine((v) => v.priceType !== 2 || v.price !== null, { message: 'validation.priceInvalid', path: ['price'] })
  .refine((v) => v.countType !== 3 || v.count !== null, { message: 'validation.countInvalid', path: ['count'] });

/** The impact amount of one record: A x B x C (C as a fraction of the percent). */
export function impactAmount(s: ImpactSettings, record: { price: number | null; onSell: number | null; sold: number | null }): number | null {
  const a = s.priceType === 2 ? s.price : record.price;
  const b = s.countType === 3 ? s.count : s.countType === 2 ? record.sold : record.onSell;
  if (a === null || b === null) return null;
  return a * b * (s.radio / 100);
}
