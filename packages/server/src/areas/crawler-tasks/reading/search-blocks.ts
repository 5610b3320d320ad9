import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { isIdSegment } from './search-urls.js';

/**
 * Finding a search page's result list without a recipe (issue 29): results are the page's repeated listing blocks,
 * sibling-like elements of one tag/class structure that each hold a link to a detail page, usually a picture and a
 * price. Every ancestor of every candidate link is a possible block; blocks are grouped by their tag/class path
 * from the root (so a list split in two containers, above and below the fold, stays one group; the block's own
 * class does not count, so a sponsored card stays in its list) and the group that
 * covers most distinct listings, one listing per block, with pictures, prices and item numbers, is the result list.
 */

export interface CandidateLink {
  el: Element;
  /** The link's target, absolute, redirect unwrapped. */
  url: string;
  /** What the listing is known by (listingKey). */
  key: string;
}

/** Levels above a link that may still be its block (a card is rarely deeper than this above its link). */
const MAX_LEVELS = 10;
/** A block holding more distinct targets than this is a container of blocks, not one listing. */
const MAX_KEYS_PER_BLOCK = 4; // the listing, its shop, its reviews, a badge

interface Block {
  el: Element;
  links: CandidateLink[];
  keys: Set<string>;
}

/** Tag and first class, digits dropped (`item-3`, `col-12` are positions, not structure). */
function ownSig(el: Element): string {
  const cls = (el.attribs.class ?? '').trim().split(/\s+/)[0] ?? '';
  return `${el.name}.${cls.replace(/\d+/g, '')}`;
}

function pathSig(el: Element, cache: Map<Element, string>): string {
  const known = cache.get(el);
  if (known !== undefined) return known;
  const parent = el.parent && el.parent.type === 'tag' ? (el.parent as Element) : undefined;
  const sig = (parent ? pathSig(parent, cache) + '>' : '') + ownSig(el);
  cache.set(el, sig);
  return sig;
}

function groupBlocks(links: CandidateLink[]): Map<string, Map<Element, Block>> {
  const cache = new Map<Element, string>();
  const groups = new Map<string, Map<Element, Block>>();
  for (const link of links) {
    let el: Element | undefined = link.el;
    for (let level = 0; el && level <= MAX_LEVELS && el.name !== 'body' && el.name !== 'html'; level++) {
      // the block's own class is left out: a sponsored or featured card is the same block with another class
      const parent = el.parent && el.parent.type === 'tag' ? (el.parent as Element) : undefined;
      const sig = `${parent ? pathSig(parent, cache) : ''}>${el.name}`;
      let group = groups.get(sig);
      if (!group) groups.set(sig, (group = new Map()));
      let block = group.get(el);
      if (!block) group.set(el, (block = { el, links: [], keys: new Set() }));
      block.links.push(link);
      block.keys.add(link.key);
      el = el.parent && el.parent.type === 'tag' ? (el.parent as Element) : undefined;
    }
  }
  return groups;
}

