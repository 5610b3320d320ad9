import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small marketplace for the crawler's tests, served on 127.0.0.1 by the tests themselves:
 * - `/json/search?q=&page=N`: 3 pages of 4 listings (rel="next" links), listings with schema.org JSON-LD;
 * - `/recipe/search`: a site without JSON-LD, read by a recipe of CSS selectors (2 pages of 3);
 * - `/flaky/search`: listings that answer 429 once, then succeed;
 * - `/members/search`: 403 without the cookie `session=member`;
 * - `/slow/search`: 10 listings that take `slowMs` each (for stop and resume);
 * - `/hang/search`: never answers; `/away/search`: redirects to another port of 127.0.0.1;
 * - robots.txt forbids `/private/`.
 */
export interface FixtureMarket {
  origin: string;
  /** Requests seen per path (without the query). */
  hits: Map<string, number>;
  close(): Promise<void>;
}

const page = (body: string, head = '') => `<!doctype html><html><head><meta charset="utf-8">${head}<title>Fixture Mart</title></head><body><a href="/">home</a>${body}</body></html>`;

function jsonLdItem(id: string): string {
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `Leather bag ${id}`,
    image: [`/img/${id}.jpg`],
    sku: `SKU-${id}`,
    brand: { '@type': 'Brand', name: 'ACME' },
    offers: { '@type': 'Offer', price: '199.00', priceCurrency: 'USD', seller: { '@type': 'Organization', name: `Seller ${id}`, url: `/seller/${id}` } },
  };
  return page(`<h1>${product.name}</h1>`, `<script type="application/ld+json">${JSON.stringify(product)}</script>`);
}

export async function startFixtureMarket(opts: { slowMs?: number } = {}): Promise<FixtureMarket> {
  const hits = new Map<string, number>();
  const away = http.createServer((_req, res) => res.end('private'));
  await new Promise<void>((r) => away.listen(0, '127.0.0.1', r));
  const awayPort = (away.address() as AddressInfo).port;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const n = Number(url.searchParams.get('page') ?? 1);
    const html = (body: string, status = 200) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (path === '/robots.txt') return res.end('User-agent: *\nDisallow: /private/\n');
    if (path === '/json/search') {
      const links = [1, 2, 3, 4].map((i) => `<a href="/json/item/${n}-${i}">item</a>`).join('');
      const next = n < 3 ? `<a rel="next" href="/json/search?q=bag&page=${n + 1}">next</a>` : '';
      return html(page(`${links}<a href="/json/search?q=bag&page=1">first</a>${next}`));
    }
    if (path.startsWith('/json/item/') || path.startsWith('/flaky/item/') || path.startsWith('/members/item/')) {
      if (path.startsWith('/flaky/') && hits.get(path) === 1) {
        res.writeHead(429, { 'retry-after': '0' });
        return res.end();
      }
      if (path.startsWith('/members/') && !/session=member/.test(req.headers.cookie ?? '')) return html(page('forbidden'), 403);
      return html(jsonLdItem(path.split('/').pop()!));
    }
    if (path === '/flaky/search') return html(page('<a href="/flaky/item/f1">a</a><a href="/flaky/item/f2">b</a>'));
    if (path === '/members/search') {
      if (!/session=member/.test(req.headers.cookie ?? '')) return html(page('forbidden'), 403);
      return html(page('<a href="/members/item/m1">a</a><a href="/members/item/m2">b</a>'));
    }
    if (path === '/recipe/search') {
      const hitsHtml = [1, 2, 3].map((i) => `<div class="result"><a class="hit" href="/recipe/item/${n}-${i}">item</a></div><a href="/about">about</a>`).join('');
      const next = n < 2 ? `<div class="pager"><a class="more" href="/recipe/search?page=${n + 1}">more</a></div>` : '';
      return html(page(hitsHtml + next));
    }
    if (path.startsWith('/recipe/item/')) {
      const id = path.split('/').pop()!;
      return html(page(`<h1 class="name">Recipe wallet ${id}</h1><span class="cost">¥12,800</span><span class="ccy">JPY</span><a class="shop" href="/shop/${id}">Shop ${id}</a><img class="main" src="/img/w${id}.jpg">`));
    }
    if (path === '/slow/search') return html(page(Array.from({ length: 10 }, (_v, i) => `<a href="/slow/item/${i + 1}">i</a>`).join('')));
    if (path.startsWith('/slow/item/')) {
      setTimeout(() => html(jsonLdItem(`s${path.split('/').pop()}`)), opts.slowMs ?? 300);
      return;
    }
    if (path === '/hang/search') return; // never answers
    if (path === '/away/search') {
      res.writeHead(302, { location: `http://127.0.0.1:${awayPort}/` });
      return res.end();
    }
    html(page('not found'), 404);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    async close() {
      server.closeAllConnections();
      away.closeAllConnections();
      await new Promise((r) => server.close(r));
      await new Promise((r) => away.close(r));
    },
  };
}
