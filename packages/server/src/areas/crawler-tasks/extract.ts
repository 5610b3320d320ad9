import * as cheerio from 'cheerio';
import type { CrawlRecipeJson } from '../../platform/schema.js';
import { readSearch } from './reading/search.js';

/**
 * Reading marketplace pages (spec README "Crawler tasks"): a site's recipe of CSS selectors when it has one, else
 * schema.org Product/Offer JSON-LD, then microdata, then OpenGraph. A selector may end in `@attr` to read an
 * attribute (`img.main@src`); otherwise the element's text. Broken HTML is read as far as it goes, never thrown.
 */

import { crawlerTasks } from '@portal/contract';

/** The EC record's scraped fields (the contract's list, which recipes name). */
export const LISTING_FIELDS = crawlerTasks.LISTING_FIELDS;
export type ListingField = (typeof LISTING_FIELDS)[number];
export type Listing = Partial<Record<ListingField, string>>;

const MAX_FIELD = 2000;
const clean = (s: unknown): string | undefined => {
  if (s === undefined || s === null) return undefined;
  const text = String(s).replace(/\s+/g, ' ').trim().slice(0, MAX_FIELD);
  return text === '' ? undefined : text;
};

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

const absolute = (href: string | undefined, base: string): string | undefined => {
  if (!href) return undefined;
  try {
    const url = new URL(href, base);
    url.hash = '';
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

/** The result links and the next page of a search page (reading/search.ts). */
export function readSearchPage(html: string, pageUrl: string, recipe: CrawlRecipeJson | null): { links: string[]; next: string | undefined } {
  return readSearch(html, pageUrl, recipe);
}

/** The fields of a listing page. */
export function readListing(html: string, pageUrl: string, recipe: CrawlRecipeJson | null): Listing {
  const $ = cheerio.load(html);
  const found: Listing = {};
  const put = (field: ListingField, value: string | undefined) => {
    if (value !== undefined && found[field] === undefined) found[field] = value;
  };
  for (const [field, selector] of Object.entries(recipe?.fields ?? {})) {
    if ((LISTING_FIELDS as readonly string[]).includes(field)) put(field as ListingField, select($, selector));
  }
  for (const product of jsonLdProducts($)) fromJsonLd(product, put);
  fromMicrodata($, put);
  put('title', clean($('meta[property="og:title"]').attr('content')));
  put('imageUrl', clean($('meta[property="og:image"]').attr('content')));
  put('price', clean($('meta[property="product:price:amount"], meta[property="og:price:amount"]').attr('content')));
  put('currency', clean($('meta[property="product:price:currency"], meta[property="og:price:currency"]').attr('content')));
  put('title', clean($('title').first().text()));
  for (const f of ['imageUrl', 'sellerUrl'] as const) if (found[f]) found[f] = absolute(found[f], pageUrl) ?? found[f];
  found.url = pageUrl;
  return found;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const first = (v: unknown): unknown => (Array.isArray(v) ? v[0] : v);
const nameOf = (v: unknown): string | undefined => clean(isObject(first(v)) ? (first(v) as Json).name : first(v));
const hasType = (v: Json, type: string) => [v['@type']].flat().some((t) => typeof t === 'string' && t.toLowerCase() === type.toLowerCase());

function jsonLdProducts($: cheerio.CheerioAPI): Json[] {
  const products: Json[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 8 || products.length > 20) return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    if (!isObject(v)) return;
    if (hasType(v, 'Product')) products.push(v);
    if (v['@graph']) walk(v['@graph'], depth + 1);
  };
  $('script[type="application/ld+json"]').each((_i, el) => {
    try {
      walk(JSON.parse($(el).text()), 0);
    } catch {
      // a broken block is skipped
    }
  });
  return products;
}

function fromJsonLd(p: Json, put: (f: ListingField, v: string | undefined) => void): void {
  put('title', clean(p.name));
  const image = first(p.image);
  put('imageUrl', clean(isObject(image) ? image.url : image));
  put('brand', nameOf(p.brand));
  put('listingNo', clean(p.sku ?? p.productID ?? p.mpn));
  const offer = first(p.offers);
  if (isObject(offer)) {
    put('price', clean(offer.price ?? offer.lowPrice));
    put('currency', clean(offer.priceCurrency));
    const seller = first(offer.seller);
    put('seller', nameOf(seller));
    if (isObject(seller)) put('sellerUrl', clean(seller.url));
    put('stockCount', clean(isObject(offer.inventoryLevel) ? offer.inventoryLevel.value : offer.inventoryLevel));
    put('region', clean(nameOf(offer.availableAtOrFrom) ?? nameOf(offer.areaServed) ?? nameOf(offer.shippingDetails && (offer.shippingDetails as Json).shippingOrigin)));
  }
  const rating = first(p.aggregateRating);
  if (isObject(rating)) put('reviewCount', clean(rating.reviewCount ?? rating.ratingCount));
}

function fromMicrodata($: cheerio.CheerioAPI, put: (f: ListingField, v: string | undefined) => void): void {
  const product = $('[itemtype*="schema.org/Product"]').first();
  if (product.length === 0) return;
  const prop = (name: string, scope = product) => {
    const el = scope.find(`[itemprop="${name}"]`).first();
    if (el.length === 0) return undefined;
    return clean(el.attr('content') ?? el.attr('src') ?? el.attr('href') ?? el.text());
  };
  put('title', prop('name'));
  put('imageUrl', prop('image'));
  put('listingNo', prop('sku') ?? prop('productID'));
  const brand = product.find('[itemprop="brand"]').first();
  put('brand', brand.find('[itemprop="name"]').length > 0 ? prop('name', brand) : prop('brand'));
  put('price', prop('price'));
  put('currency', prop('priceCurrency'));
  const seller = product.find('[itemprop="seller"]').first();
  if (seller.length > 0) {
    put('seller', prop('name', seller) ?? clean(seller.text()));
    put('sellerUrl', prop('url', seller));
  }
}

/** A page that asks to sign in rather than show a listing (the account is blocked or signed out). */
export function looksLikeLogin(html: string, url: string): boolean {
  if (/\/(login|signin|sign-in)\b/i.test(new URL(url).pathname)) return true;
  // Most pages have no password field: no second parse of every page (the profile of bench/crawler.ts showed it).
  if (!/password/i.test(html)) return false;
  const $ = cheerio.load(html);
  return $('input[type="password"]').length > 0 && $('script[type="application/ld+json"], [itemtype*="schema.org/Product"]').length === 0;
}
