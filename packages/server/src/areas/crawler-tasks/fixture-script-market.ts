import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A marketplace whose pages are built by script, for the crawler's browser fetch (issue 29 point 5). The HTML as
 * served has no listing: the search page's script asks `api/search` for the results and writes the links; a listing
 * page's script asks `api/item/<id>` for the title, price and seller and writes them. Two families:
 * - `/shop/search?page=N`: 2 pages of 3 listings;
 * - `/members/search`: 2 listings, every request (page, script's calls) refused without the cookie
 *   `session=member` and the page itself without the header `x-member: yes`.
 * With `probe` given, each listing page's script also asks that address (a fetch and an image) before it writes,
 * and writes whether the request got through.
 */
export interface ScriptMarket {
  origin: string;
  hits: Map<string, number>;
  close(): Promise<void>;
}

const shell = (script: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>Script Mart</title></head><body><div id="app">Loading…</div><script>${script}</script></body></html>`;

const searchScript = `(async () => {
  const page = Number(new URLSearchParams(location.search).get('page') || 1);
  const data = await (await fetch(location.pathname.replace(/search$/, 'api/search') + '?page=' + page)).json();
  document.getElementById('app').innerHTML = '<ul class="results">' + data.items.map((i) => '<li><a class="hit" href="' + i.url + '">' + i.name + '</a></li>').join('') + '</ul>' + (data.next ? '<a class="more" href="' + data.next + '">more</a>' : '');
})();`;

const itemScript = (probe: string) => `(async () => {
  let probe = '';
  if (${JSON.stringify(probe)}) {
    new Image().src = ${JSON.stringify(`${probe}.png`)};
    probe = await fetch(${JSON.stringify(probe)}).then(() => 'reached', () => 'blocked');
  }
  const d = await (await fetch(location.pathname.replace('/item/', '/api/item/'))).json();
  document.getElementById('app').innerHTML = '<h1 class="name">' + d.name + '</h1><span class="cost">' + d.price + '</span><span class="ccy">JPY</span><a class="shop" href="/seller/' + d.id + '">' + d.seller + '</a><span class="probe">' + probe + '</span>';
})();`;

export async function startScriptMarket(opts: { probe?: string } = {}): Promise<ScriptMarket> {
  const hits = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const path = url.pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const send = (type: string, body: string, status = 200) => res.writeHead(status, { 'content-type': `${type}; charset=utf-8` }).end(body);
    if (path === '/robots.txt') return send('text/plain', 'User-agent: *\nAllow: /\n');
    const family = path.startsWith('/members/') ? 'members' : path.startsWith('/shop/') ? 'shop' : undefined;
    if (!family) return send('text/html', shell(''), 404);
    if (family === 'members' && !/session=member/.test(req.headers.cookie ?? '')) return send('text/html', shell('document.body.append("sign in first")'), 403);
    if (family === 'members' && path === '/members/search' && req.headers['x-member'] !== 'yes') return send('text/html', shell(''), 403);
    const n = Number(url.searchParams.get('page') ?? 1);
    const pages = family === 'shop' ? 2 : 1;
    const count = family === 'shop' ? 3 : 2;
    if (path.endsWith('/api/search')) {
      const items = Array.from({ length: count }, (_v, i) => ({ url: `/${family}/item/${n}-${i + 1}`, name: `item ${n}-${i + 1}` }));
      return send('application/json', JSON.stringify({ items, next: n < pages ? `/${family}/search?page=${n + 1}` : null }));
    }
    if (path.includes('/api/item/')) {
      const id = path.split('/').pop()!;
      // A moment later, as a real site's API answers: the page is read only once the script has written.
      setTimeout(() => send('application/json', JSON.stringify({ id, name: `Scripted bag ${id}`, price: '¥12,800', seller: `Script shop ${id}` })), 50);
      return;
    }
    if (path.endsWith('/search')) return send('text/html', shell(searchScript));
    if (path.includes('/item/')) return send('text/html', shell(itemScript(opts.probe ?? '')));
    send('text/html', shell(''), 404);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    async close() {
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
