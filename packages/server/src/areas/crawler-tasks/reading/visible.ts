import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';
import { siteOf } from './search-urls.js';
import { attrText, clean, fold, halfWidth, hasHiddenClass, inside, sameName, visibleText } from './text.js';

/**
 * The visible page as a person reads it: the product's heading, then the buy box after it — the price to pay, the
 * seller line, the item number, whether it can be bought. Kinds of page, not sites: nothing here names a site.
 */

/** Page furniture and other products: never the main product. Class names count as whole words. */
const CHROME_TOKEN = /^(site|page|global|main|top|primary)?[-_]?(header|footer|nav|navbar|navigation|menu|masthead|breadcrumbs?|crumbs)([-_]?(section|container|wrapper|bar|list|nav))?$/i;
const OTHERS = /related|recommend|similar|also|sponsor|carousel|upsell|cross-?sell|bundle|together|accessor|recently|viewed|compare-?products|frequently|you-?may|reviews?-/i;
const isChrome = (el: Element) =>
  el.name === 'nav' ||
  el.name === 'footer' ||
  el.attribs.role === 'navigation' ||
  el.attribs.role === 'banner' ||
  (el.name === 'header' && (el.parent as Element | null)?.name === 'body') ||
  `${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`.split(/\s+/).some((t) => CHROME_TOKEN.test(t));
const isOthers = (el: Element) => OTHERS.test(attrText(el));
const isPopup = (el: Element) => /popover|modal|dialog|tooltip|flyout/i.test(attrText(el));
const TITLE_TOKEN = /^(item|product|page|main|listing|ad|deal)?[-_]?(title|name|heading)$/i;

/** The main heading: an h1 outside page chrome with words in it (not a logo), named like the structured name when one is. */
export function mainHeading($: CheerioAPI, structuredNames: (string | undefined)[]): Element | undefined {
  const h1s = $('h1')
    .toArray()
    .filter((el) => {
      const e = el as Element;
      const text = visibleText(e, true);
      return text.length >= 2 && !inside(e, (x) => isChrome(x) || isPopup(x), 12) && !/logo/i.test(`${attrText(e)} ${text}`);
    }) as Element[];
  for (const name of structuredNames) {
    const match = h1s.find((el) => sameName(visibleText(el, true), name));
    if (match) return match;
  }
  // No structured name to match: an h1 marked as a title/name, else the longest (a promotion's h1 is short).
  const marked = h1s.find((el) => `${el.attribs.class ?? ''} ${el.attribs.id ?? ''}`.split(/\s+/).some((t) => TITLE_TOKEN.test(t)));
  if (marked) return marked;
  const longest = h1s.filter((el) => visibleText(el, true).length <= 400).sort((a, b) => visibleText(b, true).length - visibleText(a, true).length)[0];
  if (longest) return longest;
  const titled = $('[itemprop="name"], [class*="product-title"], [class*="productTitle"], [class*="product-name"], [class*="productName"], [id*="product-title"], [id*="productTitle"], [id*="product-name"]')
    .toArray()
    .find((el) => !inside(el as Element, (e) => isChrome(e) || isOthers(e) || /breadcrumb/i.test(e.attribs.itemtype ?? '')));
  return titled as Element | undefined;
}

export interface PriceSpot {
  text: string;
  el: Element;
  score: number;
}

