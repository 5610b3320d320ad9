import { escape } from './market-pages.js';

/**
 * The pages of the demo brand sites that are not SAKURA BEAUTY's own (brand-sites.ts): shops of other brands, each
 * with its own template, a cart and prices, as real small shops look; a parking page; a domain-for-sale page; the
 * form of the phishing copy.
 */
export interface ShopContent {
  lang: 'en' | 'ja';
  title: string;
  name: string;
  tagline: string;
  cart: string;
  add: string;
  products: [name: string, price: string][];
  footer: string;
  colour: string;
  font: string;
}

export const SHOPS = {
  outdoor: {
    lang: 'en', title: 'Kaze Outdoor — Tents, packs and trail gear', name: 'Kaze Outdoor', tagline: 'Gear tested on the Japanese Alps. Free shipping over $80.',
    cart: 'Basket: 0 items', add: 'Add to basket', colour: '#2e6b3c', font: 'Verdana,sans-serif',
    products: [['Ridge 2 ultralight tent', '$349.00'], ['Summit 38L backpack', '$129.00'], ['Merino trail socks (3 pairs)', '$24.50'], ['Titanium camp mug 450ml', '$32.00'], ['Headlamp 400 lumen', '$45.00']],
    footer: 'Kaze Outdoor Supply LLC, Portland, Oregon. Returns within 30 days. We accept Visa, Mastercard and PayPal.',
  },
  tea: {
    lang: 'ja', title: '山田茶園 オンラインショップ｜静岡の深蒸し茶', name: '山田茶園', tagline: '静岡・牧之原の自家茶園から、摘みたての新茶をお届けします。',
    cart: '買い物かご (0)', add: 'かごに入れる', colour: '#5a7d2a', font: '"Hiragino Mincho ProN",serif',
    products: [['深蒸し煎茶 100g', '1,080円（税込）'], ['特上玉露 80g', '2,700円（税込）'], ['ほうじ茶ティーバッグ 30袋', '864円（税込）'], ['抹茶入り玄米茶 200g', '756円（税込）']],
    footer: '有限会社山田茶園 静岡県牧之原市 ／ お支払い方法：クレジットカード・代金引換・銀行振込 ／ 送料は5,000円以上で無料',
  },
  electronics: {
    lang: 'en', title: 'Pixel Corner | Headphones, chargers and cables', name: 'Pixel Corner', tagline: 'Audio and accessories, shipped from Manchester the next working day.',
    cart: 'Cart £0.00', add: 'Buy now', colour: '#111111', font: 'Arial,sans-serif',
    products: [['Noise-cancelling headphones NC700', '£189.99'], ['65W USB-C charger', '£34.99'], ['Braided USB-C cable 2m', '£9.99'], ['Wireless earbuds Pro', '£89.00'], ['Bluetooth speaker Mini', '£39.00'], ['Phone stand, aluminium', '£14.50']],
    footer: 'Pixel Corner Ltd, registered in England. Secure checkout with Visa, Mastercard, Apple Pay.',
  },
  cosmetics: {
    lang: 'en', title: 'Luna Skin — clean skincare from Seoul', name: 'LUNA SKIN', tagline: 'Vegan skincare with rice water and green tea. Subscribe and save 10%.',
    cart: 'Bag (0)', add: 'Add to bag', colour: '#7a3ea0', font: 'Futura,sans-serif',
    products: [['Rice water toner 200ml', '$22.00'], ['Green tea gel cream 50ml', '$28.00'], ['Vitamin C drops 15ml', '$31.00'], ['Overnight lip mask', '$16.00']],
    footer: 'Luna Skin Inc. Ships worldwide from Seoul. Pay with card or PayPal. Cruelty free.',
  },
} satisfies Record<string, ShopContent>;
export type ShopName = keyof typeof SHOPS;

