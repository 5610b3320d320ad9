import type { CheerioAPI } from 'cheerio';
import type { Element } from 'domhandler';
import { clean } from './text.js';

/**
 * Learning a recipe's selector from one marked element (issue 29 point 4): the shortest CSS selector that picks
 * exactly that element on the page, built from hooks that survive a site's next build. No rule names a site: the
 * preferences are general.
 *
 * Order of preference for the element itself: a stable id; `itemprop`; `data-testid` and other data-* hooks; a
 * semantic class (one that names the field first); a lone heading tag (`h1`). When none is unique on the page, the same
 * hooks of the nearest ancestor that has one, as `ancestor element-hook`; last, a short `:nth-of-type` path from
 * that ancestor (or from `body`). Generated names are never used: CSS-in-JS classes (`css-1x2y3z`, `sc-bdVaJa`,
 * `jsx-123`), CSS-module hashes (`Title_title__3xK9d`), long digit runs (`item-48213`), React ids (`:r1:`).
 */

export type FieldKind = 'text' | 'image' | 'link';
/** What a field reads: an image's `src`, a link's `href`, otherwise the text (or a microdata `content`). */
export const kindOf = (field: string): FieldKind => (field === 'imageUrl' ? 'image' : field === 'sellerUrl' || field === 'url' ? 'link' : 'text');

/** A token a build tool made up rather than a person named. */
export function looksGenerated(token: string): boolean {
  if (token.length > 40 || /\d{3,}/.test(token) || /[:.]/.test(token)) return true;
  if (/^(css|sc|jsx|emotion|styled|svelte|astro|tw|chakra|mui|makeStyles|jss)[-_]/i.test(token) && /[A-Z0-9]/.test(token.replace(/^[a-z]+[-_]/i, ''))) return true;
  if (/__[A-Za-z0-9_-]{4,}$/.test(token) && /\d/.test(token.split('__').pop()!)) return true;
  return token.split(/[-_]+/).some((seg) => {
    if (seg.length < 5) return false;
    const digits = (seg.match(/\d/g) ?? []).length;
    const upper = (seg.match(/[A-Z]/g) ?? []).length;
    const lower = (seg.match(/[a-z]/g) ?? []).length;
    // Letters and digits mixed (a1b2c), or a short run of scattered capitals (bdVaJa, kHsGtQ).
    return (digits > 0 && digits < seg.length && lower + upper > 0 && !/^[a-z]+\d{1,2}$/i.test(seg)) || (seg.length <= 10 && upper >= 2 && lower > 0 && upper / seg.length >= 0.3);
  });
}

/** A plain CSS identifier (no escaping needed, not starting with a digit). */
const plainIdent = (s: string) => /^-?[A-Za-z_][A-Za-z0-9_-]*$/.test(s);
const quoted = (s: string) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;

/** Words a class or hook may use for each field: such a class is tried first. */
const FIELD_WORDS: Record<string, RegExp> = {
  title: /title|name|heading|product/i,
  price: /price|amount|cost|money/i,
  seller: /seller|shop|store|merchant|vendor|sold/i,
  sellerUrl: /seller|shop|store|merchant|vendor/i,
  imageUrl: /image|img|photo|picture|main/i,
  brand: /brand|maker/i,
};
const HOOK_ATTRS = ['itemprop', 'data-testid', 'data-test', 'data-test-id', 'data-qa', 'data-cy', 'data-role', 'data-field', 'data-name', 'data-type', 'name', 'aria-label'];

/** The selectors that name the element on its own, most stable first (unchecked for uniqueness). */
function ownHooks(el: Element, field: string): string[] {
  const tag = el.tagName.toLowerCase();
  const out: string[] = [];
  const id = el.attribs.id;
  if (id && plainIdent(id) && !looksGenerated(id)) out.push(`#${id}`);
  const attrs = [...HOOK_ATTRS, ...Object.keys(el.attribs).filter((a) => a.startsWith('data-') && !HOOK_ATTRS.includes(a))];
  for (const a of attrs) {
    const v = el.attribs[a];
    // No `@` in a value: a recipe's selector ends at its last `@` (`selector@attr`).
    if (v && v.length <= 60 && !v.includes('@') && !looksGenerated(v.replace(/\s+/g, '-'))) out.push(`${tag}[${a}=${quoted(v)}]`);
  }
  const words = FIELD_WORDS[field];
  const classes = (el.attribs.class ?? '').split(/\s+/).filter((c) => c && plainIdent(c) && !looksGenerated(c));
  classes.sort((a, b) => Number(words?.test(b) ?? 0) - Number(words?.test(a) ?? 0));
  for (const c of classes) out.push(`${tag}.${c}`);
  if (classes.length >= 2) out.push(`${tag}.${classes.slice(0, 2).join('.')}`);
  out.push(tag);
  return out;
}

