import { z } from 'zod';
import { id } from './accounts.js';
import { SERIAL_ID_MAX } from './validation.js';
import { LISTING_FIELDS, crawlRecipe } from './crawler-tasks.js';

/** Document 2 "Marketplace site master": sites and the accounts the crawler signs in with (analysts only). */

/**
 * An account as every answer shows it. Its secrets are write-only: an answer says whether a password, headers and
 * cookies are set, never their values (only the crawler, on the server, opens them).
 */
export const siteAccount = z.object({
  id: z.number(),
  account: z.string(),
  passwordSet: z.boolean(),
  phone: z.string(),
  freeze_seconds: z.number().nullable(),
  headersSet: z.boolean(),
  cookiesSet: z.boolean(),
  remarks: z.string(),
});
export const site = z.object({
  id: z.number(),
  name: z.string(),
  url: z.string(),
  region: z.string(),
  infrigementCategoryId: z.number().nullable(),
  hasCrawler: z.boolean(),
  remarks: z.string(),
  /** How the crawler reads the site (null: JSON-LD, microdata, then OpenGraph), at most how many requests at once, and whether robots.txt is ignored. */
  crawlRecipe: crawlRecipe.nullable(),
  maxConcurrency: z.number(),
  ignoreRobots: z.boolean(),
  /** The crawler fetches the site's pages through a browser (Chromium) and reads them after their scripts ran. */
  fetchWithBrowser: z.boolean(),
  accounts: z.array(siteAccount),
});
export type Site = z.infer<typeof site>;
export type SiteAccount = z.infer<typeof siteAccount>;

const siteFields = {
  siteName: z.string({ error: 'validation.siteNameRequired' }).trim().min(1, 'validation.siteNameRequired').max(200, 'validation.tooLong'),
  siteURL: z
    .string({ error: 'validation.siteUrlRequired' })
    .trim()
    .min(1, 'validation.siteUrlRequired')
    .max(2000, 'validation.tooLong')
    .regex(/^https?:\/\/[^\s]+$/i, 'validation.urlInvalid'),
  region: z.string({ error: 'validation.siteRegionRequired' }).trim().regex(/^[A-Z]{2}$/, 'validation.siteRegionRequired'),
  categoryId: z.number({ error: 'validation.siteCategoryRequired' }).int('validation.siteCategoryRequired').positive('validation.siteCategoryRequired').max(SERIAL_ID_MAX, 'validation.siteCategoryRequired'),
  hasCrawler: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional().default(false).transform((v) => v === true || v === 1),
  remarks: z.string().max(1000, 'validation.tooLong').optional().default(''),
};
const crawlerFields = {
  crawlRecipe: crawlRecipe.nullable().optional(),
  maxConcurrency: z.number({ error: 'validation.invalid' }).int('validation.invalid').min(1, 'validation.invalid').max(16, 'validation.invalid').optional(),
  ignoreRobots: z.boolean().optional(),
  fetchWithBrowser: z.boolean({ error: 'validation.invalid' }).optional(),
};
/** Cool-down seconds: a whole number, or empty for none (null). */
const freeze = z
  .union([z.number({ error: 'validation.freezeInvalid' }), z.string().trim().regex(/^\d*$/, 'validation.freezeInvalid'), z.null()], { error: 'validation.freezeInvalid' })
  .transform((v) => (v === '' || v === null ? null : Number(v)))
  .refine((v) => v === null || (Number.isInteger(v) && v >= 0 && v <= 86_400 * 365), 'validation.freezeInvalid');

const accountFields = {
  account: z.string({ error: 'validation.accountRequired' }).trim().min(1, 'validation.accountRequired').max(200, 'validation.tooLong'),
  password: z.string({ error: 'validation.accountPasswordRequired' }).min(1, 'validation.accountPasswordRequired').max(500, 'validation.tooLong'),
  phone: z.string().trim().max(50, 'validation.tooLong').optional().default(''),
  freeze_seconds: freeze.optional().transform((v) => (v === undefined ? null : v)),
  headers: z.string().max(20_000, 'validation.tooLong').optional().default(''),
  cookies: z.string().max(20_000, 'validation.tooLong').optional().default(''),
  remarks: z.string().max(1000, 'validation.tooLong').optional().default(''),
};

