import * as cheerio from 'cheerio';
import type { CrawlRecipeJson } from '../../../platform/schema.js';
import { crawlerTasks, type EcFieldSource } from '@portal/contract';
import { readPrice } from './price.js';
import { fromJsonLd, fromMicrodata, fromOpenGraph, type Witness } from './structured.js';
import { absolute, clean, documentOrder, sameName, visibleText } from './text.js';
import { amountsIn, labelledSku, mainHeading, visibleBrand, mainImage, priceSpots, sellerOf, urlIds, visibleAvailability } from './visible.js';

/**
 * Reading a product page's main product the way a person does (issue 29). Witnesses, in this order of trust:
 * the site's recipe (CSS selectors; `@attr` reads an attribute), JSON-LD, microdata, OpenGraph, the visible page.
 *
 * Rules where the witnesses disagree (each has a test in product.test.ts):
 * - Recipe: a field its selector reads is taken as written, before any other witness.
 * - Product: of several JSON-LD Product nodes (or microdata Product items), the one whose name matches the main
 *   heading; else the first that has an offer; else the first. `@type` is matched in any case ("product") and
 *   nested in `@graph`/`mainEntity`. Microdata properties count only for their own item (a breadcrumb's
 *   `itemprop=name` is the breadcrumb's, not the product's).
 * - Title: the JSON-LD, then microdata, name; else the main heading (an `h1` outside header/nav/footer that is not a
 *   logo, with screen-reader-only labels dropped); else og:title; else `<title>`.
 * - Price: the price to pay now. The visible buy-box price is the first price-marked element after the heading
 *   that is not struck through, a list/was/RRP price, a total, a bundle or another product's; a sale, current
 *   bid or tax-included mark raises it, a tax-excluded or starting/estimate mark lowers it. Then:
 *   (a) when the buy-box price equals a structured price, that structured value (it is the same price); a buy-box
 *       element that carries `itemprop=price` is the microdata witness itself, read from its `content`;
 *   (b) when it differs from every structured price and the heading it follows is the structured product's name,
 *       the buy-box price: structured data lags the page (a list price while on sale, a starting price under a
 *       current bid, another variant's price); when the heading is not the structured product's, rule (c);
 *   (b') without any structured price, the buy-box price;
 *   (c) without a buy-box price, structured prices in order microdata, then OpenGraph vs JSON-LD: when those two
 *       disagree, the lower (a JSON-LD `price` is the list price where OpenGraph carries the sale); within one
 *       witness, the lowest of its offers (a "from" range, variants).
 * - Currency: the currency of the witness the price came from (its markup code, else the symbol next to the
 *   visible amount as readPrice reads it); ISO 4217 only; the pre-1998 RUR is RUB.
 * - Seller: JSON-LD, then microdata, seller; else a "Sold by" line (in several languages: 販売元, 出品者, ショップ名 …);
 *   else an element named as the shop's name; else a seller/shop profile link after the heading; else a mall's
 *   shop header (a header link marked as the shop's to the first segment of the page's path).
 * - Image: og:image unless it looks like a site-wide picture (logo, share, default); else JSON-LD, microdata,
 *   then the visible main picture. Always absolute.
 * - SKU: the item number the page shows under a label (detail table "ASIN" first, then "SKU", "Product code",
 *   "Item number", "Ref." …, then an element marked as the product's reference/code); else the long number in the
 *   URL when a structured identifier (sku, productID, mpn, gtin) confirms it (the page's own product id); else
 *   JSON-LD sku/productID, microdata sku/productID, OpenGraph retailer item id; else the URL's item number (/dp/,
 *   /itm/, a letter-prefixed id after /item/ as flea markets write it, a sku or product-id query); else mpn; else
 *   the last long number of the URL path.
 * - Japanese pages: full-width digits read as ASCII; a price marked 税抜/税別 beside it yields to the 税込 one;
 *   points (ポイント, "pt") are never the price; 送料無料/送料込み beside a price are notes, not prices.
 * - Brand: JSON-LD, microdata, OpenGraph; else a "Brand" row or line on the page.
 * - Availability: structured availability (in stock when any offer is); else the buy box ("out of stock",
 *   "currently unavailable" / a buy button); else in stock when a price was read.
 */

