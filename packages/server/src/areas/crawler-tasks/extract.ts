import * as cheerio from 'cheerio';
import type { CrawlRecipeJson } from '../../platform/schema.js';
import { LISTING_FIELDS, readProduct, type Listing, type ListingField } from './reading/product.js';
import { readSearch } from './reading/search.js';

/**
 * Reading marketplace pages (spec README "Crawler tasks"): a site's recipe of CSS selectors when it has one, then
 * the product reader's witnesses (reading/product.ts: JSON-LD, microdata, OpenGraph, the visible page), and the
 * search reader's repeated listing blocks (reading/search.ts). A recipe's selector may end in `@attr` to read an
 * attribute (`img.main@src`); otherwise the element's text. Broken HTML is read as far as it goes, never thrown.
 */

export { LISTING_FIELDS, readProduct };
export type { Listing, ListingField };
export type { ProductReading, FieldSource } from './reading/product.js';

/** The result links and the next page of a search page (reading/search.ts). */
export function readSearchPage(html: string, pageUrl: string, recipe: CrawlRecipeJson | null): { links: string[]; next: string | undefined } {
  return readSearch(html, pageUrl, recipe);
}

/** The fields of a listing page: the product reader's listing (reading/product.ts). */
export function readListing(html: string, pageUrl: string, recipe: CrawlRecipeJson | null): Listing {
  return readProduct(html, pageUrl, recipe).listing;
}

/** A page that asks to sign in rather than show a listing (the account is blocked or signed out). */
export function looksLikeLogin(html: string, url: string): boolean {
  if (/\/(login|signin|sign-in)\b/i.test(new URL(url).pathname)) return true;
  // Most pages have no password field: no second parse of every page (the profile of bench/crawler.ts showed it).
  if (!/password/i.test(html)) return false;
  const $ = cheerio.load(html);
  return $('input[type="password"]').length > 0 && $('script[type="application/ld+json"], [itemtype*="schema.org/Product"]').length === 0;
}
