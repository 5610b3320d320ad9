import type { CrawlRecipe, RecipeMark } from '@portal/contract';

/**
 * Teaching a site's recipe by example (issue 29 point 4), the screen's pure part: which element a click marks,
 * what is sent to learn from, and how the learnt fields join the site's saved recipe.
 */

/** The fields the screen offers to mark: title, price and seller first, then the optional others. */
export const TEACH_FIELDS = ['title', 'price', 'seller', 'sellerUrl', 'imageUrl', 'brand', 'listingNo'] as const;
export type TeachField = (typeof TEACH_FIELDS)[number];
export type LearntFields = Partial<Record<TeachField, string>>;

/** The attribute the server numbers every element of the shown page with. */
export const NODE_ATTR = 'data-bpp-node';

interface NodeLike {
  getAttribute(name: string): string | null;
  parentElement: NodeLike | null;
}

/** The number of the clicked element, or of the nearest numbered element around it (text inside, added nodes). */
export function nodeOf(target: NodeLike | null): number | undefined {
  for (let el = target; el; el = el.parentElement) {
    const n = el.getAttribute(NODE_ATTR);
    if (n !== null && /^\d+$/.test(n)) return Number(n);
  }
  return undefined;
}

/** A click: the element's number and the text it showed then (at most 500 characters; none for a picture). */
export interface Clicked {
  node: number;
  shows: string;
}
/** The text a clicked element shows, as the server compares it (spaces folded). */
export const shownText = (text: string | null | undefined): string => (text ?? '').replace(/\s+/g, ' ').trim().slice(0, 500);

/** Per field what is sent: the text typed for it (the keyboard way) wins over a click; a field with neither is left out. */
export function marksToSend(clicked: Partial<Record<TeachField, Clicked>>, typed: Partial<Record<TeachField, string>>): Partial<Record<TeachField, RecipeMark>> {
  const marks: Partial<Record<TeachField, RecipeMark>> = {};
  for (const f of TEACH_FIELDS) {
    const text = typed[f]?.trim();
    const click = clicked[f];
    if (text) marks[f] = { text };
    else if (click) marks[f] = click.shows ? { node: click.node, shows: click.shows } : { node: click.node };
  }
  return marks;
}

/** The site's recipe with the learnt fields: its result link, next page and other fields are kept. */
export function mergeRecipe(saved: CrawlRecipe | null, learnt: LearntFields): CrawlRecipe {
  return { ...saved, fields: { ...saved?.fields, ...learnt } };
}

/** A short preview of a marked element's text, for the list of marks. */
export const preview = (text: string | null | undefined, max = 60): string => {
  const s = (text ?? '').replace(/\s+/g, ' ').trim();
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
};