export const LISTING_FIELDS = crawlerTasks.LISTING_FIELDS;
export type ListingField = (typeof LISTING_FIELDS)[number];
export type Listing = Partial<Record<ListingField, string>>;
/** The witness a field was read from (the contract's, as the records answer it: `ec_field_sources`). */
export type FieldSource = EcFieldSource;

export interface ProductReading {
  listing: Listing;
  sources: Partial<Record<ListingField, FieldSource>>;
  availability: 'InStock' | 'OutOfStock' | undefined;
}

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

/** ISO 4217 from a markup code: upper case, the pre-1998 codes of currencies since renamed. */
export function isoCurrency(code: string | undefined | null): string | undefined {
  const c = code?.trim().toUpperCase();
  if (!c || !/^[A-Z]{3}$/.test(c)) return undefined;
  return ({ RUR: 'RUB', BYR: 'BYN', TRL: 'TRY', ROL: 'RON', MXP: 'MXN', GHC: 'GHS', VEB: 'VES', ZMK: 'ZMW' } as Record<string, string>)[c] ?? c;
}

const num = (s: string | undefined): number | undefined => {
  if (!s) return undefined;
  const a = readPrice(s).amount;
  return a === null ? undefined : Number(a);
};
/** A structured price as written when it is a plain decimal, else as readPrice reads it. */
const plainPrice = (s: string): string | undefined => (/^\d+(\.\d+)?$/.test(s) ? s : (readPrice(s).amount ?? undefined));
const lowest = (w: Witness | undefined): string | undefined => {
  const prices = (w?.prices ?? []).map(plainPrice).filter((p): p is string => p !== undefined && Number(p) > 0);
  return prices.sort((a, b) => Number(a) - Number(b))[0];
};

const GENERIC_IMAGE = /logo|share|default|placeholder|no-?image|og-image|social/i;

