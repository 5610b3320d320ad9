import { describe, expect, it } from 'vitest';
import { readListing } from '../extract.js';
import { isoCurrency, readProduct } from './product.js';

/** Product pages written here, each with one trap of real shops (issue 29); no page of any real site. */
const page = (body: string, head = '') => `<!doctype html><html><head><meta charset="utf-8">${head}<title>Shop | Example</title></head><body>
<header><nav><a href="/">Home</a> <a href="/deals">Deals under $25</a></nav><div class="mini-cart">Basket: $0.00</div></header>
<main>${body}</main>
<footer><p>Free delivery over $50</p></footer></body></html>`;
const jsonLd = (value: unknown) => `<script type="application/ld+json">${JSON.stringify(value)}</script>`;

describe('readProduct: the visible page', () => {
  it('reads a buy box without structured data: heading, price, seller line, image, labelled SKU', () => {
    const html = page(`
      <div class="gallery"><img class="main-image" src="/img/kettle-large.jpg" alt="Kettle"></div>
      <h1 id="title">Steel Kettle 1.7 L, 3000 W</h1>
      <div class="buybox">
        <span class="price">$34.50</span>
        <div class="merchant">Sold by <a href="/seller/profile?seller=A1B2">Kitchen Corner Ltd</a> and shipped by us.</div>
        <button>Add to Cart</button>
      </div>
      <table class="details"><tr><th>Brand</th><td>Boilwell</td></tr><tr><th>SKU</th><td>KT-1700-S</td></tr></table>`);
    const r = readProduct(html, 'https://shop.example.com/p/steel-kettle', null);
    expect(r.listing).toMatchObject({ title: 'Steel Kettle 1.7 L, 3000 W', price: '34.50', currency: 'USD', seller: 'Kitchen Corner Ltd', imageUrl: 'https://shop.example.com/img/kettle-large.jpg', listingNo: 'KT-1700-S', brand: 'Boilwell' });
    expect(r.sources).toMatchObject({ title: 'page', price: 'page', seller: 'page', listingNo: 'page' });
    expect(r.availability).toBe('InStock');
  });

  it('takes the sale price, not the struck-through list price', () => {
    const html = page(`<h1>Linen Shirt</h1>
      <div class="product-price"><del class="price">€59,90</del> <span class="price price--sale">€39,90</span></div>
      <p>Was: <span class="price">€59,90</span></p>`);
    const r = readProduct(html, 'https://mode.example.de/linen-shirt', null);
    expect([r.listing.price, r.listing.currency]).toEqual(['39.90', 'EUR']);
  });

  it('takes the current bid over the starting price', () => {
    const html = page(`<h1 class="item-title">Vintage Camera Lens 50mm</h1>
      <div class="bid-box"><div class="row"><span>Starting bid:</span> <span class="price">US $100.00</span></div>
      <div class="row"><span>Current bid:</span> <span class="price">US $150.00</span> <span>[3 bids]</span></div>
      <button>Place bid</button></div>`);
    expect(readProduct(html, 'https://auction.example.com/itm/123456789012', null).listing).toMatchObject({ price: '150.00', currency: 'USD', listingNo: '123456789012' });
  });

  it('leaves a bundle calculator total and other products to themselves', () => {
    const html = page(`<h1>Trail Running Shoe</h1>
      <span class="price">£89.00</span>
      <section class="frequently-bought-together"><h2>Frequently bought together</h2>
        <span class="price">£12.00</span><div class="bundle-total">Total price: <span class="price">£101.00</span></div></section>
      <div class="related-products"><span class="price">£5.00</span></div>`);
    expect(readProduct(html, 'https://run.example.co.uk/shoe', null).listing).toMatchObject({ price: '89.00', currency: 'GBP' });
  });

  it('reads a Japanese shop page: the tax-included price, yen, the shop name', () => {
    const html = page(`<div class="shop-name"><a href="/shop/sakura-zakka">さくら雑貨店</a></div>
      <h1>手作り 陶器 マグカップ 300ml</h1>
      <p class="price">1,000円<span>（税抜）</span></p>
      <p class="price">1,100円<span>（税込）</span></p>
      <button>カートに入れる</button>`);
    const r = readProduct(html, 'https://mall.example.jp/item/12345678', null);
    expect(r.listing).toMatchObject({ title: '手作り 陶器 マグカップ 300ml', price: '1100', currency: 'JPY', seller: 'さくら雑貨店' });
  });

  it('takes the lowest of a "from" range written in one line', () => {
    const html = page(`<h1>Cat Flea Tablets</h1><div class="product-price">From only £5.29 – £9.56</div>`);
    expect(readProduct(html, 'https://pets.example.co.uk/tablets', null).listing).toMatchObject({ price: '5.29', currency: 'GBP' });
  });

  it('says out of stock when the buy box does and no price is shown', () => {
    const html = page(`<h1>Garden Hose 20 m</h1><div id="availability"><span>Currently unavailable.</span></div>`);
    const r = readProduct(html, 'https://shop.example.com/dp/B0ABCDEFGH', null);
    expect(r.listing.price).toBeUndefined();
    expect(r.listing.listingNo).toBe('B0ABCDEFGH');
    expect(r.availability).toBe('OutOfStock');
  });
});

