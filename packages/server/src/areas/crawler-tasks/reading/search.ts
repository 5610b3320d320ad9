import * as cheerio from 'cheerio';
import type { Element } from 'domhandler';
import type { CrawlRecipeJson } from '../../../platform/schema.js';
import { resultLinks, type CandidateLink } from './search-blocks.js';
import { findNext } from './search-next.js';
import { absolute, isChromeLink, listingKey, siteOf, unwrapRedirect } from './search-urls.js';

/**
 * Reading a search-result page (issue 29): the listing URLs in page order and the next page. A site's recipe
 * (`resultLink`, `nextPage` CSS selectors) is trusted first; without one, or when it finds nothing (the site was
 * redesigned), the result list is found as the page's repeated listing blocks (search-blocks.ts) and the next page
 * by rel="next", a "next" label or the pager's next number (search-next.ts). Taking every same-site link instead
 * reads a real marketplace's navigation, filters and footer as listings (over a hundred links for twenty listings).
 */
export interface SearchPage {
  /** Listing URLs, absolute, in page order, one per listing (a sponsored copy of a listing is dropped). */
  links: string[];
  next: string | undefined;
}

export function readSearch(html: string, pageUrl: string, recipe: CrawlRecipeJson | null): SearchPage {
  const $ = cheerio.load(html);
  // relative links resolve against the page's <base href> where it has one, as a browser resolves them
  const base = absolute($('base[href]').first().attr('href'), pageUrl) ?? pageUrl;
  const next = (recipe?.nextPage ? byRecipe($, recipe.nextPage, base)[0] : undefined) ?? findNext($, pageUrl, base);
  const byRecipeLinks = recipe?.resultLink ? byRecipe($, recipe.resultLink, base).filter((u) => u !== next) : [];
  if (byRecipeLinks.length > 0) return { links: distinct(byRecipeLinks.map((url) => ({ url, key: listingKey(url) }))), next };
  const candidates = candidateLinks($, pageUrl, base, next);
  const found = resultLinks($, candidates) ?? candidates; // no repeated blocks (a bare list of links): every candidate
  return { links: distinct(found), next };
}

/** The hrefs a recipe's selector picks (`a.hit`, or `…@data-href` for another attribute), absolute. */
function byRecipe($: cheerio.CheerioAPI, selector: string, base: string): string[] {
  const at = selector.lastIndexOf('@');
  const [css, attr] = at > 0 ? [selector.slice(0, at), selector.slice(at + 1)] : [selector, 'href'];
  try {
    return $(css)
      .toArray()
      .map((el) => absolute($(el).attr(attr), base))
      .filter((u): u is string => u !== undefined);
  } catch {
    return []; // a recipe with a broken selector reads nothing
  }
}

/**
 * Links that can be listings: on the page's site, not the page itself or another view of it (paging, sorting and
 * filters keep the search's path), not the home page, not account, cart, help or legal pages.
 */
function candidateLinks($: cheerio.CheerioAPI, pageUrl: string, base: string, next: string | undefined): CandidateLink[] {
  const here = new URL(pageUrl);
  const out: CandidateLink[] = [];
  for (const el of $('a[href], area[href]').toArray() as Element[]) {
    const raw = absolute(el.attribs.href, base);
    if (!raw || raw === next) continue;
    const url = unwrapRedirect(raw);
    const u = new URL(url);
    if (siteOf(u.hostname) !== siteOf(here.hostname) || u.pathname === '/' || isChromeLink(url)) continue;
    if (u.pathname === here.pathname && !namesAnItem(u, here)) continue;
    if (/\b(prev|next)\b/i.test(el.attribs.rel ?? '')) continue;
    out.push({ el, url, key: listingKey(url) });
  }
  return out;
}

/**
 * True when a link on the search's own path names an item the page's URL does not (`index.php?product_id=42` on a
 * shop whose search is `index.php?route=search`); other links on that path are pages, sortings and filters of it.
 */
function namesAnItem(u: URL, here: URL): boolean {
  return [...u.searchParams.keys()].some((k) => !here.searchParams.has(k) && /(^|_)(id|item|product|pid|sku)(_?id)?$/i.test(k));
}

/** The first link of each listing, in page order. */
function distinct(links: { url: string; key: string }[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const { url, key } of links) {
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(url);
  }
  return out;
}
