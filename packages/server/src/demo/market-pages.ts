/**
 * The pages of the demo's fixture marketplace (market.ts): a search of two pages with `rel="next"`, and listing
 * pages carrying schema.org Product/Offer JSON-LD, as many real marketplaces publish. The listings are of the first
 * demo client's brands (some named in English, some in Japanese, as on a Japanese marketplace), so the report the
 * crawler makes has matches for its brand keywords, and one is of nothing of theirs.
 */
export interface DemoListing {
  title: string;
  price: string;
  currency: string;
  seller: string;
  region: string;
  brand?: string;
}

export const DEMO_LISTINGS: DemoListing[] = [
  { title: 'SAKURA BEAUTY SK-Serum 30ml — 70% off, no box', price: '1980', currency: 'JPY', seller: 'Tokyo Bargain Shop', region: 'JP', brand: 'SAKURA BEAUTY' },
  { title: 'さくらビューティー 美容液 30ml 箱なし 激安', price: '1500', currency: 'JPY', seller: '大阪激安ストア', region: 'JP', brand: 'さくらビューティー' },
  { title: 'Hanami HN Lip Tint, set of 3 colours', price: '9.99', currency: 'USD', seller: 'Global Beauty Deals', region: 'CN' },
  { title: '花見コスメ リップティント 3本セット 送料無料', price: '1200', currency: 'JPY', seller: '花見ショップ', region: 'JP' },
  { title: 'SKB serum refill pouch 100ml', price: '5.50', currency: 'USD', seller: 'Refill World', region: 'CN' },
  { title: 'Cherry blossom face cream 50g', price: '1280', currency: 'JPY', seller: 'Cosme Outlet', region: 'JP' },
  { title: 'SAKURA BEAUTY SK-Cream 50g tester', price: '3.00', currency: 'USD', seller: 'Sample Store', region: 'HK', brand: 'SAKURA BEAUTY' },
  { title: 'さくらビューティー クリーム 50g 並行輸入品', price: '2400', currency: 'JPY', seller: '美肌マート', region: 'JP', brand: 'さくらビューティー' },
];
const PER_PAGE = 4;

export const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const STYLE = 'body{font-family:sans-serif;margin:0;color:#222}header{background:#c2185b;color:#fff;padding:12px 24px;font-size:20px}main{padding:16px 24px}.hit{display:block;padding:8px 0;border-bottom:1px solid #eee}.price{font-size:22px;color:#c2185b}';

export function layout(title: string, body: string, head = ''): string {
  return `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>${escape(title)} | Demo Market デモマーケット</title><style>${STYLE}</style>${head}</head>` +
    `<body><header>Demo Market デモマーケット</header><main>${body}</main></body></html>`;
}

/** The search result page `page` (1-based) for any keyword: links to listings, and to the next page while there is one. */
export function searchPage(keyword: string, page: number): string {
  const { title, body } = searchBody(keyword, page, '');
  return layout(title, body);
}

/** The search page's title and content, its links under `base` ('' or the script-built pages' '/app'). */
function searchBody(keyword: string, page: number, base: string): { title: string; body: string } {
  const pages = Math.ceil(DEMO_LISTINGS.length / PER_PAGE);
  const n = Math.min(Math.max(1, page), pages);
  const hits = DEMO_LISTINGS.slice((n - 1) * PER_PAGE, n * PER_PAGE)
    .map((l, i) => `<a class="hit" href="${base}/item/${(n - 1) * PER_PAGE + i + 1}">${escape(l.title)}</a>`)
    .join('');
  const q = encodeURIComponent(keyword);
  const next = n < pages ? `<p><a rel="next" href="${base}/search?q=${q}&amp;page=${n + 1}">Next 次へ</a></p>` : '';
  return { title: `${keyword} (${n}/${pages})`, body: `<h1>“${escape(keyword)}” ${n}/${pages}</h1>${hits}${next}` };
}

/** A listing page (1-based number), or undefined when there is none. */
export function listingPage(no: number, origin: string): string | undefined {
  const listing = listingBody(no, origin, '');
  return listing && layout(listing.title, listing.body, listing.ld);
}

function listingBody(no: number, origin: string, base: string): { title: string; body: string; ld: string } | undefined {
  const l = DEMO_LISTINGS[no - 1];
  return l && listingParts(no, l, origin, base);
}

/** A listing's title, content and JSON-LD, its address under `base`. */
export function listingParts(no: number, l: DemoListing, origin: string, base: string): { title: string; body: string; ld: string } {
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: l.title,
    sku: `DM-${String(no).padStart(4, '0')}`,
    url: `${origin}${base}/item/${no}`,
    ...(l.brand && { brand: { '@type': 'Brand', name: l.brand } }),
    offers: { '@type': 'Offer', price: l.price, priceCurrency: l.currency, areaServed: l.region, seller: { '@type': 'Organization', name: l.seller, url: `${origin}/seller/${no}` } },
  };
  // JSON-LD inside a <script>: "<" is escaped so a title can never end the script.
  const ld = `<script type="application/ld+json">${JSON.stringify(product).replace(/</g, '\\u003c')}</script>`;
  return { title: l.title, body: `<h1>${escape(l.title)}</h1><p class="price">${escape(l.price)} ${escape(l.currency)}</p><p>Seller 出品者: ${escape(l.seller)}</p>`, ld };
}

/**
 * The same market built by script, under `/app/` (the site "Demo Script Market", read in a browser): every page is
 * an empty shell whose script asks `/app/part/<page>` for its content and writes it in. The HTML as served has no
 * listing, so only a crawl with **Read the pages in a browser** finds one.
 */
export function scriptShell(): string {
  const script = `fetch('/app/part' + location.pathname.slice(4) + location.search).then((r) => r.text()).then((html) => { document.querySelector('main').innerHTML = html; });`;
  return layout('Demo Market', '<p>Loading… 読み込み中…</p>', `<script>${script}</script>`);
}

/** The content a script-built page writes in: `/app/part/search?q=&page=` or `/app/part/item/<n>` (undefined: none). */
export function scriptPart(path: string, params: URLSearchParams, origin: string): string | undefined {
  if (path === '/search') return searchBody(params.get('q') ?? '', Number(params.get('page')) || 1, '/app').body;
  const item = /^\/item\/(\d{1,4})$/.exec(path);
  const listing = item ? listingBody(Number(item[1]), origin, '/app') : undefined;
  // The JSON-LD goes in with the content: written by the script, it is data of the page as a browser shows it.
  return listing && listing.ld + listing.body;
}

export const homePage = () => layout('Home', '<p><a href="/search?q=sakura&amp;page=1">Search 検索: sakura</a></p>');