const PRICE_ATTR = /price|preis|prix|precio|prezzo|preco|cena|цена|hinta|kaina|amount|bid|betrag|fiyat|価格|값/i;
const OLD = /(^|[^a-z])(old|was|list|regular|original|before|strike|striked|crossed|rrp|uvp|msrp|compare|former|retail|reference|base-?price|prev|discount-?amount|saving|save)/i;
const NOT_PRICE = /point|conv|approx|total|subtotal|basket|minicart|cart-?count|shipping|delivery|per-?unit|unit-?price|installment|financ|monthly|estimate|starting|start-?price|range-?label|tax-?free|excl/i;
const NOW = /sale|special|current|now|final|offer|deal|our|actual|selling|main|buy|bid-?price|display|primary/i;
/** A list price's label just before the amount ("Was:", "UVP", "Statt"). */
const OLD_LABEL = /(?<!\p{L})(was|before|list price|list|rrp|msrp|uvp|statt|bisher|prix conseillé|au lieu de|antes|prima|было|通常価格|定価|정가)\s*[:：]?\s*$/iu;
/** An amount written with a currency sign or code. */
export const CURRENCY_AMOUNT = /([$£€¥₹₽₩₪]|\b(USD|EUR|GBP|JPY|CHF|SEK|NOK|DKK|PLN|CZK|RUB|INR|CAD|AUD)\b)\s?[1-9]\d*([.,]\d+)*|[1-9]\d*([.,\s]\d+)*\s?([$£€¥₹₽₩₪円원]|zł|kr|Kč|Lei|руб|\b(USD|EUR|GBP|JPY|CHF|SEK|NOK|DKK|PLN|CZK|RUB|INR)\b)/;
/** Texts near prices that are not the price: a discount, a saving, free delivery over an amount, instalments. */
const NOT_PRICE_TEXT = /%|ポイント|\d\s?pt\b|\b(off|save|saving|you save|sparen|sie sparen|économisez|ahorra|risparmi|free|gratis|kostenlos|gratuit|over|per month|a month|\/\s?mo|monthly|monatlich|par mois|al mes)\b/i;
/** A unit price ("(36,17 € / kg)"), not the item's. */
const UNIT = /^\(.*\)$|\/\s*\d*\s*(kg|g|l|ml|cl|m|m2|m²|oz|lb|st|stk|pc|pcs|piece|unit|each|100\s?g|100\s?ml)\b/i;
const STRUCK = (el: Element) => /^(del|s|strike)$/.test(el.name) || /line-through/.test(el.attribs.style ?? '') || OLD.test(attrText(el));

/**
 * Price spots of the buy box: elements marked as a price (class, id, itemprop) with a short text holding a number,
 * outside struck-through/list prices, page chrome and other products. Scored by distance after the heading and by
 * marks of the price to pay now (sale, current bid, tax included).
 */
export function priceSpots($: CheerioAPI, heading: Element | undefined, order: Map<Element, number>): PriceSpot[] {
  const h = heading ? (order.get(heading) ?? 0) : 0;
  const spots: PriceSpot[] = [];
  $('body *').each((_i, node) => {
    const el = node as Element;
    if (/^(script|style|option|select|input|button|a|meta|link|del|s|strike)$/.test(el.name)) return;
    const attrs = attrText(el);
    if (!PRICE_ATTR.test(attrs)) return;
    if (NOT_PRICE.test(attrs) || inside(el, (e) => STRUCK(e) || isChrome(e) || isOthers(e) || NOT_PRICE.test(attrText(e)) || e.attribs['aria-hidden'] === 'true' || hasHiddenClass(e) || /display\s*:\s*none/i.test(e.attribs.style ?? ''), 10)) return;
    const text = halfWidth(visibleText(el, false, STRUCK));
    if (text.length === 0 || text.length > 60 || !/\d/.test(text) || UNIT.test(text) || NOT_PRICE_TEXT.test(text)) return;
    // Innermost marked element that still holds the whole price.
    const pos = order.get(el) ?? 0;
    const before = el.parent && el.parent.type === 'tag' ? visibleText(el.parent as Element, false, STRUCK) : '';
    const at = before.indexOf(text);
    if (at > 0 && OLD_LABEL.test(before.slice(Math.max(0, at - 30), at))) return;
    const parentText = el.parent && el.parent.type === 'tag' ? halfWidth(visibleText(el.parent as Element)).slice(0, 160) : '';
    let score = 0;
    const d = pos - h;
    score += heading ? (d >= 0 ? Math.max(0, 40 - d / 25) : Math.max(-30, d / 50)) : 0;
    if (NOW.test(attrs)) score += 8;
    if (el.attribs.itemprop === 'price') score += 6;
    if (/税込|incl|inkl|inc\.? ?vat|ttc|iva incl|tax incl/i.test(text + ' ' + parentText)) score += 6;
    if (/税抜|税別|excl|zzgl|ex\.? ?vat|\bht\b|plus tax|\+ ?tax/i.test(text)) score -= 20;
    // "1,800円（税抜）" beside its amount: the tax-excluded price, below the tax-included one
    else if (/税抜|税別/.test(parentText) && !/税込/.test(parentText)) score -= 20;
    if (/start|opening|estimate|départ|startpreis|mise à prix|prezzo base|precio de salida/i.test(parentText)) score -= 8;
    if (/current bid|aktuelles gebot|enchère actuelle|offerta attuale|puja actual/i.test(parentText)) score += 10;
    spots.push({ text, el, score });
  });
  // Of nested spots, keep the innermost.
  const inner = spots.filter((s) => !spots.some((o) => o !== s && inside(o.el, (e) => e === s.el && e !== o.el, 8)));
  if (inner.length === 0 && heading) {
    // No element is marked as a price (old table layouts): the first amount with a currency after the heading.
    for (const el of labelled($, CURRENCY_AMOUNT)) {
      const pos = order.get(el) ?? 0;
      if (pos <= h || pos > h + 400) continue;
      const text = visibleText(el, false, STRUCK);
      if (text.length > 80 || !CURRENCY_AMOUNT.test(text) || /%|free|over|delivery|shipping|postage|versand|livraison|envío|basket|cart/i.test(text) || inside(el, (e) => STRUCK(e) || isChrome(e) || isOthers(e), 10)) continue;
      return [{ text, el, score: 0 }];
    }
  }
  return inner.sort((a, b) => b.score - a.score);
}

