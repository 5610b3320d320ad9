import * as cheerio from 'cheerio';

/**
 * What a look-alike's page shows, read from its HTML (issue 32 point 3): title, visible text, images, the markup's
 * skeleton, and the signals the score is built from: a password or card form, a shop (prices with a currency and a
 * cart or payment words), a parking page, a domain for sale, an empty page. Pure: the same HTML gives the same facts.
 * Words are matched in English and in Japanese, as the sites a Japanese brand meets are in either.
 */
export interface PageFacts {
  title: string;
  /** The visible text, whitespace collapsed, NFKC (full-width letters and digits as ASCII). */
  text: string;
  /**
   * The HTML with its words left out (text nodes, comments and script bodies dropped; stylesheets kept; whitespace
   * collapsed, lower case): what a template keeps when its words change (a translated clone).
   */
  markup: string;
  images: { src: string; alt: string }[];
  password: boolean;
  card: boolean;
  /** Prices with a currency found in the text (¥1,200, 1,200円, $9.99, £9.99, €9, 9.99 USD). */
  prices: number;
  cart: boolean;
  payment: boolean;
  parked: boolean;
  forSale: boolean;
  empty: boolean;
}

const PRICE = /(?:[¥￥$£€]\s?\d[\d,]*(?:\.\d{1,2})?)|(?:\d[\d,]*(?:\.\d{1,2})?\s?(?:円|JPY|USD|EUR|GBP|yen))/gi;
const CART = /\b(?:add to (?:cart|basket|bag)|cart|basket|checkout|buy now)\b|カート|買い物かご|かごに入れる|購入する|レジに進む/i;
const PAYMENT = /\b(?:visa|mastercard|paypal|apple pay|amex|credit card|jcb)\b|クレジットカード|代金引換|銀行振込|コンビニ払い|お支払い/i;
const PARKED = /\b(?:parked (?:free|domain)|domain parking|is parked|related searches|related links|sponsored listings)\b|パーキング|関連検索/i;
const FOR_SALE = /\b(?:domain (?:name )?(?:is|may be) for sale|buy this domain|make an offer|domain for sale)\b|ドメインは販売中|このドメインを購入|ドメイン販売/i;
const CARD_FIELD = /cc-(?:number|csc|exp)|card.?(?:number|no)|cvv|cvc|security.?code|カード番号|セキュリティコード/i;

export function pageFacts(html: string): PageFacts {
  const $ = cheerio.load(html);
  const title = collapse($('title').first().text());
  $('script, noscript, template').empty();
  $('head title').empty();
  const words: string[] = [];
  $('body')
    .find('*')
    .addBack()
    .contents()
    .each((_, node) => {
      if (node.type === 'text' && !['style', 'script'].includes((node.parent as { name?: string } | null)?.name ?? '')) words.push(node.data);
    });
  const text = collapse(words.join(' '));
  $('*')
    .contents()
    .filter((_, node) => node.type === 'comment' || (node.type === 'text' && (node.parent as { name?: string } | null)?.name !== 'style'))
    .remove();
  const images = $('img')
    .map((_, el) => ({ src: $(el).attr('src') ?? '', alt: collapse($(el).attr('alt') ?? '') }))
    .get()
    .filter((i) => i.src && !i.src.startsWith('data:'));
  const inputs = $('input, select')
    .map((_, el) => [$(el).attr('type'), $(el).attr('name'), $(el).attr('id'), $(el).attr('autocomplete'), $(el).attr('placeholder')].filter(Boolean).join(' '))
    .get();
  const labels = $('label').text();
  const all = `${title} ${text}`;
  return {
    title,
    text,
    markup: $.html().replace(/\s+/g, ' ').toLowerCase(),
    images,
    password: $('input[type="password" i]').length > 0,
    card: inputs.some((i) => CARD_FIELD.test(i)) || CARD_FIELD.test(labels),
    prices: (text.match(PRICE) ?? []).length,
    cart: CART.test(all),
    payment: PAYMENT.test(all),
    parked: PARKED.test(all),
    forSale: FOR_SALE.test(all),
    empty: text.length < 20 && images.length === 0,
  };
}

const collapse = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim();

/** A shop: prices with a currency, and a cart or payment words. */
export const isShop = (f: PageFacts) => f.prices >= 2 && (f.cart || f.payment);

/**
 * The brand's words found in the title or text: each word (a brand name, a keyword, a watch word, the watched
 * domain's label with its hyphens read as spaces or left out), case and width ignored. The look-alike's own domain
 * is taken out of the text first: a parking page naming its domain is not naming the brand.
 */
export function brandWordsIn(f: PageFacts, words: readonly string[], ownDomain: string): string[] {
  const own = new RegExp(ownDomain.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), 'gi');
  const haystack = `${f.title} ${f.text}`.replace(own, ' ').toLowerCase();
  const found: string[] = [];
  for (const word of words) {
    const w = collapse(word).toLowerCase();
    if ([...w].length < 3 || found.some((f) => collapse(f).toLowerCase() === w)) continue;
    // Latin words whole (SKB is not in "skbag"); Japanese has no spaces to bound a word.
    const hit = /^[\x20-\x7e]+$/.test(w) ? new RegExp(`(?:^|[^a-z0-9])${w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:$|[^a-z0-9])`).test(haystack) : haystack.includes(w);
    if (hit) found.push(word);
  }
  return found;
}

/** The brand words of a watch: the client's brand names and keywords, the watch's words, its domains' labels. */
export function brandWordsOf(input: { brands: readonly string[]; words: readonly string[]; labels: readonly string[] }): string[] {
  const labels = input.labels.flatMap((l) => (l.includes('-') ? [l, l.replace(/-/g, ' '), l.replace(/-/g, '')] : [l]));
  return [...new Set([...input.brands, ...input.words, ...labels].map((w) => w.trim()).filter(Boolean))];
}
