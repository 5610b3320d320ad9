import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { absolute, siteOf } from './search-urls.js';

/**
 * The next result page without a recipe (issue 29), in order of trust: the page's rel="next"; a link whose text,
 * label or title says "next" in the languages marketplaces are read in, or is a lone forward arrow; the page
 * number after the current one in a pager. Only links on the page's own site, never the page itself.
 */

/** "Next" as pagers write it: a word at the start of the label (a whole word: "Weitere Informationen" is not one). */
const NEXT_WORD =
  /^(?:(?:next|weiter|nächste|naechste|vorwärts|suivant|suivante|siguiente|successiv[oa]|avanti|volgende|próxim[oa]|proxim[oa]|następna|dalej|další|nästa|neste|næste|seuraava|sonraki|следующая|далее)(?!\p{L})|次へ|次の|次ページ|下一页|下一頁|下页|다음)/iu;
const NEXT_ARROW = /^(›|»|→|>|>>|⟩|❯|▶|►)$/;

const label = ($: CheerioAPI, el: Element) =>
  [$(el).text(), el.attribs['aria-label'] ?? '', el.attribs.title ?? ''].map((s) => s.replace(/\s+/g, ' ').trim()).filter(Boolean);

const saysNext = ($: CheerioAPI, el: Element) => label($, el).some((t) => NEXT_WORD.test(t) || NEXT_ARROW.test(t.replace(/^(\S+)\s.*$/, '$1')));
/** An icon-only pager link says it in its class, id or label instead: `pagination__next`, "Go to next page". */
const markedNext = (el: Element) => /(^|[^a-z])next([^a-z]|$)/i.test([el.attribs.class, el.attribs.id, el.attribs['aria-label'], el.attribs.title].join(' '));

export function findNext($: CheerioAPI, pageUrl: string, base = pageUrl): string | undefined {
  const here = new URL(pageUrl);
  const ok = (href: string | undefined) => {
    const url = absolute(href, base);
    if (!url || url === here.href) return undefined;
    return siteOf(new URL(url).hostname) === siteOf(here.hostname) ? url : undefined;
  };
  const rel = $('link[rel~="next"][href], a[rel~="next"][href]').toArray().map((el) => ok(el.attribs.href)).find(Boolean);
  if (rel) return rel;
  const anchors = $('a[href]').toArray();
  // a disabled "next" (on the last page) is no next page
  const live = anchors.filter((el) => el.attribs['aria-disabled'] !== 'true' && !/\bdisabled\b/i.test(el.attribs.class ?? ''));
  const worded = live.filter((el) => (saysNext($, el) || markedNext(el)) && ok(el.attribs.href));
  const best = worded.map((el) => ({ url: ok(el.attribs.href)!, trust: pagerLike(el, ok(el.attribs.href)!, $, here) })).sort((a, b) => b.trust - a.trust)[0];
  if (best) return best.url;
  return byNumber($, live, pageUrl, ok);
}

/**
 * How much a "next" link looks like the pager's: it leads to another view of this search (the same path, a page
 * number in its URL) and its label is short. "Weiter einkaufen" to the cart says "next" too.
 */
function pagerLike(el: Element, url: string, $: CheerioAPI, here: URL): number {
  const u = new URL(url);
  const short = $(el).text().trim().split(/\s+/).length <= 3;
  return (u.pathname === here.pathname ? 2 : 0) + (paged(u) ? 2 : 0) + (short ? 1 : 0);
}

/** A URL with a page number in it (`?page=2`, `/page/2`). */
const paged = (u: URL) => [...u.searchParams].some(([k, v]) => PAGE_PARAM.test(k) && /^\d{1,4}$/.test(v)) || PAGE_PATH.test(u.pathname);

const PAGE_PARAM = /^(page|p|pg|pageno|page_?num(ber)?|pn)$/i;
const PAGE_PATH = /\/(?:page|p)[-/]?(\d{1,4})(?:\/|$|\.)/i;

/** The current page: marked in the pager (aria-current, a "current"/"active" class), else the URL's page number, else 1. */
function currentPage($: CheerioAPI, pageUrl: string): number {
  const marked = $('[aria-current="page"], .current, .active, .selected, .is-active, .is-current')
    .toArray()
    .map((el) => $(el).text().trim())
    .find((t) => /^\d{1,4}$/.test(t));
  if (marked) return Number(marked);
  const u = new URL(pageUrl);
  for (const [k, v] of u.searchParams) if (PAGE_PARAM.test(k) && /^\d{1,4}$/.test(v)) return Number(v);
  const inPath = PAGE_PATH.exec(u.pathname);
  return inPath ? Number(inPath[1]) : 1;
}

/** The link labelled with the number after the current page, in a block of page numbers. */
function byNumber($: CheerioAPI, anchors: Element[], pageUrl: string, ok: (href: string | undefined) => string | undefined): string | undefined {
  const current = currentPage($, pageUrl);
  const want = String(current + 1);
  for (const el of anchors) {
    if ($(el).text().trim() !== want) continue;
    const pager = $(el).parent().parent();
    const numbers = pager.find('a').filter((_i, a) => /^\d{1,4}$/.test($(a).text().trim())).length;
    const url = ok(el.attribs.href);
    // a pager: several page numbers, or this page's number beside a link to another page of this search
    if (!url) continue;
    const u = new URL(url);
    const twoPages = pager.find('*').filter((_i, e) => $(e).text().trim() === String(current)).length > 0 && (paged(u) || u.pathname === new URL(pageUrl).pathname);
    if (numbers >= 2 || twoPages) return url;
  }
  return undefined;
}
