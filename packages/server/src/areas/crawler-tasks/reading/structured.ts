import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { clean, sameName, visibleText } from './text.js';

/** What one source of a page says about its product (structured data: JSON-LD, microdata, OpenGraph). */
export interface Witness {
  title?: string;
  /** Every price the source gives for the product (offers, variants, a low/high range), as written. */
  prices: string[];
  currency?: string;
  seller?: string;
  sellerUrl?: string;
  imageUrl?: string;
  brand?: string;
  sku?: string;
  /** Every identifier the source gives (sku, productID, mpn, gtin): to confirm the URL's item number. */
  ids?: string[];
  /** Manufacturer part number: an SKU of last resort. */
  mpn?: string;
  availability?: 'InStock' | 'OutOfStock';
  stockCount?: string;
  reviewCount?: string;
  region?: string;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (v === undefined || v === null ? [] : Array.isArray(v) ? v : [v]);
const first = (v: unknown): unknown => list(v)[0];
const nameOf = (v: unknown): string | undefined => clean(isObject(first(v)) ? (first(v) as Json).name : first(v));
const typeIs = (v: Json, re: RegExp) => list(v['@type']).some((t) => typeof t === 'string' && re.test(t.replace(/^.*[/:#]/, '')));
const PRODUCT = /^(product|productgroup|individualproduct|productmodel|vehicle|car|book)$/i;
/** Control characters (U+0000–U+001F) as spaces. */
const noControls = (s: string) => Array.from(s, (c) => (c.charCodeAt(0) < 32 ? ' ' : c)).join('');
const decode = (s: string | undefined) => s?.replace(/&amp;/g, '&');

/** schema.org availability in any spelling: a URL, "InStock", "in stock", "out_of_stock". */
export function availabilityOf(v: unknown): 'InStock' | 'OutOfStock' | undefined {
  const s = String(first(v) ?? '').toLowerCase().replace(/[^a-z]/g, '');
  if (!s) return undefined;
  if (/outofstock|soldout|discontinued|unavailable|oos$/.test(s)) return 'OutOfStock';
  if (/instock|limitedavailability|onlineonly|instoreonly|preorder|presale|available/.test(s)) return 'InStock';
  return undefined;
}

/** The Product nodes of the page's JSON-LD blocks (`@graph`, arrays, nested `mainEntity`; any case of `@type`). */
export function jsonLdProducts($: CheerioAPI): Json[] {
  const products: Json[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 8 || products.length > 50) return;
    if (Array.isArray(v)) return v.forEach((x) => walk(x, depth + 1));
    if (!isObject(v)) return;
    if (typeIs(v, PRODUCT)) products.push(v);
    for (const key of ['@graph', 'mainEntity', 'itemOffered']) if (v[key]) walk(v[key], depth + 1);
  };
  $('script[type="application/ld+json"]').each((_i, el) => {
    const text = $(el).text().trim();
    try {
      walk(JSON.parse(text), 0);
    } catch {
      try {
        // Control characters inside strings are a common fault of hand-written blocks.
        walk(JSON.parse(noControls(text)), 0);
      } catch {
        // a broken block is skipped
      }
    }
  });
  return products;
}

/** Rule: of several Product nodes, the one named like the page's heading; else the first with an offer; else the first. */
export function pickByName<T>(items: T[], nameOf: (t: T) => string | undefined, heading: string | undefined, hasOffer: (t: T) => boolean): T | undefined {
  if (items.length <= 1) return items[0];
  return items.find((t) => sameName(nameOf(t), heading)) ?? items.find(hasOffer) ?? items[0];
}

export function fromJsonLd($: CheerioAPI, heading: string | undefined): Witness | undefined {
  const products = jsonLdProducts($);
  const p = pickByName(products, (x) => clean(x.name), heading, (x) => x.offers !== undefined);
  if (!p) return undefined;
  const w: Witness = { prices: [] };
  w.title = clean(p.name);
  const image = first(p.image);
  w.imageUrl = decode(clean(isObject(image) ? (image.url ?? image.contentUrl) : image));
  w.brand = nameOf(p.brand) ?? nameOf(p.manufacturer);
  w.sku = clean(p.sku ?? p.productID ?? p.productId);
  w.ids = [p.sku, p.productID, p.productId, p.mpn, p.gtin13, p.gtin].map((v) => (typeof v === 'number' ? String(v) : clean(v))).filter((v): v is string => v !== undefined);
  w.mpn = clean(p.mpn);
  const offers = list(p.offers).filter(isObject);
  for (const offer of offers) {
    const inner = list(offer.offers).filter(isObject);
    for (const o of [offer, ...inner]) {
      const spec = first(o.priceSpecification);
      for (const v of [o.price, o.lowPrice, isObject(spec) ? spec.price : undefined]) {
        const s = typeof v === 'number' ? String(v) : clean(v);
        if (s) w.prices.push(s);
      }
      w.currency ??= clean(o.priceCurrency ?? (isObject(spec) ? spec.priceCurrency : undefined));
      // Several offers (sizes, colours): in stock when any of them is.
      const av = availabilityOf(o.availability);
      if (av && w.availability !== 'InStock') w.availability = av;
      const seller = first(o.seller ?? o.offeredBy);
      w.seller ??= nameOf(seller);
      if (isObject(seller)) w.sellerUrl ??= clean(seller.url);
      w.stockCount ??= clean(isObject(o.inventoryLevel) ? o.inventoryLevel.value : o.inventoryLevel);
      w.region ??= clean(nameOf(o.availableAtOrFrom) ?? nameOf(o.areaServed) ?? nameOf(isObject(o.shippingDetails) ? o.shippingDetails.shippingOrigin : undefined));
    }
  }
  const rating = first(p.aggregateRating);
  if (isObject(rating)) w.reviewCount = clean(rating.reviewCount ?? rating.ratingCount);
  return w;
}

/** An item's own properties: elements with `itemprop` whose nearest enclosing item is `scope`. */
function itemProps($: CheerioAPI, scope: Element): Map<string, Element[]> {
  const props = new Map<string, Element[]>();
  $(scope)
    .find('[itemprop]')
    .each((_i, node) => {
      const el = node as Element;
      let owner = el.parent as Element | null;
      while (owner && owner.type === 'tag' && owner.attribs.itemscope === undefined) owner = owner.parent as Element | null;
      if (owner !== scope) return;
      for (const name of (el.attribs.itemprop ?? '').split(/\s+/)) if (name) props.set(name, [...(props.get(name) ?? []), el]);
    });
  return props;
}

function propValue($: CheerioAPI, el: Element | undefined): string | undefined {
  if (!el) return undefined;
  const a = el.attribs;
  if (a.content !== undefined) return clean(a.content);
  if (el.name === 'img' || el.name === 'source') return clean(a.src ?? a['data-src']);
  if (el.name === 'link' || el.name === 'a') return clean(a.href) ?? clean(visibleText(el, true));
  if (el.name === 'meta') return clean(a.value);
  return clean(visibleText(el, true)) ?? clean($(el).text());
}

export function fromMicrodata($: CheerioAPI, heading: string | undefined): Witness | undefined {
  const isProduct = (el: Element) => /schema\.org\/(Product|IndividualProduct|ProductModel|Vehicle|Car)\b/i.test(el.attribs.itemtype ?? '');
  // Top-level products only: a Product that is some other item's property (isRelatedTo, isSimilarTo) is not the page's.
  const scopes = $('[itemscope][itemtype]')
    .toArray()
    .filter((el) => isProduct(el as Element) && (el as Element).attribs.itemprop === undefined) as Element[];
  const props = scopes.map((s) => itemProps($, s));
  const nameAt = (i: number) => propValue($, props[i]?.get('name')?.[0]);
  const index = pickByName(
    scopes.map((_s, i) => i),
    nameAt,
    heading,
    (i) => props[i]!.has('offers'),
  );
  if (index === undefined) return undefined;
  const p = props[index]!;
  const get = (m: Map<string, Element[]>, name: string) => propValue($, m.get(name)?.[0]);
  const w: Witness = { prices: [] };
  w.title = get(p, 'name');
  w.imageUrl = get(p, 'image');
  w.sku = get(p, 'sku') ?? get(p, 'productID');
  w.mpn = get(p, 'mpn');
  w.ids = [w.sku, w.mpn, get(p, 'productID')].filter((v): v is string => v !== undefined);
  const brand = p.get('brand')?.[0];
  w.brand = brand && brand.attribs.itemscope !== undefined ? get(itemProps($, brand), 'name') : get(p, 'brand');
  // Offers, and offers nested in offers (an offer block inside the page's offer area).
  const offerProps: Map<string, Element[]>[] = [];
  const addOffers = (m: Map<string, Element[]>, depth: number) => {
    for (const o of m.get('offers') ?? []) {
      if (o.attribs.itemscope === undefined || depth > 3) continue;
      const op = itemProps($, o);
      offerProps.push(op);
      addOffers(op, depth + 1);
    }
  };
  addOffers(p, 0);
  for (const m of [p, ...offerProps]) {
    for (const name of ['price', 'lowPrice']) for (const el of m.get(name) ?? []) {
      const v = propValue($, el);
      if (v) w.prices.push(v);
    }
    w.currency ??= get(m, 'priceCurrency');
    const av = availabilityOf(get(m, 'availability'));
    if (av && w.availability !== 'InStock') w.availability = av;
    const seller = m.get('seller')?.[0];
    if (seller && !w.seller) {
      const sp = seller.attribs.itemscope !== undefined ? itemProps($, seller) : undefined;
      w.seller = sp ? get(sp, 'name') : propValue($, seller);
      w.sellerUrl = sp ? get(sp, 'url') : undefined;
    }
  }
  return w;
}

export function fromOpenGraph($: CheerioAPI): Witness | undefined {
  const meta = (...names: string[]) => {
    for (const n of names) {
      const v = clean($(`meta[property="${n}"], meta[name="${n}"]`).first().attr('content'));
      if (v) return v;
    }
    return undefined;
  };
  const w: Witness = { prices: [] };
  w.title = meta('og:title');
  w.imageUrl = meta('og:image', 'og:image:secure_url', 'og:image:url');
  const price = meta('product:price:amount', 'og:price:amount', 'product:sale_price:amount', 'og:price');
  if (price) w.prices.push(price);
  w.currency = meta('product:price:currency', 'og:price:currency', 'product:sale_price:currency');
  w.availability = availabilityOf(meta('product:availability', 'og:availability'));
  w.brand = meta('product:brand', 'og:brand');
  w.sku = meta('product:retailer_item_id', 'product:sku');
  return w;
}
