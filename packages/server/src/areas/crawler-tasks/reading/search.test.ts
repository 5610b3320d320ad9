import { describe, expect, it } from 'vitest';
import type { CrawlRecipeJson } from '../../../platform/schema.js';
import { readSearchPage } from '../extract.js';
import { readSearch } from './search.js';
import { listingKey, siteOf, unwrapRedirect } from './search-urls.js';

/** Search pages written here: the result list among the navigation, filters, pagers and footers real shops carry. */
const BASE = 'https://shop.example.com/search?q=bag';

const doc = (body: string) => `<!doctype html><html><head><meta charset="utf-8"><title>bag</title></head><body>${body}</body></html>`;

const header = `<header><a href="/"><img src="/logo.png"></a>
  <nav><ul class="menu">${['women', 'men', 'kids', 'home', 'deals', 'new-in', 'brands', 'sale'].map((c) => `<li class="menu-item"><a href="/c/${c}">${c}</a></li>`).join('')}</ul></nav>
  <a href="/account/login">Sign in</a> <a href="/cart">Cart (0)</a> <a href="/help">Help</a></header>`;

const filters = `<aside class="filters">
  <a href="/search?q=bag&sort=price">Price: low to high</a> <a href="/search?q=bag&sort=new">Newest</a>
  <ul>${['acme', 'globex', 'initech', 'umbrella'].map((b) => `<li class="facet"><a href="/search/brand-${b}?q=bag">${b} (12)</a></li>`).join('')}</ul></aside>`;

const footer = `<footer><ul class="links">${['about', 'careers', 'press', 'privacy', 'terms', 'contact', 'stores', 'gift-cards', 'blog', 'affiliates', 'sitemap', 'returns']
  .map((p) => `<li class="link"><a href="/${p}">${p}</a></li>`)
  .join('')}</ul></footer>`;

const card = (href: string, name: string, price = '$120.00', extra = '') =>
  `<div class="product-card${extra}"><a href="${href}"><img src="/img/${name}.jpg" alt=""></a>
   <div class="info"><a class="title" href="${href}">${name} genuine leather shoulder bag</a>
   <span class="price">${price}</span> <a href="${href}#reviews">12 reviews</a></div></div>`;