/** A shop page: left column of categories, a product list with prices and buttons, a footer with payments. */
export function shopPage(s: ShopContent, logo: string): string {
  const items = s.products
    .map(([name, price], i) => `<li class="item-${i}"><div class="thumb"></div><p class="title">${escape(name)}</p><p class="amount">${escape(price)}</p><form method="post" action="/cart/add"><input type="hidden" name="sku" value="${i + 1}"><button type="submit">${escape(s.add)}</button></form></li>`)
    .join('');
  const style = `body{margin:0;font-family:${s.font}}.bar{background:${s.colour};color:#fff;padding:10px 20px;display:flex;justify-content:space-between}` +
    `.bar img{height:40px;vertical-align:middle}.grid{list-style:none;display:flex;flex-wrap:wrap;gap:12px;padding:20px}` +
    `.grid li{width:180px;border:1px solid #ccc;padding:8px}.thumb{height:120px;background:${s.colour}33}.amount{font-weight:bold}footer{padding:20px;color:#666}`;
  return `<!doctype html><html lang="${s.lang}"><head><meta charset="utf-8"><title>${escape(s.title)}</title><style>${style}</style></head><body>` +
    `<div class="bar"><span><img src="${logo}" alt="${escape(s.name)}"> ${escape(s.name)}</span><a href="/cart" style="color:#fff">${escape(s.cart)}</a></div>` +
    `<p style="padding:0 20px">${escape(s.tagline)}</p><ul class="grid">${items}</ul><footer>${escape(s.footer)}</footer></body></html>`;
}

/** The phishing copy's main part: "sign in to finish your order", asking for the password and the card. */
export const PHISHING_FORM = `<section class="hero"><h1>Sign in to your SAKURA BEAUTY account</h1>` +
  '<p>Your order is on hold. Sign in and confirm your payment details within 24 hours to receive it. ご注文を受け取るにはログインしてください。</p></section>' +
  '<form method="post" action="/login" style="padding:24px 32px;max-width:360px">' +
  '<p><label>Email <input type="email" name="email" autocomplete="username"></label></p>' +
  '<p><label>Password パスワード <input type="password" name="password" autocomplete="current-password"></label></p>' +
  '<p><label>Card number カード番号 <input name="cardnumber" autocomplete="cc-number" inputmode="numeric"></label></p>' +
  '<p><label>Expiry <input name="exp" autocomplete="cc-exp" placeholder="MM/YY"></label> <label>CVV <input name="cvv" autocomplete="cc-csc"></label></p>' +
  '<p><button type="submit">Sign in and confirm</button></p></form>';

const RELATED = ['Cosmetics', 'Skin Care Products', 'Anti Aging Cream', 'Beauty Salon', 'Japanese Skincare', 'Face Serum'];

/** A parking page: the domain's name, "related searches" links to an ad feed, the parking service's notice. */
export function parkedPage(domain: string): string {
  const links = RELATED.map((r) => `<li><a href="/search?q=${encodeURIComponent(r)}&amp;ref=park">${escape(r)}</a></li>`).join('');
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(domain)}</title>` +
    '<style>body{font-family:Arial;background:#0d2538;color:#fff;text-align:center}ul{list-style:none;padding:0}li{margin:10px}a{color:#8fd3ff;font-size:20px}</style></head><body>' +
    `<h1>${escape(domain)}</h1><h2>Related Searches</h2><ul>${links}</ul>` +
    '<p style="font-size:11px">This domain is parked free of charge by DomainPark. The sponsored listings are served by a third party. Privacy Policy</p></body></html>';
}

/** A domain-for-sale page: price, "make an offer", the broker's notice, in English and Japanese. */
export function forSalePage(domain: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escape(domain)} is for sale</title>` +
    '<style>body{font-family:sans-serif;text-align:center;padding-top:80px}.price{font-size:32px}</style></head><body>' +
    `<h1>The domain ${escape(domain)} is for sale!</h1><p>このドメインは販売中です。</p><p class="price">Buy now: $2,950</p>` +
    '<p><a href="/offer">Make an offer</a> — secure transfer through our escrow service, usually within 24 hours.</p>' +
    '<p style="font-size:12px">Listed by DomainMarket Brokers.</p></body></html>';
}

export const EMPTY_PAGE = '<!doctype html><html><head><meta charset="utf-8"><title></title></head><body></body></html>';
