import { DEMO_LISTINGS, escape, layout, listingParts, type DemoListing } from './market-pages.js';

/**
 * The demo market's live corner, under `/live/` (issue 30 point 5): the site "Demo Live Market" that the demo's
 * watch looks at every five minutes. It changes a little every five minutes, by the clock, so that each run of the
 * watch has something to say: a new listing appears (and leaves again fifteen minutes later, so it is gone after
 * two runs miss it), one listing is on sale at 20 % off, and one of the regular listings is away for ten minutes.
 */
export const LIVE_PERIOD_MS = 5 * 60_000;
const PER_PAGE = 5;

const epochOf = (now: number) => Math.floor(now / LIVE_PERIOD_MS);

/** A new listing of epoch `e`: numbered 100 + e mod 900, of the demo client's brand or not, alternately. */
function newcomer(e: number): DemoListing {
  const n = e % 900;
  return n % 2 === 0
    ? { title: `SAKURA BEAUTY SK-Serum 30ml, new lot ${n}`, price: String(1700 + (n % 5) * 100), currency: 'JPY', seller: `Flash Seller ${n % 7}`, region: 'JP', brand: 'SAKURA BEAUTY' }
    : { title: `さくらビューティー 美容液 新入荷 ロット${n}`, price: String(1400 + (n % 4) * 100), currency: 'JPY', seller: `新着ショップ${n % 5}`, region: 'JP', brand: 'さくらビューティー' };
}

/** The listings shown at `now`, by number: the regular ones (1-8) less the one away, then the last three newcomers. */
export function liveCatalogue(now: number): Map<number, DemoListing> {
  const e = epochOf(now);
  const away = 1 + (Math.floor(e / 2) % DEMO_LISTINGS.length);
  const onSale = 1 + (e % DEMO_LISTINGS.length);
  const shown = new Map<number, DemoListing>();
  DEMO_LISTINGS.forEach((l, i) => {
    const no = i + 1;
    if (no === away) return;
    shown.set(no, no === onSale ? { ...l, price: (Math.round(Number(l.price) * 80) / 100).toFixed(l.currency === 'JPY' ? 0 : 2) } : l);
  });
  for (let k = e - 2; k <= e; k++) shown.set(100 + (((k % 900) + 900) % 900), newcomer(k));
  return shown;
}

export function liveSearchPage(page: number, now: number): string {
  const numbers = [...liveCatalogue(now).keys()];
  const pages = Math.max(1, Math.ceil(numbers.length / PER_PAGE));
  const n = Math.min(Math.max(1, page), pages);
  const catalogue = liveCatalogue(now);
  const hits = numbers
    .slice((n - 1) * PER_PAGE, n * PER_PAGE)
    .map((no) => `<a class="hit" href="/live/item/${no}">${escape(catalogue.get(no)!.title)}</a>`)
    .join('');
  const next = n < pages ? `<p><a rel="next" href="/live/search?page=${n + 1}">Next 次へ</a></p>` : '';
  return layout(`Live ${n}/${pages}`, `<h1>Live market ライブ ${n}/${pages}</h1>${hits}${next}`);
}

export function liveListingPage(no: number, origin: string, now: number): string | undefined {
  const l = liveCatalogue(now).get(no);
  if (!l) return undefined;
  const parts = listingParts(no, l, origin, '/live');
  return layout(parts.title, parts.body, parts.ld);
}
