import * as cheerio from 'cheerio';
import type { Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { elementByText, fieldElement, looksGenerated, selectorFor } from './learn-selectors.js';

/** Pages written here, in the shapes sites are built: hooks a person named, and names a build tool made up. */
const learn = (html: string, find: string, field = 'title') => {
  const $ = cheerio.load(html);
  const el = $(find)[0] as Element;
  const selector = selectorFor($, el, field);
  return { selector, $, el, picks: selector ? $(selector).toArray() : [] };
};

describe('generated names', () => {
  it('tells made-up names from named ones', () => {
    for (const g of ['css-1x2y3z', 'sc-bdVaJa', 'kHsGtQ', 'jsx-123456', 'Title_title__3xK9d', 'item-48213', ':r1:', 'a1b2c3d4', 'svelte-1kx9ad']) expect(looksGenerated(g), g).toBe(true);
    for (const n of ['product-title', 'price', 'shopName', 'item_price', 'seller-link', 'h2', 'col-md-6', 'productTitleText', 'ProductPrice']) expect(looksGenerated(n), n).toBe(false);
  });
});

describe('selector inference', () => {
  it('uses a stable id, and skips a generated one', () => {
    expect(learn('<div><h2 id="productTitle">A bag</h2><h2>Other</h2></div>', '#productTitle').selector).toBe('#productTitle');
    const r = learn('<div><span id="price-83726154" class="sale-price">¥8,500</span><span class="old">¥9,000</span></div>', 'span.sale-price', 'price');
    expect(r.selector).toBe('span.sale-price');
  });

  it('prefers itemprop and data-testid hooks over classes', () => {
    expect(learn('<p class="x"><span class="a" itemprop="name">Bag</span><span class="a">b</span></p>', '[itemprop=name]').selector).toBe('span[itemprop="name"]');
    expect(learn('<div><b class="css-1x2y3z" data-testid="seller-name">Shop</b><b class="css-1x2y3z">x</b></div>', '[data-testid]', 'seller').selector).toBe('b[data-testid="seller-name"]');
    // A value with `@` would end the selector early where the recipe reads `selector@attr`.
    expect(learn('<div><b data-testid="mail@shop" class="seller">Shop</b><b>x</b></div>', 'b.seller', 'seller').selector).toBe('b.seller');
  });

  it('avoids CSS-in-JS and module classes, and uses the field\'s semantic class first', () => {
    const r = learn('<div><span class="sc-bdVaJa css-9zq8x1 box price-now">¥1,200</span><span class="box">x</span><span class="sc-bdVaJa">y</span></div>', 'span.price-now', 'price');
    expect(r.selector).toBe('span.price-now');
  });

  it('falls back to an ancestor hook, then to a unique nth-of-type path', () => {
    const withAncestor = learn('<div class="buy-box"><span>¥1,200</span></div><div class="related"><span>¥900</span></div>', '.buy-box span', 'price');
    expect(withAncestor.selector).toBe('div.buy-box span');
    const html = '<main><div><p>one</p><p>two</p></div><div><p>three</p><p class="css-8f7a6s">four</p></div></main>';
    const r = learn(html, 'p.css-8f7a6s');
    expect(r.selector).toMatch(/nth-of-type/);
    expect(r.picks).toEqual([r.el]);
    expect(r.$(r.selector!).text()).toBe('four');
  });

  it('every selector it proposes picks exactly the marked element', () => {
    const html = '<body><ul>' + Array.from({ length: 5 }, (_, i) => `<li class="row"><span class="v">${i}</span></li>`).join('') + '</ul></body>';
    const $ = cheerio.load(html);
    for (const el of $('span.v').toArray() as Element[]) {
      const s = selectorFor($, el, 'title')!;
      expect($(s).toArray()).toEqual([el]);
    }
  });
});

describe('what a field reads', () => {
  it('an image field reads the picture\'s src, a seller URL the link around the mark', () => {
    const $ = cheerio.load('<div class="gallery"><img class="main" src="/a.jpg"></div><p>Sold by <a class="shop-link" href="/shop/7"><b>Shop</b></a></p>');
    expect(fieldElement($, $('.gallery')[0] as Element, 'imageUrl')).toMatchObject({ attr: 'src', el: $('img')[0] });
    expect(fieldElement($, $('b')[0] as Element, 'sellerUrl')).toMatchObject({ attr: 'href', el: $('a')[0] });
    expect(fieldElement($, $('p')[0] as Element, 'imageUrl')).toBeUndefined();
  });

  it('a microdata price reads its content; text marks find the smallest element showing it', () => {
    const $ = cheerio.load('<div class="box"><p>Price <span itemprop="price" content="8500">¥8,500</span></p><p>Seller: <a>Tokyo Shop</a></p></div>');
    expect(fieldElement($, $('span')[0] as Element, 'price')).toMatchObject({ attr: 'content' });
    expect(elementByText($, '  tokyo   SHOP ')).toBe($('a')[0]);
    expect(elementByText($, '¥8,500')).toBe($('span')[0]);
    expect(elementByText($, 'nowhere')).toBeUndefined();
  });
});