describe('search pages without a recipe', () => {
  it('reads a grid of cards among header, filters and footer links, in page order, and rel=next', () => {
    const ids = [310001, 310002, 310003, 310004, 310005, 310006];
    const html = doc(`${header}${filters}<main><div class="grid">${ids.map((id) => card(`/item/${id}`, `bag-${id}`)).join('')}</div>
      <nav class="pager"><a href="/search?q=bag&page=2" rel="next">Next</a></nav></main>${footer}`);
    const { links, next } = readSearchPage(html, BASE, null);
    expect(links).toEqual(ids.map((id) => `https://shop.example.com/item/${id}`));
    expect(next).toBe('https://shop.example.com/search?q=bag&page=2');
  });

  it('keeps a listing whose number is longer than the others on the page (sequential ids: 98, 99, 100, 100301)', () => {
    const ids = [97, 98, 99, 100, 101, 100301];
    const html = doc(`${header}<main><div class="grid">${ids.map((id) => card(`/item/${id}`, `bag-${id}`)).join('')}</div></main>${footer}`);
    expect(readSearchPage(html, BASE, null).links).toEqual(ids.map((id) => `https://shop.example.com/item/${id}`));
  });

  it('collapses sponsored copies (tracking parameters, ad redirects) into the listing, first place kept', () => {
    const html = doc(`${header}<ul class="results">
      <li class="result sponsored">${card('/item/420002?utm_source=ads&utm_campaign=x&ref=sp_1', 'bag-b', '$80.00')}</li>
      <li class="result sponsored">${card('/ads/click?ad=9&url=https%3A%2F%2Fshop.example.com%2Fitem%2F420003%3Fref%3Dsp_2', 'bag-c', '$95.00')}</li>
      ${[420001, 420002, 420003, 420004].map((id) => `<li class="result">${card(`/item/${id}?ref=sr_${id}`, `bag-${id}`)}</li>`).join('')}
    </ul>`);
    const { links } = readSearchPage(html, BASE, null);
    expect(links).toEqual([
      'https://shop.example.com/item/420002?utm_source=ads&utm_campaign=x&ref=sp_1',
      'https://shop.example.com/item/420003?ref=sp_2',
      'https://shop.example.com/item/420001?ref=sr_420001',
      'https://shop.example.com/item/420004?ref=sr_420004',
    ]);
  });

  it('keeps a list split over two containers whole, and makes relative links absolute', () => {
    const list = (ids: number[]) => `<ul class="s-list">${ids.map((id) => `<li class="s-item">${card(`../p/bag-${id}`, `n${id}`)}</li>`).join('')}</ul>`;
    const html = doc(`${header}<div class="above">${list([51001, 51002])}</div><div class="ad-banner"><a href="/promo/summer"><img src="/b.jpg"></a></div><div class="above">${list([51003, 51004, 51005])}</div>${footer}`);
    const { links } = readSearchPage(html, 'https://shop.example.com/en/search/results?q=bag', null);
    expect(links).toEqual([51001, 51002, 51003, 51004, 51005].map((id) => `https://shop.example.com/en/p/bag-${id}`));
  });

  it('resolves relative links against the page\'s <base href>', () => {
    const html = `<html><head><base href="https://shop.example.com/en/"></head><body><div class="grid">${[52001, 52002].map((id) => card(`p/${id}`, `n${id}`)).join('')}</div><a rel="next" href="search?page=2">next</a></body></html>`;
    expect(readSearchPage(html, 'https://shop.example.com/search?q=bag', null)).toEqual({
      links: ['https://shop.example.com/en/p/52001', 'https://shop.example.com/en/p/52002'],
      next: 'https://shop.example.com/en/search?page=2',
    });
  });

  it('finds the next page in a pager without rel=next: a "›" link, or the number after the current page', () => {
    const cards = [61001, 61002, 61003].map((id) => card(`/item/${id}`, `b${id}`)).join('');
    const arrow = doc(`<div class="grid">${cards}</div><div class="pagination"><span class="current">1</span><a href="/search?q=bag&page=2">2</a><a href="/search?q=bag&page=3">3</a><a href="/search?q=bag&page=2">›</a></div>`);
    expect(readSearchPage(arrow, BASE, null).next).toBe('https://shop.example.com/search?q=bag&page=2');
    const numbers = doc(`<div class="grid">${cards}</div><div class="pagination"><ul><li><a href="/search?q=bag&page=1">1</a></li><li><a href="/search?q=bag&page=2">2</a></li><li><a href="/search?q=bag&page=3">3</a></li></ul></div>`);
    expect(readSearchPage(numbers, `${BASE}&page=2`, null).next).toBe('https://shop.example.com/search?q=bag&page=3');
    const last = doc(`<div class="grid">${cards}</div><div class="pagination"><a href="/search?q=bag&page=1">1</a><span class="current">2</span></div>`);
    expect(readSearchPage(last, `${BASE}&page=2`, null).next).toBeUndefined();
  });

  it('does not take a "Weiter…" link that is no pager for the next page, and takes "Weiter"', () => {
    const cards = [71001, 71002, 71003].map((id) => card(`/artikel/${id}`, `t${id}`, '12,99 €')).join('');
    const html = doc(`<div class="grid">${cards}</div><a href="https://ads.example.com/info">Weitere Informationen</a><div class="pager"><a href="/suche?q=tasche&seite=2">Weiter</a></div>`);
    const { links, next } = readSearchPage(html, 'https://www.example.de/suche?q=tasche', null);
    expect(links).toHaveLength(3);
    expect(next).toBe('https://www.example.de/suche?q=tasche&seite=2');
  });

  it('reads a Japanese page with 次へ', () => {
    const items = [81001, 81002, 81003, 81004]
      .map((id) => `<div class="searchresultitem"><div class="image"><a href="https://item.example.co.jp/shop-a/${id}/"><img src="/i/${id}.jpg"></a></div><div class="title"><a href="https://item.example.co.jp/shop-a/${id}/">本革 ショルダーバッグ ${id}</a></div><div class="price">12,800円</div></div>`)
      .join('');
    const html = doc(`<div class="nav"><a href="/mypage">マイページ</a><a href="/cart">買い物かご</a></div>${items}<div class="pager"><span>1</span><a href="/search/mall/bag/?p=2">2</a><a href="/search/mall/bag/?p=2">次へ</a></div>`);
    const { links, next } = readSearchPage(html, 'https://search.example.co.jp/search/mall/bag/', null);
    expect(links).toEqual([81001, 81002, 81003, 81004].map((id) => `https://item.example.co.jp/shop-a/${id}/`));
    expect(next).toBe('https://search.example.co.jp/search/mall/bag/?p=2');
  });

  it('reads a list laid out as table rows', () => {
    const rows = ['red-wallet', 'black-wallet', 'brown-belt', 'tan-card-holder']
      .map((slug) => `<tr class="row"><td><img src="/t/${slug}.jpg"></td><td><a href="/products/${slug}">${slug.replace(/-/g, ' ')} in full-grain leather</a></td><td>EUR 45.00</td><td><a href="/seller/shop-7">shop 7</a></td></tr>`)
      .join('');
    const html = doc(`${header}<table class="results"><thead><tr><th><a href="/search?q=wallet&sort=name">Name</a></th><th><a href="/search?q=wallet&sort=price">Price</a></th></tr></thead><tbody>${rows}</tbody></table>${footer}`);
    const { links } = readSearchPage(html, 'https://shop.example.com/search?q=wallet', null);
    expect(links).toEqual(['red-wallet', 'black-wallet', 'brown-belt', 'tan-card-holder'].map((s) => `https://shop.example.com/products/${s}`));
  });

  it('reads cards that are one link each, among cart and wishlist links, with slugged and bare item paths', () => {
    const cards = [
      `<a class="tile" href="/itm/red-leather-bag/731000111"><img src="/a.jpg"><span>Red leather bag, used twice</span><span>£40.00</span></a>`,
      `<a class="tile" href="/itm/731000222?hash=x9&_trkparms=abc"><img src="/b.jpg"><span>Brown leather satchel</span><span>£55.00</span></a>`,
      `<a class="tile tile--promoted" href="/itm/731000333?_trkparms=ad"><img src="/c.jpg"><span>Black tote bag, promoted</span><span>£25.00</span></a>`,
    ].map((c, i) => `<li class="${i === 2 ? 'promoted' : 'result'}">${c}<a href="/cart/add?item=${i}">Add to cart</a><a href="/wishlist/add?item=${i}">♡</a></li>`);
    const html = doc(`${header}<ul class="srp">${cards.join('')}<li class="result"><div class="related"><a href="/search/b?q=tote">tote</a><a href="/search/b?q=satchel">satchel</a><a href="/search/b?q=purse">purse</a><a href="/search/b?q=clutch">clutch</a></div></li></ul>
      <div class="pagination"><a class="pagination__next icon-link" aria-label="Go to the following page" href="/search?q=bag&pgn=2"><svg></svg></a></div>${footer}`);
    const { links, next } = readSearchPage(html, BASE, null);
    expect(links).toEqual(['https://shop.example.com/itm/red-leather-bag/731000111', 'https://shop.example.com/itm/731000222?hash=x9&_trkparms=abc', 'https://shop.example.com/itm/731000333?_trkparms=ad']);
    expect(next).toBe('https://shop.example.com/search?q=bag&pgn=2');
  });

  it('keeps items on the search\'s own path when they name an item, and reads a two-page pager', () => {
    const items = [11, 12, 13].map((id) => `<div class="product-thumb"><a href="index.php?route=product/product&product_id=${id}"><img src="/p${id}.jpg"></a><h4><a href="index.php?route=product/product&product_id=${id}">Wallet ${id}</a></h4><p class="price">$30.00</p></div>`);
    const html = doc(`<div class="row">${items.join('')}</div><ul class="pagination"><li class="active"><span>1</span></li><li><a href="index.php?route=product/search&search=wallet&page=2">2</a></li></ul>`);
    const { links, next } = readSearchPage(html, 'https://shop.example.com/index.php?route=product/search&search=wallet', null);
    expect(links).toEqual([11, 12, 13].map((id) => `https://shop.example.com/index.php?route=product/product&product_id=${id}`));
    expect(next).toBe('https://shop.example.com/index.php?route=product/search&search=wallet&page=2');
  });

  it('reads the one listing of a one-result page, not its menu', () => {
    const html = doc(`${header}<div class="results">${card('/item/990001?ref=sr_1', 'only')}</div>${footer}`);
    expect(readSearchPage(html, BASE, null).links).toEqual(['https://shop.example.com/item/990001?ref=sr_1']);
  });

  it('reads a bare list of links, the fixture marketplaces\' kind of page', () => {
    const html = doc('<a href="/">home</a><a href="/json/item/1-1">item</a><a href="/json/item/1-2">item</a><a href="/json/search?q=bag&page=1">first</a><a rel="next" href="/json/search?q=bag&page=2">next</a>');
    expect(readSearch(html, 'http://127.0.0.1:4000/json/search?q=bag&page=1', null)).toEqual({
      links: ['http://127.0.0.1:4000/json/item/1-1', 'http://127.0.0.1:4000/json/item/1-2'],
      next: 'http://127.0.0.1:4000/json/search?q=bag&page=2',
    });
  });
});

