import type { CheerioAPI } from 'cheerio';
import type { AnyNode, Element } from 'domhandler';

/** Shared helpers of the page reader: cleaning, visible text, document order, absolute links. */

const MAX_FIELD = 2000;
export const clean = (s: unknown): string | undefined => {
  if (s === undefined || s === null || typeof s === 'object') return undefined;
  const text = String(s).replace(/\s+/g, ' ').trim().slice(0, MAX_FIELD);
  return text === '' ? undefined : text;
};

export const absolute = (href: string | undefined, base: string): string | undefined => {
  if (!href) return undefined;
  try {
    const url = new URL(href, base);
    url.hash = '';
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
};

/** Full-width digits, comma and period as ASCII ("１，９８０" → "1,980"), as Japanese pages write prices. */
export const halfWidth = (s: string): string => s.replace(/[０-９，．]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));

/** Loose comparison of two names: case, punctuation and spacing aside. */
export const fold = (s: string | undefined): string => (s ?? '').toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
export const sameName = (a: string | undefined, b: string | undefined): boolean => {
  const x = fold(a);
  const y = fold(b);
  return x !== '' && y !== '' && (x === y || (Math.min(x.length, y.length) >= 8 && (x.includes(y) || y.includes(x))));
};

const HIDDEN_CLASS = /(^|[\s_-])(hidden|hdn|hide|sr-only|visually-hidden|screen-reader-text)($|[\s_-])/i;
const isHiddenStyle = (el: Element) => /display\s*:\s*none|visibility\s*:\s*hidden/i.test(el.attribs.style ?? '') || el.attribs.hidden !== undefined;

/**
 * The text a reader sees. Never: scripts, styles, `aria-hidden` decoration (a price drawn as "$" "8" "99" next to
 * its screen-reader text "$8.99"), elements hidden by style. `dropLabels` also drops screen-reader-only labels
 * ("Details about" before a title). Cents in `<sup>` after digits ("173<sup>34</sup>") are read as decimals.
 */
export function visibleText(node: AnyNode, dropLabels = false, skip?: (el: Element) => boolean): string {
  const parts: string[] = [];
  const walk = (n: AnyNode) => {
    if (n.type === 'text') {
      parts.push((n as unknown as { data: string }).data);
      return;
    }
    if (n.type !== 'tag') return;
    const el = n as Element;
    const name = el.name.toLowerCase();
    if (name === 'script' || name === 'style' || name === 'noscript' || name === 'template') return;
    if (el.attribs['aria-hidden'] === 'true' || isHiddenStyle(el)) return;
    if (dropLabels && HIDDEN_CLASS.test(el.attribs.class ?? '')) return;
    if (skip && el !== node && skip(el)) return;
    if (name === 'br') parts.push(' ');
    if (name === 'sup') {
      const inner = el.children.map((c) => (c.type === 'text' ? (c as unknown as { data: string }).data : '')).join('').trim();
      if (/^\d{2}$/.test(inner) && /\d\s*$/.test(parts.join(''))) {
        parts.push(`.${inner}`);
        return;
      }
    }
    for (const c of el.children) walk(c);
    if (/^(p|div|li|td|th|tr|h\d|dd|dt)$/.test(name)) parts.push(' ');
  };
  walk(node);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Each element's index in document order (for "near the heading"). */
export function documentOrder($: CheerioAPI): Map<Element, number> {
  const order = new Map<Element, number>();
  $('*').each((i, el) => {
    order.set(el as Element, i);
  });
  return order;
}

/** What an element's markup says it is: class, id, itemprop and short data-* values (data-cy="product-was-price"). */
export const attrText = (el: Element): string => {
  let out = `${el.attribs.class ?? ''} ${el.attribs.id ?? ''} ${el.attribs.itemprop ?? ''}`;
  for (const [k, v] of Object.entries(el.attribs)) if (k.startsWith('data-') && v.length > 0 && v.length < 40 && /^[a-z][\w-]*$/i.test(v)) out += ` ${v}`;
  return out;
};
export const hasHiddenClass = (el: Element): boolean => HIDDEN_CLASS.test(el.attribs.class ?? '');

/** True when `el` or an ancestor (up to `depth` levels) matches the test. */
export function inside(el: Element, test: (e: Element) => boolean, depth = 12): boolean {
  let cur: Element | null = el;
  for (let i = 0; cur && i <= depth; i++) {
    if (cur.type === 'tag' && test(cur)) return true;
    cur = cur.parent && cur.parent.type === 'tag' ? (cur.parent as Element) : null;
  }
  return false;
}