/** A price as listings show it: a currency sign or code beside digits. */
const PRICE = /([$€£¥₹₩₽¢]|\b(?:EUR|USD|GBP|JPY|CHF|CAD|AUD|CNY|INR|SEK|NOK|DKK|PLN|RUB|BRL|MXN|KRW|TWD|HKD|SGD)\b|円|元|руб|zł|kr\b)\s*\d|\d[\d.,']*\s*([$€£¥₹₩₽]|\b(?:EUR|USD|GBP|JPY|CHF)\b|円|元|руб|zł|kr\b|Kč|Ft|лв)/i;

interface Scored {
  score: number;
  blocks: Block[];
}

/** How much a group looks like a result list: distinct listings, each block one listing, with pictures and prices. */
function scoreGroup($: CheerioAPI, blocks: Block[], textOf: (el: Element) => string): { score: number; listingLike: boolean } {
  const pure = blocks.filter((b) => b.keys.size <= MAX_KEYS_PER_BLOCK);
  const none = { score: 0, listingLike: false };
  if (pure.length < 2 || pure.length < 0.7 * blocks.length) return none;
  // listings the group covers, one per block at most (a row of four cards is one block, not four listings)
  const distinct = Math.min(pure.length, new Set(pure.flatMap((b) => [...b.keys])).size);
  if (distinct < 2) return none;
  const share = (test: (b: Block) => boolean) => pure.filter(test).length / pure.length;
  const img = share((b) => $(b.el).find('img, picture').length > 0 || b.el.name === 'img');
  const text = (b: Block) => textOf(b.el);
  const price = share((b) => PRICE.test(text(b)));
  const id = share((b) => new URL(b.links[0]!.url).pathname.split('/').some(isIdSegment) || /\d{4,}/.test(b.links[0]!.key));
  const long = share((b) => text(b).trim().length >= 20);
  // menus and footers have none of pictures, prices and item numbers; a result list at least some
  return { score: distinct * (1 + img + price + 0.5 * id + 0.5 * long), listingLike: img + price + id >= 0.5 };
}

/**
 * The shape of a link within its list: host and the path segments common to the list, `#` for an item number;
 * other segments (slugs, session ids) left out, so `/itm/123` and `/itm/some-title/123` are one shape.
 */
function shapes(links: CandidateLink[]): (url: string) => string {
  // each listing once: a card links it from picture, title and reviews, a sponsored card repeats it
  const urls = [...new Map(links.map((l) => [l.key, l.url])).values()];
  const seen = new Map<string, number>();
  const parts = (url: string) => new URL(url).pathname.split('/').filter(Boolean);
  for (const url of urls) parts(url).forEach((s, i) => seen.set(`${i}:${s}`, (seen.get(`${i}:${s}`) ?? 0) + 1));
  const common = Math.max(2, urls.length / 3);
  return (url) => `${new URL(url).hostname}/${parts(url)
    // a number of any length is an item number here: /item/300 and /item/100301 are one list
    .map((s, i) => ((seen.get(`${i}:${s}`) ?? 0) >= common ? s : isIdSegment(s) || /^\d+$/.test(s) ? '#' : ''))
    .filter(Boolean)
    .join('/')}`;
}

/**
 * The result links in page order, one per block: in each block the first link of the shape most blocks share
 * (the title or picture link, not the reviews or the other-sellers link). Undefined when the page has no list.
 */
export function resultLinks($: CheerioAPI, links: CandidateLink[]): CandidateLink[] | undefined {
  let best: Scored | undefined;
  const groups = groupBlocks(links);
  const texts = new Map<Element, string>(); // a block's text is read once though it is scored in several groups
  const textOf = (el: Element) => texts.get(el) ?? texts.set(el, $(el).text().replace(/\s+/g, ' ')).get(el)!;
  for (const group of groups.values()) {
    const blocks = [...group.values()];
    const { score, listingLike } = scoreGroup($, blocks, textOf);
    if (score === 0) continue;
    // a group with pictures, prices or item numbers before any other (a one-result page's menu is no result list);
    // ties go to the outer level (found later while walking up): the whole card, picture and price included
    const rank = listingLike ? score + 1e6 : score;
    if (!best || rank >= best.score) best = { score: rank, blocks };
  }
  if (!best || best.score < 1e6) {
    const lone = loneCards($, groups);
    if (lone.length > 0) return lone;
  }
  if (!best) return undefined;
  const blocks = best.blocks.filter((b) => b.keys.size <= MAX_KEYS_PER_BLOCK);
  const shapeOf = shapes(blocks.flatMap((b) => b.links));
  const votes = new Map<string, number>();
  for (const b of blocks) for (const s of new Set(b.links.map((l) => shapeOf(l.url)))) votes.set(s, (votes.get(s) ?? 0) + 1);
  // equal votes (a card's listing and shop links): the shape with an item number, else the one met first
  const top = [...votes].sort((a, b) => b[1] + (b[0].includes('#') ? 0.5 : 0) - a[1] - (a[0].includes('#') ? 0.5 : 0))[0]![0];
  const out: CandidateLink[] = [];
  for (const b of blocks) {
    const link = b.links.find((l) => shapeOf(l.url) === top);
    if (link) out.push(link);
  }
  return out;
}

/** Levels above a link where a lone card (picture, price, the link) may end. */
const CARD_LEVELS = 4;

/**
 * The listing of a page with a single result: no group of two, so the repeated blocks are the menus; the card is
 * the small block around a link that holds a picture and a price. Outermost such block for each link, page order.
 */
function loneCards($: CheerioAPI, groups: Map<string, Map<Element, Block>>): CandidateLink[] {
  const blockOf = new Map<Element, Block>();
  for (const group of groups.values()) for (const [el, b] of group) blockOf.set(el, b);
  const cards = new Map<Element, Block>();
  for (const block of blockOf.values()) {
    if (block.el !== block.links[0]!.el) continue; // start from each link's own element
    let card: Block | undefined;
    let el: Element | undefined = block.el;
    for (let level = 0; el && level <= CARD_LEVELS; level++, el = el.parent?.type === 'tag' ? (el.parent as Element) : undefined) {
      const b = blockOf.get(el);
      if (!b || b.keys.size > MAX_KEYS_PER_BLOCK) break;
      if ($(el).find('img, picture').length > 0 && PRICE.test($(el).text())) card = b;
    }
    if (card) cards.set(card.el, card);
  }
  return [...cards.values()].map((b) => b.links[0]!);
}