describe('search pages with a recipe', () => {
  const recipe = { resultLink: 'a.hit', nextPage: '.pager a.more' } as CrawlRecipeJson;

  it('takes the recipe\'s selectors first', () => {
    const html = doc(`<div class="result"><a class="hit" href="/recipe/item/1">a</a></div><a href="/about">about</a><div class="result"><a class="hit" href="/recipe/item/2">b</a></div><div class="pager"><a class="more" href="/recipe/search?page=2">more</a></div>`);
    expect(readSearchPage(html, 'http://127.0.0.1:4000/recipe/search', recipe)).toEqual({
      links: ['http://127.0.0.1:4000/recipe/item/1', 'http://127.0.0.1:4000/recipe/item/2'],
      next: 'http://127.0.0.1:4000/recipe/search?page=2',
    });
  });

  it('reads the page without it when its selectors find nothing (the site changed)', () => {
    const html = doc(`<div class="grid">${[91001, 91002, 91003].map((id) => card(`/item/${id}`, `x${id}`)).join('')}</div><a rel="next" href="/search?q=bag&page=2">next</a>`);
    const { links, next } = readSearchPage(html, BASE, recipe);
    expect(links).toHaveLength(3);
    expect(next).toBe('https://shop.example.com/search?q=bag&page=2');
  });
});