const unique = ($: CheerioAPI, selector: string, el: Element): boolean => {
  try {
    const found = $(selector);
    return found.length === 1 && found[0] === el;
  } catch {
    return false;
  }
};

const elementParent = (el: Element): Element | undefined => (el.parent && el.parent.type === 'tag' ? (el.parent as Element) : undefined);

/** `tag:nth-of-type(k)` of the element among its siblings (the tag alone when it is the only one). */
function nthOfType(el: Element): string {
  const tag = el.tagName.toLowerCase();
  const siblings = (el.parent?.children ?? []).filter((c): c is Element => c.type === 'tag' && (c as Element).tagName.toLowerCase() === tag);
  return siblings.length <= 1 ? tag : `${tag}:nth-of-type(${siblings.indexOf(el) + 1})`;
}

/** A selector that picks exactly `el` on the page, or undefined when even a path cannot. */
export function selectorFor($: CheerioAPI, el: Element, field: string): string | undefined {
  const own = ownHooks(el, field);
  // A bare tag alone only for a heading: the one `img` or `a` of this page is one of many on the next.
  const tag = el.tagName.toLowerCase();
  for (const s of own) if ((s !== tag || /^h[1-3]$/.test(tag)) && unique($, s, el)) return s;
  // The nearest ancestors' stable hooks (not their bare tag) in front of the element's own hooks.
  const path: Element[] = [el];
  for (let a = elementParent(el); a && a.tagName !== 'html'; a = elementParent(a)) {
    const hooks = a.tagName === 'body' ? ['body'] : ownHooks(a, field).filter((h) => h !== a.tagName.toLowerCase());
    for (const h of hooks) {
      for (const s of own) if (unique($, `${h} ${s}`, el)) return `${h} ${s}`;
      // A path of nth-of-type steps from this ancestor down to the element.
      const steps = path.map(nthOfType).reverse().join(' > ');
      if (unique($, `${h} > ${steps}`, el)) return `${h} > ${steps}`;
    }
    path.push(a);
    if (path.length > 12) break;
  }
  return undefined;
}

/**
 * The element a field reads, from the one marked: an image field reads the marked `img` (or the one inside the
 * mark), a link field the marked link (or the one around or inside it); a text field the mark itself.
 */
export function fieldElement($: CheerioAPI, marked: Element, field: string): { el: Element; attr?: string } | undefined {
  const kind = kindOf(field);
  if (kind === 'image') {
    const img = marked.tagName === 'img' ? marked : ($(marked).find('img[src]').first()[0] as Element | undefined);
    return img ? { el: img, attr: 'src' } : undefined;
  }
  if (kind === 'link') {
    const a = ($(marked).closest('a[href]')[0] ?? $(marked).find('a[href]').first()[0]) as Element | undefined;
    return a ? { el: a, attr: 'href' } : undefined;
  }
  // Microdata's machine value (a price's `content="8500"` under "¥8,500") is what the mark means.
  return { el: marked, ...(marked.attribs.content && marked.attribs.itemprop ? { attr: 'content' } : {}) };
}

/** The element typed text names: the smallest whose text is exactly it, else the smallest that contains it. */
export function elementByText($: CheerioAPI, typed: string): Element | undefined {
  const want = clean(typed)?.toLowerCase();
  if (!want) return undefined;
  const candidates = $('body *')
    .toArray()
    .filter((e): e is Element => e.type === 'tag' && !['script', 'style', 'noscript', 'template'].includes(e.tagName));
  const textOf = (e: Element) => clean($(e).text())?.toLowerCase() ?? '';
  const depth = (e: Element) => $(e).parents().length;
  const deepest = (list: Element[]) => list.reduce<Element | undefined>((best, e) => (best === undefined || depth(e) > depth(best) ? e : best), undefined);
  return deepest(candidates.filter((e) => textOf(e) === want)) ?? deepest(candidates.filter((e) => textOf(e).includes(want)));
}
