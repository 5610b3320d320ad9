import * as cheerio from 'cheerio';
import type { CrawlRecipeJson } from '../../platform/schema.js';

/**
 * Reading marketplace pages (spec README "Crawler tasks"): a site's recipe of CSS selectors when it has one, then
 * the product reader's witnesses (reading/product.ts: JSON-LD, microdata, OpenGraph, the visible page). A selector may end in `@attr` to read an
 * attribute (`img.main@src`); otherwise the element's text. Broken HTML is read as far as it goes, never thrown.
 */

import { absolute, clean } from './reading/text.js';
import { LISTING_FIELDS, readProduct, type Listing, type ListingField } from './reading/product.js';

export { LISTING_FIELDS, readProduct };
export type { Listing, ListingField };
export type { ProductReading, FieldSource } from './reading/product.js';

function select($: cheerio.CheerioAPI, selector: string): string | undefined {
  const at = selector.lastIndexOf('@');
  const [css, attr] = at > 0 ? [selector.slice(0, at), selector.slice(at + 1)] : [selector, undefined];
  try {
    const el = $(css).first();
    return clean(attr ? el.attr(attr) : el.text());
  } catch {
    return undefined; // a recipe with a broken selector reads nothing
  }
}

/** The result links and the next page of a search page. */
export function readSearchPage(html: string, pageUrl: string, recipe: CrawlRecipeJson | null): { links: string[]; next: string | undefined } {
  const $ = cheerio.load(html);
  const nextHref = recipe?.nextPage ? select($, recipe.nextPage.includes('@') ? recipe.nextPage : `${recipe.nextPage}@href`) : $('a[rel~="next"], link[rel~="next"]').first().attr('href');
  const next = absolute(nextHref, pageUrl);
  const host = new URL(pageUrl).host;
  const here = new URL(pageUrl);
  const candidates = recipe?.resultLink ? safeAll($, recipe.resultLink) : $('a[href]').toArray();
  const links = new Set<string>();
  for (const el of candidates) {
    const url = absolute($(el).attr('href'), pageUrl);
    if (!url || url === next) continue;
    const u = new URL(url);
    // Without a recipe: links to the same host, other than search pages like this one (pagination, sorting).
    if (!recipe?.resultLink && (u.host !== host || u.pathname === here.pathname || u.pathname === '/')) continue;
    links.add(url);
  }
  return { links: [...links], next };
}

function safeAll($: cheerio.CheerioAPI, css: string) {
  try {
    return $(css).toArray();
  } catch {
    return [];
  }
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