describe('listing URLs', () => {
  it('knows a listing by its last item number, else by its path and non-tracking query', () => {
    expect(listingKey('https://a.example.com/shop/12345/item/67890?utm_source=x')).toBe(listingKey('https://a.example.com/item/67890'));
    expect(listingKey('https://a.example.com/Some-Title/dp/B0ABC12345/ref=sr_1_3/123-4567-89?qid=1')).toBe(listingKey('https://a.example.com/gp/offer/B0ABC12345'));
    expect(listingKey('https://a.example.com/products/red-wallet?ref=sr&variant=2')).not.toBe(listingKey('https://a.example.com/products/red-wallet?variant=3'));
    expect(listingKey('https://a.example.com/products/bag-2019-edition-4455667')).toBe('example.com#4455667');
  });

  it('unwraps ad redirects on the site, not links out', () => {
    expect(unwrapRedirect('https://a.example.com/click?id=1&url=%2Fitem%2F123456')).toBe('https://a.example.com/item/123456');
    expect(unwrapRedirect('https://a.example.com/out?to=https%3A%2F%2Fother.test%2Fx')).toBe('https://a.example.com/out?to=https%3A%2F%2Fother.test%2Fx');
    expect(unwrapRedirect('https://a.example.com/item/123456?back=%2Fsearch%3Fq%3Dbag')).toBe('https://a.example.com/item/123456?back=%2Fsearch%3Fq%3Dbag');
    expect([siteOf('item.example.co.jp'), siteOf('www.example.com'), siteOf('127.0.0.1')]).toEqual(['example.co.jp', 'example.com', '127.0.0.1']);
  });
});