export const fetchSitesInput = z.object({
  current: z.number().int().min(1).max(1_000_000).optional().default(1),
  pageSize: z.number().int().min(1).max(500).optional().default(20),
  hasCrawler: z.boolean().optional(),
});
/** The list shows no secrets: accounts are counted, not listed. */
export const siteListItem = site.omit({ accounts: true }).extend({ accountCount: z.number() });
export const fetchSitesOutput = z.object({ sites: z.array(siteListItem), total: z.number() });
export const getSiteInput = z.object({ siteId: id });
export const siteOutput = z.object({ site });
export const createSiteInput = z.object({ ...siteFields, ...crawlerFields, accounts: z.array(z.object(accountFields)).max(200).optional().default([]) });
export const updateSiteInput = z.object({
  siteId: id,
  siteName: siteFields.siteName.optional(),
  siteURL: siteFields.siteURL.optional(),
  region: siteFields.region.optional(),
  categoryId: siteFields.categoryId.optional(),
  hasCrawler: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional().transform((v) => (v === undefined ? undefined : v === true || v === 1)),
  // No defaults on an update: a field left out is a field left alone.
  remarks: z.string().max(1000, 'validation.tooLong').optional(),
  ...crawlerFields,
});
export const removeSiteInput = z.object({ siteId: id });

export const accountsOutput = z.object({ account: z.array(siteAccount) });
export const fetchAccountsInput = z.object({ siteId: id });
export const addAccountInput = z.object({ siteId: id, ...accountFields });
export const updateAccountInput = z.object({
  id,
  account: accountFields.account.optional(),
  // A blank password keeps the saved one: it is never shown, so an edit form starts blank. Blank headers or
  // cookies clear them; a field left out is left alone.
  password: z
    .string()
    .max(500, 'validation.tooLong')
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  phone: z.string().trim().max(50, 'validation.tooLong').optional(),
  freeze_seconds: freeze.optional(),
  headers: z.string().max(20_000, 'validation.tooLong').optional(),
  cookies: z.string().max(20_000, 'validation.tooLong').optional(),
  remarks: z.string().max(1000, 'validation.tooLong').optional(),
});
export const removeAccountInput = z.object({ id });

/**
 * Teaching a site's recipe by example (issue 29 point 4): a page of the site opened for marking, the selectors
 * learnt from marked elements (by the number the opened copy gives each element, or by the text it shows), and
 * what a recipe reads on another page of the site.
 */
const pageUrl = siteFields.siteURL;
export const openPageInput = z.object({ siteId: id, url: pageUrl });
export const openPageOutput = z.object({ page: z.object({ url: z.string(), html: z.string() }) });
const listingField = z.enum(LISTING_FIELDS, { error: 'validation.searchField' });
export const recipeMark = z.union([
  // `shows`: the text the clicked element showed, so a page that changed between the click and the learning is
  // noticed (the element is then found by that text, or the mark is reported lost).
  z.object({ node: z.number().int().min(0).max(1_000_000), shows: z.string().max(500, 'validation.tooLong').optional() }),
  z.object({ text: z.string().trim().min(1, 'validation.recipeMarkText').max(500, 'validation.tooLong') }),
]);
export type RecipeMark = z.infer<typeof recipeMark>;
export const learnRecipeInput = z.object({ siteId: id, url: pageUrl, marks: z.partialRecord(listingField, recipeMark) });
/** Per field: the learnt selector and what it reads there, or the message key of why no selector was learnt. */
export const learnRecipeOutput = z.object({
  recipe: z.object({ fields: z.partialRecord(listingField, z.string()) }),
  extracted: z.partialRecord(listingField, z.string()),
  problems: z.partialRecord(listingField, z.string()),
});
export const tryRecipeInput = z.object({ siteId: id, url: pageUrl, recipe: crawlRecipe });
/** What the recipe's fields read on the page as a crawl reads it, and the fields that came out empty. */
export const tryRecipeOutput = z.object({ url: z.string(), extracted: z.partialRecord(listingField, z.string()), empty: z.array(listingField) });