describe('readProduct: structured data as one witness among several', () => {
  it('takes the visible buy-box price where JSON-LD gives another (a list price while on sale)', () => {
    const product = { '@context': 'https://schema.org', '@type': 'Product', name: 'Brass Wall Lamp', sku: 'BWL-2', offers: { '@type': 'Offer', price: '150.00', priceCurrency: 'USD' } };
    const html = page(`<h1>Brass Wall Lamp</h1><span class="price price-was">$150.00</span><span class="price sale-price">$120.00</span>`, jsonLd(product));
    const r = readProduct(html, 'https://lamps.example.com/brass', null);
    expect([r.listing.price, r.sources.price, r.listing.currency, r.listing.listingNo]).toEqual(['120.00', 'page', 'USD', 'BWL-2']);
  });

  it('keeps the structured price as written when the buy box shows the same amount', () => {
    const product = { '@context': 'https://schema.org', '@type': 'product', name: 'Smart Speaker Mini', offers: { '@type': 'Offer', price: '49.00', priceCurrency: 'GBP', seller: { '@type': 'Organization', name: 'Sound & Co' } } };
    const html = page(`<h1>Smart Speaker Mini</h1><p class="price">£49.00</p>`, jsonLd(product));
    const r = readProduct(html, 'https://example.co.uk/speaker', null);
    expect(r.listing).toMatchObject({ title: 'Smart Speaker Mini', price: '49.00', currency: 'GBP', seller: 'Sound & Co' });
    expect(r.sources).toMatchObject({ title: 'json-ld', price: 'json-ld', seller: 'json-ld' });
  });

  it('without a visible price takes the lower of OpenGraph and JSON-LD (the sale)', () => {
    const product = { '@context': 'https://schema.org', '@type': 'Product', name: 'Sconce', offers: { '@type': 'Offer', price: '150.00', priceCurrency: 'USD' } };
    const head = `${jsonLd(product)}<meta property="product:price:amount" content="120.00"><meta property="product:price:currency" content="USD">`;
    const r = readProduct(page('<div id="app"></div>', head), 'https://example.com/sconce', null);
    expect([r.listing.price, r.sources.price]).toEqual(['120.00', 'opengraph']);
  });

  it('ignores a breadcrumb itemprop=name before the product name', () => {
    const html = page(`
      <ol itemscope itemtype="https://schema.org/BreadcrumbList">
        <li itemprop="itemListElement" itemscope itemtype="https://schema.org/ListItem"><a itemprop="item" href="/kitchen"><span itemprop="name">Kitchen</span></a></li>
      </ol>
      <div itemscope itemtype="https://schema.org/Product">
        <h1 itemprop="name">Cast Iron Pan 28 cm</h1>
        <div itemprop="offers" itemscope itemtype="https://schema.org/Offer"><meta itemprop="priceCurrency" content="RUR"><span itemprop="price" content="2490">2 490 ₽</span>
        <link itemprop="availability" href="https://schema.org/InStock"></div>
      </div>`);
    const r = readProduct(html, 'https://market.example.ru/product/pan', null);
    expect(r.listing).toMatchObject({ title: 'Cast Iron Pan 28 cm', price: '2490', currency: 'RUB' });
    expect(r.sources).toMatchObject({ title: 'microdata', price: 'microdata' });
    expect(r.availability).toBe('InStock');
  });

  it('of several JSON-LD Product nodes takes the one named like the heading', () => {
    const other = (n: number) => ({ '@type': 'Product', name: `Accessory ${n}`, sku: `ACC-${n}`, offers: { '@type': 'Offer', price: `${n}.99`, priceCurrency: 'EUR' } });
    const main = { '@type': 'Product', name: 'Cordless Drill 18 V', sku: 'CD-18', brand: { '@type': 'Brand', name: 'Torqs' }, offers: { '@type': 'Offer', price: '129.00', priceCurrency: 'EUR' } };
    const html = page(`<h1>Cordless Drill 18 V</h1>`, jsonLd({ '@context': 'https://schema.org', '@graph': [other(1), other(2), main, other(3)] }));
    expect(readProduct(html, 'https://tools.example.de/drill', null).listing).toMatchObject({ title: 'Cordless Drill 18 V', price: '129.00', currency: 'EUR', listingNo: 'CD-18', brand: 'Torqs' });
  });

  it('takes the lowest of a "from" range of offers', () => {
    const product = { '@type': 'Product', name: 'Flea Tablets', offers: [{ '@type': 'Offer', price: '9.56', priceCurrency: 'GBP' }, { '@type': 'Offer', price: '5.29', priceCurrency: 'GBP' }] };
    expect(readProduct(page('<h1>Flea Tablets</h1>', jsonLd(product)), 'https://pets.example.co.uk/flea', null).listing.price).toBe('5.29');
  });

  it('maps markup currency codes to ISO 4217', () => {
    expect([isoCurrency('rur'), isoCurrency('EUR'), isoCurrency('€'), isoCurrency(undefined)]).toEqual(['RUB', 'EUR', undefined, undefined]);
  });
});