/** Elements holding a text node that matches `re` (page chrome included; callers judge). */
function labelled($: CheerioAPI, re: RegExp): Element[] {
  const found: Element[] = [];
  const walk = (n: AnyNode) => {
    if (n.type === 'text') {
      const data = (n as unknown as { data: string }).data;
      if (data.length < 300 && re.test(data) && n.parent && n.parent.type === 'tag') found.push(n.parent as Element);
      return;
    }
    if (n.type !== 'tag' && n.type !== 'root') return;
    const el = n as Element;
    if (n.type === 'tag' && /^(script|style|noscript|template)$/i.test(el.name)) return;
    for (const c of el.children) walk(c);
  };
  for (const root of $.root().toArray()) walk(root);
  return found;
}

const SOLD_BY =
  /(?:ships from and sold by|dispatched from and sold by|sold and shipped by|sold by|seller\s*:|verkauf und versand durch|versand und verkauf durch|verkauf durch|verkauft von|verkäufer\s*:|expédié et vendu par|vendu et expédié par|vendu par|vendeur\s*:|vendido y enviado por|vendido por|vendedor\s*:|venduto e spedito da|venduto da|venditore\s*:|sprzedawca\s*:|продавец\s*:|販売元\s*[:：]?|販売者\s*[:：]?|出品者\s*[:：]?|ショップ名?\s*[:：]|店舗名?\s*[:：]|판매자\s*[:：]?)\s*/i;
const GENERIC_LINK = /^(visit|see|view|more|all|contact|follow|shop now|store|shop|seller|sellers|profile|details|info|ask|message|\d+)\b/i;
const SELLER_HREF = /\/(seller|sellers|usr|user|shop|shops|store|stores|merchant|merchants|vendor|vendors|auctioneer|auctioneers|boutique|tienda|negozio)(\/|\.|$)|[?&](seller|sellerid|seller_id|merchant|merchantid|shop_id|shopid|vendor)=/i;
const SELLER_ATTR = /(shop|store|seller|merchant|vendor)[-_]?(name|title)/i;

/** A profile link names its seller: every word of the text is in the link's path or query ("/usr/jane-doe"). */
function namedByLink(text: string, href: string): boolean {
  let words: Set<string>;
  try {
    const u = new URL(href, 'http://x');
    words = new Set(fold(decodeURIComponent(u.pathname + ' ' + [...u.searchParams.values()].join(' ')).replace(/([a-z])([A-Z])/g, '$1 $2')).split(' '));
  } catch {
    return false;
  }
  const own = fold(text.replace(/([a-z])([A-Z])/g, '$1 $2')).split(' ').filter((w) => w.length >= 2);
  return own.length > 0 && own.every((w) => words.has(w));
}

/** The seller: a "Sold by" line, an element named like a shop name, or a seller profile link near the buy box. */
/** A page's first path segment on its site ("mall.example.jp/kitchen-hiroba"), when the path has more segments after it. */
function shopTopOf(href: string, base?: string): string | undefined {
  try {
    const u = new URL(href, base);
    const segments = u.pathname.split('/').filter(Boolean);
    return segments.length >= 1 ? `${siteOf(u.hostname)}/${decodeURIComponent(segments[0]!)}` : undefined;
  } catch {
    return undefined;
  }
}
/** A link to a first-level page ("/kitchen-hiroba/"), not to another item under it. */
function isTopLink(href: string, base: string): boolean {
  try {
    return new URL(href, base).pathname.split('/').filter(Boolean).length === 1 && new URL(base).pathname.split('/').filter(Boolean).length >= 2;
  } catch {
    return false;
  }
}

