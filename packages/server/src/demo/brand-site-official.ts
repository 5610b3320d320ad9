import { escape } from './market-pages.js';

/**
 * The content of SAKURA BEAUTY's official site (sakura-beauty.jp), in English and in Japanese, and the two ways of
 * laying it out: the official template, and the one the `retemplated` clone uses (same words, other markup, other
 * stylesheet, other layout), so a page-similarity benchmark sees what a clone changes and what it keeps.
 */
export interface BrandContent {
  lang: 'en' | 'ja';
  title: string;
  brand: string;
  nav: string[];
  cart: string;
  heroTitle: string;
  heroText: string;
  productsTitle: string;
  products: { name: string; price: string; text: string }[];
  addToCart: string;
  aboutTitle: string;
  about: string[];
  footer: string;
}

export const OFFICIAL_EN: BrandContent = {
  lang: 'en',
  title: 'SAKURA BEAUTY Official Online Store | Sakura Cosmetics',
  brand: 'SAKURA BEAUTY',
  nav: ['Home', 'Skincare', 'Makeup', 'Our story', 'Stores'],
  cart: 'Cart (0)',
  heroTitle: 'Beauty in bloom',
  heroText: 'Skincare crafted in Japan since 1987, with cherry blossom extract from our own orchards in Yoshino.',
  productsTitle: 'Best sellers',
  products: [
    { name: 'SK-Serum 30ml', price: '¥6,600', text: 'Our signature serum for bright, even skin.' },
    { name: 'SK-Cream 50g', price: '¥8,800', text: 'A rich night cream that restores moisture while you sleep.' },
    { name: 'SK-Lotion 150ml', price: '¥4,400', text: 'A light lotion that prepares the skin for the serum.' },
    { name: 'SK-Mask, 6 sheets', price: '¥3,300', text: 'Sheet masks soaked in the serum, for a weekly treatment.' },
  ],
  addToCart: 'Add to cart',
  aboutTitle: 'Our story',
  about: [
    'Sakura Cosmetics was founded in Nara by a family of herbalists. Every SAKURA BEAUTY product is made in our Nara factory.',
    'SAKURA BEAUTY is sold only on this site and in our own stores. Products sold elsewhere at a discount may be counterfeit.',
  ],
  footer: '© Sakura Cosmetics Co., Ltd. — sakura-beauty.jp — Customer service 0120-000-000',
};

export const OFFICIAL_JA: BrandContent = {
  lang: 'ja',
  title: 'さくらビューティー公式オンラインストア | さくら化粧品',
  brand: 'さくらビューティー',
  nav: ['ホーム', 'スキンケア', 'メイクアップ', 'ブランドストーリー', '店舗一覧'],
  cart: 'カート (0)',
  heroTitle: '美しさ、満開。',
  heroText: '1987年から日本で作り続けるスキンケア。吉野の自社農園で育てた桜のエキスを使っています。',
  productsTitle: '人気商品',
  products: [
    { name: 'SK-セラム 30ml', price: '6,600円', text: '透明感のある均一な肌へ導く、ブランドを代表する美容液。' },
    { name: 'SK-クリーム 50g', price: '8,800円', text: '眠っている間にうるおいを取り戻す、濃厚なナイトクリーム。' },
    { name: 'SK-ローション 150ml', price: '4,400円', text: '美容液の前に肌を整える、軽やかな化粧水。' },
    { name: 'SK-マスク 6枚入り', price: '3,300円', text: '美容液をたっぷり含んだシートマスク。週に一度のスペシャルケアに。' },
  ],
  addToCart: 'カートに入れる',
  aboutTitle: 'ブランドストーリー',
  about: [
    'さくら化粧品は奈良の薬草家の一家によって創業されました。さくらビューティーの製品はすべて奈良の自社工場で製造しています。',
    'さくらビューティーは当サイトと直営店でのみ販売しています。他のサイトで割引販売されている製品は偽造品の可能性があります。',
  ],
  footer: '© さくら化粧品株式会社 — sakura-beauty.jp — お客様窓口 0120-000-000',
};

