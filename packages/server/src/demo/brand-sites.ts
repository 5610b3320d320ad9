import { OTHER_LOGO, SAKURA_LOGO, SHOP_LOGOS } from './brand-logo.js';
import { EMPTY_PAGE, forSalePage, parkedPage, PHISHING_FORM, SHOPS, shopPage, type ShopName } from './brand-site-others.js';
import { OFFICIAL_EN, OFFICIAL_JA, officialTemplate, retemplatedTemplate } from './brand-site-official.js';

/**
 * Fixture web sites of the demo brand SAKURA BEAUTY (demo client Sakura Cosmetics, official domain
 * sakura-beauty.jp), for look-alike domain pages (issue 32 point 3): the official site, four clones of it, a
 * phishing copy, shops of other brands, a parking page, a domain-for-sale page and an empty page. One function
 * answers a request path for a variant, so the tests, the page-similarity benchmark and the demo's web server all
 * serve the same bytes. Everything is computed, nothing random: the same variant gives the same bytes every time.
 */
export const OFFICIAL_DOMAIN = 'sakura-beauty.jp';
export const BRAND_KEYWORDS = ['sakura beauty', 'さくらビューティー', 'SKB'] as const;

export const CLONE_VARIANTS = ['identical', 'retemplated', 'translated', 'changed-logo'] as const;
export const SHOP_VARIANTS = ['shop-outdoor', 'shop-tea', 'shop-electronics', 'shop-cosmetics'] as const;
export const BRAND_SITE_VARIANTS = ['official', ...CLONE_VARIANTS, 'phishing', ...SHOP_VARIANTS, 'parked', 'for-sale', 'empty'] as const;
export type BrandSiteVariant = (typeof BRAND_SITE_VARIANTS)[number];

/**
 * A domain for each variant other than the official one, each made by the watch's own permutations of
 * sakura-beauty.jp with its default fuzzers and keywords (a test checks it), for the demo's DNS zone.
 */
export const BRAND_SITE_DOMAINS: Record<Exclude<BrandSiteVariant, 'official'>, string> = {
  identical: 'sakura-beauty-store.jp',
  retemplated: 'sakura-beautty.jp',
  translated: 'sakurabeauty.jp',
  'changed-logo': 'sakura-baeuty.jp',
  phishing: 'sakura-beauty-online.jp',
  'shop-outdoor': 'sakura-beuty.jp',
  'shop-tea': 'sakure-beauty.jp',
  'shop-electronics': 'sakura-beauty-shop.jp',
  'shop-cosmetics': 'sakura-beauty-japan.jp',
  parked: 'sakura-beauty-sale.jp',
  'for-sale': 'sakura-beauty-outlet.jp',
  empty: 'sakura-beauy.jp',
};

export interface BrandSiteResponse {
  status: number;
  contentType: string;
  body: Buffer;
}

const LOGO_PATH = '/img/logo.png';
const html = (s: string): BrandSiteResponse => ({ status: 200, contentType: 'text/html; charset=utf-8', body: Buffer.from(s, 'utf8') });
const png = (b: Buffer): BrandSiteResponse => ({ status: 200, contentType: 'image/png', body: b });

function homePage(variant: BrandSiteVariant): string {
  switch (variant) {
    case 'official':
    case 'identical':
      return officialTemplate(OFFICIAL_EN, LOGO_PATH);
    case 'retemplated':
      return retemplatedTemplate(OFFICIAL_EN, '/images/brand.png');
    case 'translated':
      return officialTemplate(OFFICIAL_JA, LOGO_PATH);
    case 'changed-logo':
      // The clone keeps the page and swaps the mark (a reseller's or its own), under another file name.
      return officialTemplate(OFFICIAL_EN, '/img/mark.png');
    case 'phishing':
      return officialTemplate({ ...OFFICIAL_EN, title: 'SAKURA BEAUTY — Sign in' }, LOGO_PATH, PHISHING_FORM);
    case 'parked':
      return parkedPage(BRAND_SITE_DOMAINS.parked);
    case 'for-sale':
      return forSalePage(BRAND_SITE_DOMAINS['for-sale']);
    case 'empty':
      return EMPTY_PAGE;
    default: {
      const shop = variant.slice('shop-'.length) as ShopName;
      return shopPage(SHOPS[shop], '/logo.png');
    }
  }
}

function asset(variant: BrandSiteVariant, path: string): BrandSiteResponse | undefined {
  if (variant.startsWith('shop-')) return path === '/logo.png' ? png(SHOP_LOGOS[variant.slice('shop-'.length) as ShopName]) : undefined;
  if (variant === 'changed-logo') return path === '/img/mark.png' ? png(OTHER_LOGO) : undefined;
  if (variant === 'retemplated') return path === '/images/brand.png' ? png(SAKURA_LOGO) : undefined;
  if (['official', 'identical', 'translated', 'phishing'].includes(variant) && path === LOGO_PATH) return png(SAKURA_LOGO);
  return undefined;
}

/**
 * The answer of `variant`'s site to a GET of `path` (query string ignored): the home page at `/` (and
 * `/index.html`), the logo and shop images at their paths, undefined for anything else (the server answers 404).
 */
export function brandSitePage(variant: BrandSiteVariant, path: string): BrandSiteResponse | undefined {
  const p = path.split(/[?#]/)[0] || '/';
  if (p === '/' || p === '/index.html') return html(homePage(variant));
  return asset(variant, p);
}

export const isBrandSiteVariant = (v: string): v is BrandSiteVariant => (BRAND_SITE_VARIANTS as readonly string[]).includes(v);
