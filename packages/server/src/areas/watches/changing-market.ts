import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A marketplace that changes between a watch's runs, served on 127.0.0.1 by the tests (and the bench) themselves:
 * `/search?page=N` lists the items in id order, `perPage` a page with a rel="next" link, and `/item/<id>` is an
 * item's page with schema.org JSON-LD (title, price in JPY, seller, image). The test changes `items` between runs.
 * `delayMs` slows every answer (a run that is still going on when the next starts, a worker killed mid-run). Item
 * pages carry an ETag and answer a request naming the current one with 304 (`hits` counts them as 'item-304').
 */
export interface MarketItem {
  title: string;
  price: number;
  seller: string;
  image?: string;
}

export interface ChangingMarket {
  origin: string;
  items: Map<number, MarketItem>;
  perPage: number;
  delayMs: number;
  /** Requests seen per path kind ('search', 'item'). */
  hits: Map<string, number>;
  close(): Promise<void>;
}

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

function itemPage(id: number, item: MarketItem): string {
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: item.title,
    sku: `W-${id}`,
    image: [item.image ?? `/img/${id}.jpg`],
    offers: { '@type': 'Offer', price: item.price.toFixed(0), priceCurrency: 'JPY', availability: 'https://schema.org/InStock', seller: { '@type': 'Organization', name: item.seller } },
  };
  const json = JSON.stringify(product).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>${escape(item.title)}</title><script type="application/ld+json">${json}</script></head><body><h1>${escape(item.title)}</h1><p>¥${item.price}</p><p>販売: ${escape(item.seller)}</p></body></html>`;
}

export async function startChangingMarket(items: Iterable<[number, MarketItem]>, opts: { perPage?: number } = {}): Promise<ChangingMarket> {
  const market: Omit<ChangingMarket, 'origin' | 'close'> = { items: new Map(items), perPage: opts.perPage ?? 5, delayMs: 0, hits: new Map() };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const answer = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    const respond = () => {
      if (url.pathname === '/robots.txt') return answer(200, 'User-agent: *\nAllow: /\n');
      if (url.pathname === '/search') {
        market.hits.set('search', (market.hits.get('search') ?? 0) + 1);
        const n = Math.max(1, Number(url.searchParams.get('page') ?? 1));
        const ids = [...market.items.keys()].sort((a, b) => a - b);
        const shown = ids.slice((n - 1) * market.perPage, n * market.perPage);
        const links = shown.map((id) => `<li class="result"><a href="/item/${id}">${escape(market.items.get(id)!.title)}</a></li>`).join('');
        const next = n * market.perPage < ids.length ? `<a rel="next" href="/search?page=${n + 1}">next</a>` : '';
        return answer(200, `<!doctype html><html><head><meta charset="utf-8"><title>Search</title></head><body><ul>${links}</ul>${next}</body></html>`);
      }
      const m = /^\/item\/(\d+)$/.exec(url.pathname);
      if (m) {
        market.hits.set('item', (market.hits.get('item') ?? 0) + 1);
        const item = market.items.get(Number(m[1]));
        if (!item) return answer(404, '<!doctype html><title>Not found</title><h1>This listing was removed</h1>');
        // Each version of the page has its own ETag; a request that names the current one is answered 304.
        const body = itemPage(Number(m[1]), item);
        const etag = `"${createHash('sha1').update(body).digest('hex').slice(0, 16)}"`;
        if (req.headers['if-none-match'] === etag) {
          market.hits.set('item-304', (market.hits.get('item-304') ?? 0) + 1);
          res.writeHead(304, { etag });
          return res.end();
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', etag });
        return res.end(body);
      }
      return answer(404, 'not found');
    };
    if (market.delayMs > 0) setTimeout(respond, market.delayMs);
    else respond();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(market, {
    origin,
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  });
}