const OFFICIAL_STYLE = [
  'body{margin:0;font-family:Georgia,serif;color:#3a2230;background:#fff7fa}',
  'header{display:flex;align-items:center;gap:16px;padding:12px 32px;background:#fff;border-bottom:3px solid #d63384}',
  'header img{width:56px;height:56px}.brand{font-size:26px;letter-spacing:4px;color:#d63384}',
  'nav{margin-left:auto}nav a{margin:0 10px;color:#3a2230;text-decoration:none}.cart{font-weight:bold}',
  '.hero{padding:48px 32px;background:linear-gradient(#fde2ec,#fff7fa)}.hero h1{font-size:40px;margin:0 0 8px}',
  '.products{display:grid;grid-template-columns:repeat(4,1fr);gap:16px;padding:24px 32px}',
  '.product{background:#fff;border-radius:8px;padding:16px;box-shadow:0 1px 4px #0002}.price{color:#d63384;font-size:20px}',
  'button{background:#d63384;color:#fff;border:0;padding:8px 12px;border-radius:4px}',
  '.about{padding:24px 32px}footer{padding:16px 32px;background:#3a2230;color:#fff;font-size:13px}',
].join('');

/** The official layout; `logo` is the path of the logo image, `main` replaces the products and story (the phishing copy's form). */
export function officialTemplate(c: BrandContent, logo: string, main?: string): string {
  const nav = c.nav.map((n) => `<a href="#">${escape(n)}</a>`).join('');
  const products = c.products
    .map((p) => `<div class="product"><h3>${escape(p.name)}</h3><p>${escape(p.text)}</p><p class="price">${escape(p.price)}</p><button>${escape(c.addToCart)}</button></div>`)
    .join('');
  const body = main ?? `<section class="hero"><h1>${escape(c.heroTitle)}</h1><p>${escape(c.heroText)}</p></section>` +
    `<h2 style="padding:0 32px">${escape(c.productsTitle)}</h2><section class="products">${products}</section>` +
    `<section class="about"><h2>${escape(c.aboutTitle)}</h2>${c.about.map((a) => `<p>${escape(a)}</p>`).join('')}</section>`;
  return `<!doctype html><html lang="${c.lang}"><head><meta charset="utf-8"><title>${escape(c.title)}</title>` +
    `<meta name="viewport" content="width=device-width"><style>${OFFICIAL_STYLE}</style></head><body>` +
    `<header><img src="${logo}" alt="${escape(c.brand)}"><span class="brand">${escape(c.brand)}</span><nav>${nav}<a class="cart" href="#">${escape(c.cart)}</a></nav></header>` +
    `<main>${body}</main><footer>${escape(c.footer)}</footer></body></html>`;
}

const RETEMPLATED_STYLE = [
  'body{margin:0 auto;max-width:960px;font:15px/1.6 Helvetica,Arial,sans-serif;background:#fafafa;color:#111}',
  '#top{text-align:center;padding:24px 0}#top img{width:80px}#top .name{display:block;font-size:30px;font-weight:700}',
  '#menu{list-style:none;padding:0;text-align:center;background:#222}#menu li{display:inline-block;padding:10px 14px;color:#eee}',
  '#banner{padding:32px;text-align:center;background:#ffe4ef}#items td{vertical-align:top;padding:12px;border:1px solid #ddd;background:#fff}',
  '.cost{font-weight:700;color:#b0004f}.buy{display:inline-block;padding:6px 10px;border:2px solid #b0004f;color:#b0004f}',
  '#legal{text-align:center;font-size:12px;color:#555;padding:24px 0}',
].join('');

/** The same content in another template: a centred column, a table of products, other class names, another stylesheet. */
export function retemplatedTemplate(c: BrandContent, logo: string): string {
  const menu = [...c.nav, c.cart].map((n) => `<li>${escape(n)}</li>`).join('');
  const cells = c.products
    .map((p) => `<td><b>${escape(p.name)}</b><br><span class="cost">${escape(p.price)}</span><div>${escape(p.text)}</div><a class="buy" href="#">${escape(c.addToCart)}</a></td>`)
    .join('');
  return `<!DOCTYPE html>\n<html lang="${c.lang}">\n<head>\n<meta http-equiv="Content-Type" content="text/html; charset=utf-8">\n` +
    `<title>${escape(c.title)}</title>\n<style>${RETEMPLATED_STYLE}</style>\n</head>\n<body>\n` +
    `<div id="top"><img src="${logo}" alt="logo"><span class="name">${escape(c.brand)}</span></div>\n<ul id="menu">${menu}</ul>\n` +
    `<div id="banner"><h2>${escape(c.heroTitle)}</h2><div>${escape(c.heroText)}</div></div>\n` +
    `<div id="story"><h3>${escape(c.aboutTitle)}</h3>${c.about.map((a) => `<div>${escape(a)}</div>`).join('\n')}</div>\n` +
    `<h3>${escape(c.productsTitle)}</h3>\n<table id="items"><tr>${cells}</tr></table>\n` +
    `<div id="legal">${escape(c.footer)}</div>\n</body>\n</html>\n`;
}