describe('readListing', () => {
  it('reads a recipe first, as written, and keeps JSON-LD pages as before', () => {
    const recipe = { fields: { title: 'h1.name', price: '.cost', currency: '.ccy', seller: 'a.shop', sellerUrl: 'a.shop@href', imageUrl: 'img.main@src' } };
    const recipePage = '<h1 class="name">Wallet</h1><span class="cost">¥12,800</span><span class="ccy">JPY</span><a class="shop" href="/shop/1">Shop 1</a><img class="main" src="/img/w1.jpg">';
    expect(readListing(recipePage, 'http://127.0.0.1:9/recipe/item/1', recipe)).toEqual({
      title: 'Wallet', price: '¥12,800', currency: 'JPY', seller: 'Shop 1', sellerUrl: 'http://127.0.0.1:9/shop/1', imageUrl: 'http://127.0.0.1:9/img/w1.jpg', url: 'http://127.0.0.1:9/recipe/item/1',
    });
    const product = { '@context': 'https://schema.org', '@type': 'Product', name: 'Leather bag 1', image: ['/img/1.jpg'], sku: 'SKU-1', brand: { '@type': 'Brand', name: 'ACME' }, offers: { '@type': 'Offer', price: '199.00', priceCurrency: 'USD', seller: { '@type': 'Organization', name: 'Seller 1', url: '/seller/1' } } };
    const html = `<!doctype html><html><head>${jsonLd(product)}<title>Mart</title></head><body><a href="/">home</a><h1>Leather bag 1</h1></body></html>`;
    expect(readListing(html, 'http://127.0.0.1:9/json/item/1', null)).toEqual({
      title: 'Leather bag 1', url: 'http://127.0.0.1:9/json/item/1', price: '199.00', currency: 'USD', seller: 'Seller 1', sellerUrl: 'http://127.0.0.1:9/seller/1', imageUrl: 'http://127.0.0.1:9/img/1.jpg', brand: 'ACME', listingNo: 'SKU-1',
    });
  });
});
