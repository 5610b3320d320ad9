import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { NODE_ATTR, elementAt, viewOf } from './recipe-page.js';
import { isPageOfSite } from './recipe-learning.js';

const raw = `<html><head><base href="https://cdn.example/"><script>alert(1)</script><link rel="stylesheet" href="/s.css">
<meta http-equiv="refresh" content="0;url=/x"><style>@import url(/a.css); @font-face { font-family: x; src: url(/f.woff) } h1 { color: red }</style></head>
<body onload="x()"><h1 class="t">Bag</h1><img src="/a.jpg" srcset="/a2.jpg 2x"><a href="javascript:alert(1)">js</a><a href="item/2" target="_blank">next</a>
<form action="https://evil.example/"><button formaction="/steal">go</button></form><iframe src="https://ads.example/"></iframe><object data="/x.swf"></object>
<p onclick="x()">Sold by <b>Shop</b></p></body></html>`;

describe('the copy of a page shown to mark', () => {
  const view = viewOf(raw, 'https://shop.example.com/item/1');
  const $v = cheerio.load(view);

  it('cannot act: no scripts, handlers, frames, objects, refreshes, bases, form targets or outside stylesheets and fonts', () => {
    expect(view).not.toMatch(/<script|onload|onclick|<iframe|<object|http-equiv|<base|<link|evil\.example|javascript:|@import|@font-face|srcset|target=/i);
    expect($v('style').text()).toContain('h1 { color: red }');
  });

  it('has absolute addresses, resolved against the page\'s own base as a browser would', () => {
    expect($v('img').attr('src')).toBe('https://cdn.example/a.jpg');
    expect($v('a').last().attr('href')).toBe('https://cdn.example/item/2');
    expect($v('button').attr('formaction')).toBe('https://cdn.example/steal');
    const plain = cheerio.load(viewOf('<a href="item/2">x</a><img src="/p.png">', 'https://shop.example.com/item/1'));
    expect(plain('a').attr('href')).toBe('https://shop.example.com/item/item/2');
    expect(plain('img').attr('src')).toBe('https://shop.example.com/p.png');
  });

  it('numbers every element so the number names the same element in the page as the crawler parses it', () => {
    const $raw = cheerio.load(raw);
    for (const selector of ['h1', 'img', 'p b', 'p']) {
      const n = Number($v(selector).attr(NODE_ATTR));
      expect(elementAt($raw, n)).toBe($raw(selector)[0]);
    }
  });
});

describe('a page of the site', () => {
  it('is on the site\'s host or under it, on its port', () => {
    expect(isPageOfSite('https://www.shop.example.com', 'https://item.shop.example.com/1')).toBe(true);
    expect(isPageOfSite('https://www.shop.example.com', 'https://shop.example.com/1')).toBe(true);
    expect(isPageOfSite('https://shop.example.com/', 'http://shop.example.com/1')).toBe(true);
    expect(isPageOfSite('https://shop.example.com', 'https://evilshop.example.com/1')).toBe(false);
    expect(isPageOfSite('https://shop.example.com', 'https://shop.example.com.evil.example/1')).toBe(false);
    expect(isPageOfSite('http://127.0.0.1:8080', 'http://127.0.0.1:9090/1')).toBe(false);
    expect(isPageOfSite('https://shop.example.com', 'ftp://shop.example.com/1')).toBe(false);
  });
});