export function sellerOf($: CheerioAPI, heading: Element | undefined, order: Map<Element, number>, pageUrl?: string): { name: string; url?: string } | undefined {
  const h = heading ? (order.get(heading) ?? 0) : 0;
  const usable = (el: Element) => !inside(el, (e) => isChrome(e) || isOthers(e) || /^(script|style|option)$/.test(e.name), 10);
  // 1. A labelled line: the label's text node, then its element (or the one above while that holds only the label).
  for (const el of labelled($, SOLD_BY)) {
    let box: Element | null = el;
    for (let up = 0; box && up < 3; up++, box = box.parent && box.parent.type === 'tag' ? (box.parent as Element) : null) {
      const text = visibleText(box);
      if (text.length > 200 || !usable(box)) break;
      const m = SOLD_BY.exec(text);
      if (!m) break;
      const after = text.slice(m.index + m[0].length).replace(/^[\s:：\-–]+/, '');
      if (!/\p{L}/u.test(after)) continue;
      const link = $(box).find('a').toArray().find((a) => {
        const t = visibleText(a as Element);
        return t.length >= 2 && after.startsWith(t.slice(0, 10)) && !GENERIC_LINK.test(t);
      }) as Element | undefined;
      const name = link ? visibleText(link) : after.split(/\s*(?:[.|,;(]\s|\.$|\s[-–]\s|\s{2,}|$)/)[0];
      const n = clean(name?.replace(/\.$/, ''));
      if (n && n.length <= 80 && /\p{L}/u.test(n)) return { name: n, url: link?.attribs.href };
      break;
    }
  }
  // 2. An element named as the shop's name.
  for (const el of $('[class], [id]').toArray() as Element[]) {
    if (!SELLER_ATTR.test(attrText(el)) || !usable(el)) continue;
    const n = clean(visibleText(el));
    if (n && n.length <= 80 && !GENERIC_LINK.test(n) && !SOLD_BY.test(n)) {
      const a = el.name === 'a' ? el : ($(el).find('a[href]').first()[0] as Element | undefined) ?? ($(el).closest('a[href]')[0] as Element | undefined);
      return { name: n, url: a?.attribs.href };
    }
  }
  // 3. A seller profile link after the heading.
  for (const el of $('a[href]').toArray() as Element[]) {
    if (heading && (order.get(el) ?? 0) < h) continue;
    const href = el.attribs.href ?? '';
    if (!SELLER_HREF.test(href) || !usable(el)) continue;
    const n = clean(visibleText(el));
    if (n && n.length >= 2 && n.length <= 60 && !GENERIC_LINK.test(n) && /\p{L}/u.test(n) && namedByLink(n, href)) return { name: n, url: href };
  }
  // 4. A mall's shop header: a link in the page header, marked as the shop's, to the shop's own top page (the
  //    first segment of this page's path on the same site: "/kitchen-hiroba/" above "/kitchen-hiroba/kt-2001/").
  const shopTop = pageUrl ? shopTopOf(pageUrl) : undefined;
  for (const el of $('a[href]').toArray() as Element[]) {
    if (!shopTop || shopTopOf(el.attribs.href ?? '', pageUrl) !== shopTop || !isTopLink(el.attribs.href ?? '', pageUrl!)) continue;
    if (!inside(el, (e) => isChrome(e) && e.name !== 'nav' && e.name !== 'footer' && e.attribs.role !== 'navigation', 10)) continue;
    if (inside(el, (e) => e.name === 'nav' || e.name === 'footer' || e.attribs.role === 'navigation' || /menu|nav/i.test(attrText(e)), 10)) continue;
    if (!inside(el, (e) => /(^|[^a-z])(shop|store|merchant|seller)/i.test(attrText(e)), 3)) continue;
    const n = clean(visibleText(el));
    if (n && n.length >= 2 && n.length <= 60 && !GENERIC_LINK.test(n) && !/^(home|top|トップ)$/i.test(n) && /\p{L}/u.test(n)) return { name: n, url: el.attribs.href };
  }
  return undefined;
}

const SKU_LABELS = String.raw`(ASIN|SKU|Item number|Item no\.?|Item #|Product code|Product number|Product ID|Art(?:ikel)?[.-]?\s*Nr\.?|Artikelnummer|Bestellnummer|Numéro de l'objet(?: eBay)?|Numéro d'article|Référence|Réf\.?|Ref\.?|Reference|Código(?: del producto)?|Codice(?: articolo)?|Numero oggetto|Número de artículo|Kod produktu|Cod produs|Код товара|Код|Артикул|商品番号|商品コード|商品ID|管理番号|品番|상품번호|קוד מוצר|מק"ט)`;
const SKU_LABEL = new RegExp(String.raw`(?:^|[\s(|])${SKU_LABELS}\s*[:：#.\-–]?\s*([A-Za-z0-9][A-Za-z0-9\-/_.]{2,40})`, 'iu');
const SKU_LABEL_ONLY = new RegExp(String.raw`(?:^|[\s(|])${SKU_LABELS}(?![\p{L}])`, 'iu');
const SKU_ATTR = /(product|item|article|style|prod)[-_]?(reference|ref|code|number|no|id)\b|(^|[\s_-])(sku|asin)($|[\s_-])/i;
const SKU_VALUE = /^[A-Za-z0-9][A-Za-z0-9\-/_.]{2,40}$/;

/**
 * The item number the page shows, as a person reads it: a labelled value ("ASIN | B00…" in a detail table,
 * "SKU: 123", "Product code: 123", "Ref. 1234/567"), else an element marked as the product's reference or code.
 * An ASIN label outranks the others (a model number is not the listing's number).
 */
export function labelledSku($: CheerioAPI): string | undefined {
  const found: { rank: number; value: string }[] = [];
  const rankOf = (label: string) => (/^asin$/i.test(label) ? 0 : 1);
  const usable = (el: Element) => !inside(el, (e) => isChrome(e) || isOthers(e));
  for (const row of $('tr, dl').toArray() as Element[]) {
    const cells = $(row).children('th, td, dt, dd').toArray() as Element[];
    for (let i = 0; i + 1 < cells.length; i++) {
      const label = new RegExp(String.raw`^${SKU_LABELS}\s*[:：]?$`, 'iu').exec(visibleText(cells[i]!));
      const v = clean(visibleText(cells[i + 1]!));
      if (label && v && SKU_VALUE.test(v) && /\d/.test(v) && usable(row)) found.push({ rank: rankOf(label[1]!), value: v });
    }
  }
  for (const el of labelled($, SKU_LABEL_ONLY)) {
    let box: Element | null = el;
    for (let up = 0; box && up < 2; up++, box = box.parent && box.parent.type === 'tag' ? (box.parent as Element) : null) {
      const text = visibleText(box);
      if (text.length > 160) break;
      const m = SKU_LABEL.exec(text);
      if (m && /\d/.test(m[2]!) && usable(box)) {
        found.push({ rank: rankOf(m[1]!), value: m[2]!.replace(/[.]$/, '') });
        break;
      }
    }
  }
  for (const el of $('body *').toArray() as Element[]) {
    if (/^(input|script|meta|form|a|button|style)$/.test(el.name) || !SKU_ATTR.test(attrText(el))) continue;
    const v = clean(visibleText(el));
    if (v && SKU_VALUE.test(v) && /\d/.test(v) && usable(el)) found.push({ rank: 2, value: v });
  }
  return found.sort((a, b) => a.rank - b.rank)[0]?.value;
}

const BRAND_LABEL = /^(brand|marke|marque|marca|merk|marka|бренд|производитель|ブランド|メーカー|브랜드|מותג)\s*[:：]?\s*(.*)$/iu;
/** The brand the page shows: a "Brand" row of a detail table, or a "Brand: X" line. */
export function visibleBrand($: CheerioAPI): string | undefined {
  for (const row of $('tr, dl').toArray() as Element[]) {
    const cells = $(row).children('th, td, dt, dd').toArray() as Element[];
    if (cells.length >= 2 && BRAND_LABEL.test(visibleText(cells[0]!)) && !BRAND_LABEL.exec(visibleText(cells[0]!))![2]) {
      const v = clean(visibleText(cells[1]!));
      if (v && v.length <= 60) return v;
    }
  }
  for (const el of labelled($, /^\s*(brand|marke|marque|marca|бренд|ブランド|브랜드)\s*[:：]/i)) {
    const v = clean(BRAND_LABEL.exec(visibleText(el))?.[2]);
    if (v && v.length <= 60) return v;
  }
  return undefined;
}

/** The item number a URL carries: an Amazon-style /dp/ASIN, an /itm/ number, a sku/product id query, else the last long number of the path. */
export function urlIds(pageUrl: string): { strong?: string; weak?: string } {
  let u: URL;
  try {
    u = new URL(pageUrl);
  } catch {
    return {};
  }
  const path = decodeURIComponent(u.pathname);
  const strong = /\/(?:dp|gp\/product|gp\/aw\/d)\/([A-Z0-9]{10})(?:[/?]|$)/.exec(path)?.[1] ?? /\/itm\/(?:[^/]+\/)?(\d{9,14})(?:[/?]|$)/.exec(path)?.[1];
  // a flea market's item id: one or two letters and a long number after /item/ ("/item/m12345678901")
  const lettered = /\/(?:item|items|product|products|goods)\/([a-z]{1,2}\d{8,14})\/?$/i.exec(path)?.[1];
  let query: string | undefined;
  for (const [k, v] of u.searchParams) if (/^(child_?)?sku$|^(product|item|prod)_?id$|^pid$|^iid$/i.test(k) && /^[\w-]{3,40}$/.test(v)) query ??= v;
  const numbers = path.match(/\d{5,}/g);
  return { strong: strong ?? lettered ?? query, weak: numbers?.at(-1) };
}

const OUT = /currently unavailable|out of stock|sold out|no longer available|not available|unavailable|derzeit nicht verfügbar|nicht (mehr )?verfügbar|ausverkauft|nicht auf lager|non disponibile|esaurito|épuisé|rupture de stock|indisponible|agotado|no disponible|niedostępny|нет в наличии|在庫切れ|在庫なし|在庫がありません|売り切れ|売切れ|品切れ|完売|販売終了|품절/i;
const BUY = /add to (cart|bag|basket|trolley)|buy now|in den (einkaufswagen|warenkorb)|jetzt kaufen|ajouter au panier|acheter|aggiungi al carrello|añadir al carrito|comprar|do koszyka|в корзину|カートに入れる|購入|장바구니|place bid|bid now|enchérir/i;

/** Whether the buy box says the item cannot be bought now, or offers to buy it. */
export function visibleAvailability($: CheerioAPI, heading: Element | undefined, order: Map<Element, number>): 'InStock' | 'OutOfStock' | undefined {
  const h = heading ? (order.get(heading) ?? 0) : 0;
  let buy = false;
  for (const el of $('body *').toArray() as Element[]) {
    if (/^(script|style|noscript|option|html|body)$/.test(el.name)) continue;
    const pos = order.get(el) ?? 0;
    if (heading && (pos < h - 50 || pos > h + 3000)) continue;
    const own = el.children.filter((c) => c.type === 'text').map((c) => (c as unknown as { data: string }).data).join(' ');
    const text = own.trim() || (el.name === 'input' ? (el.attribs.value ?? '') : '');
    if (!text || text.length > 80) continue;
    if (inside(el, (e) => isChrome(e) || isOthers(e) || e.attribs['aria-hidden'] === 'true' || /display\s*:\s*none/i.test(e.attribs.style ?? ''), 10)) continue;
    if (OUT.test(text)) return 'OutOfStock';
    if (BUY.test(text)) buy = true;
  }
  return buy ? 'InStock' : undefined;
}

/** The main picture: an image marked as main/primary/hero/zoom, else the first large-looking image after the heading. */
export function mainImage($: CheerioAPI, heading: Element | undefined, order: Map<Element, number>): string | undefined {
  const src = (el: Element) => clean(el.attribs['data-old-hires'] || el.attribs['data-zoom-image'] || el.attribs['data-large'] || el.attribs['data-src'] || el.attribs.src);
  const imgs = ($('img').toArray() as Element[]).filter((el) => {
    const s = src(el);
    return s && !s.startsWith('data:') && !/logo|sprite|icon|pixel|spacer|blank|loading|placeholder|\.gif($|\?)|\.svg($|\?)/i.test(s.replace(/^.*\//, '')) && !inside(el, (e) => isChrome(e) || isOthers(e), 10);
  });
  const marked = imgs.find((el) => inside(el, (e) => /main|primary|hero|landing|zoom|gallery|product-?image|large/i.test(attrText(e) + ' ' + (e.attribs.name ?? '')), 4));
  if (marked) return src(marked);
  const h = heading ? (order.get(heading) ?? 0) : 0;
  const near = imgs
    .filter((el) => !(Number(el.attribs.width) > 0 && Number(el.attribs.width) < 100))
    .sort((a, b) => Math.abs((order.get(a) ?? 0) - h) - Math.abs((order.get(b) ?? 0) - h));
  return near[0] ? src(near[0]) : undefined;
}

/** The amounts of a text that writes several (a "from – to" range, an old and a new price), without parentheses. */
export function amountsIn(text: string): string[] {
  return text.replace(/\([^)]*\)/g, ' ').match(new RegExp(CURRENCY_AMOUNT.source, 'g')) ?? [];
}