export function readProduct(html: string, pageUrl: string, recipe: CrawlRecipeJson | null): ProductReading {
  const $ = cheerio.load(html);
  const listing: Listing = {};
  const sources: ProductReading['sources'] = {};
  const put = (field: ListingField, value: string | undefined, source: FieldSource) => {
    if (value !== undefined && listing[field] === undefined) {
      listing[field] = value;
      sources[field] = source;
    }
  };
  for (const [field, selector] of Object.entries(recipe?.fields ?? {})) {
    if ((LISTING_FIELDS as readonly string[]).includes(field)) put(field as ListingField, select($, selector), 'recipe');
  }

  const h1Text = clean($('h1').first().length ? visibleText($('h1').first()[0]!, true) : undefined);
  const jsonLd = fromJsonLd($, h1Text);
  const micro = fromMicrodata($, h1Text);
  const og = fromOpenGraph($);
  const order = documentOrder($);
  const heading = mainHeading($, [jsonLd?.title, micro?.title, og?.title]);
  const headingText = heading ? clean(visibleText(heading, true)) : undefined;
  const structured: [FieldSource, Witness | undefined][] = [['json-ld', jsonLd], ['microdata', micro], ['opengraph', og]];

  // Title
  put('title', jsonLd?.title, 'json-ld');
  put('title', micro?.title, 'microdata');
  put('title', headingText, 'page');
  put('title', og?.title, 'opengraph');
  put('title', clean($('title').first().text()), 'page');

  // Price and currency
  if (listing.price === undefined) {
    const spots = priceSpots($, heading, order);
    const spot = spots.find((s) => readPrice(s.text).amount !== null);
    const hints = { currencyHint: jsonLd?.currency ?? micro?.currency ?? og?.currency, pageUrl };
    // Several amounts in one buy-box text (a range, an old and a new price unmarked): the lowest.
    const several = spot ? amountsIn(spot.text).map((t) => readPrice(t, hints)).filter((r) => r.amount !== null && Number(r.amount) > 0) : [];
    const seen = several.length >= 2 ? several.sort((a, b) => Number(a.amount) - Number(b.amount))[0] : spot ? readPrice(spot.text, hints) : undefined;
    // An amount marked alone ("8,500") beside its currency sign in the element around it ("¥" "8,500"): that sign.
    if (seen?.amount && !seen.currency && spot?.el.parent?.type === 'tag') {
      const around = readPrice(visibleText(spot.el.parent), hints);
      if (around.currency && around.amount === seen.amount) Object.assign(seen, { currency: around.currency, currencyText: around.currencyText });
    }
    const seenAmount = num(seen?.amount ?? undefined);
    // A buy-box element that is itself the microdata price (itemprop=price) is that witness: its markup value counts.
    const marked = spot && /\bprice\b/.test(spot.el.attribs.itemprop ?? '') ? plainPrice(clean(spot.el.attribs.content) ?? '') : undefined;
    const agreeing: [FieldSource, Witness | undefined] | undefined =
      marked && micro?.prices.some((p) => plainPrice(p) === marked)
        ? ['microdata', micro]
        : structured.find(([, w]) => w?.prices.some((p) => seenAmount !== undefined && num(plainPrice(p)) === seenAmount));
    if (agreeing) {
      const [source, w] = agreeing;
      const value = marked && source === 'microdata' ? marked : w!.prices.map(plainPrice).find((p) => num(p) === seenAmount);
      put('price', value, source);
      put('currency', isoCurrency(w!.currency) ?? isoCurrency(seen?.currency), source);
    } else if (seen?.amount && spot && (structured.every(([, w]) => !w?.prices.length) || (spot.score > 0 && structured.some(([, w]) => sameName(w?.title, headingText))))) {
      put('price', seen.amount, 'page');
      put('currency', isoCurrency(seen.currency), 'page');
    } else {
      const jl = lowest(jsonLd);
      const o = lowest(og);
      const m = lowest(micro);
      const pick: [FieldSource, Witness | undefined, string | undefined] | undefined = m
        ? ['microdata', micro, m]
        : jl && o && isoCurrency(jsonLd?.currency) === isoCurrency(og?.currency ?? jsonLd?.currency)
          ? Number(o) < Number(jl) ? ['opengraph', og, o] : ['json-ld', jsonLd, jl]
          : jl ? ['json-ld', jsonLd, jl] : o ? ['opengraph', og, o] : undefined;
      if (pick) {
        put('price', pick[2], pick[0]);
        put('currency', isoCurrency(pick[1]?.currency), pick[0]);
      }
    }
  }
  if (listing.currency === undefined && listing.price !== undefined && sources.price === 'recipe') {
    const r = readPrice(listing.price, { pageUrl });
    put('currency', isoCurrency(r.currency), 'page');
  }

  // Seller
  for (const [source, w] of structured) {
    if (w?.seller && listing.seller === undefined) {
      put('seller', w.seller, source);
      put('sellerUrl', w.sellerUrl, source);
    }
  }
  if (listing.seller === undefined) {
    const seen = sellerOf($, heading, order, pageUrl);
    if (seen) {
      put('seller', seen.name, 'page');
      put('sellerUrl', seen.url, 'page');
    }
  }

  // Image
  if (og?.imageUrl && !GENERIC_IMAGE.test(og.imageUrl)) put('imageUrl', og.imageUrl, 'opengraph');
  put('imageUrl', jsonLd?.imageUrl, 'json-ld');
  put('imageUrl', micro?.imageUrl, 'microdata');
  put('imageUrl', mainImage($, heading, order), 'page');

  // SKU, brand, counts
  const ids = urlIds(pageUrl);
  put('listingNo', labelledSku($), 'page');
  for (const [source, w] of structured) if (ids.weak && w?.ids?.includes(ids.weak)) put('listingNo', ids.weak, source);
  put('listingNo', jsonLd?.sku, 'json-ld');
  put('listingNo', micro?.sku, 'microdata');
  put('listingNo', og?.sku, 'opengraph');
  put('listingNo', ids.strong, 'page');
  put('listingNo', jsonLd?.mpn, 'json-ld');
  put('listingNo', micro?.mpn, 'microdata');
  put('listingNo', ids.weak, 'page');
  for (const [source, w] of structured) {
    put('brand', w?.brand, source);
    put('stockCount', w?.stockCount, source);
    put('reviewCount', w?.reviewCount, source);
    put('region', w?.region, source);
  }
  put('brand', visibleBrand($), 'page');

  for (const f of ['imageUrl', 'sellerUrl'] as const) if (listing[f]) listing[f] = absolute(listing[f], pageUrl) ?? listing[f];
  listing.url = pageUrl;

  const seenAvailability = visibleAvailability($, heading, order);
  const availability = jsonLd?.availability ?? micro?.availability ?? og?.availability ?? seenAvailability ?? (listing.price !== undefined ? 'InStock' : undefined);
  return { listing, sources, availability };
}
