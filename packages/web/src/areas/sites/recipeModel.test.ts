import { describe, expect, it } from 'vitest';
import { marksToSend, mergeRecipe, nodeOf, preview, shownText } from './recipeModel';

type Node = { getAttribute(n: string): string | null; parentElement: Node | null };
const el = (attr: string | null, parent: Node | null = null): Node => ({ getAttribute: (n: string) => (n === 'data-bpp-node' ? attr : null), parentElement: parent });

describe('teaching a recipe: the screen', () => {
  it('a click names the nearest numbered element', () => {
    expect(nodeOf(el('12'))).toBe(12);
    expect(nodeOf(el(null, el(null, el('3'))))).toBe(3);
    expect(nodeOf(el('x', null))).toBeUndefined();
    expect(nodeOf(null)).toBeUndefined();
  });

  it('typed text wins over a click; fields with neither are not sent', () => {
    expect(marksToSend({ title: { node: 4, shows: 'Bag' }, imageUrl: { node: 7, shows: '' }, price: { node: 9, shows: '¥1' } }, { price: '  ¥8,500 ', seller: 'Sakura Store', brand: '   ' })).toEqual({
      title: { node: 4, shows: 'Bag' },
      imageUrl: { node: 7 },
      price: { text: '¥8,500' },
      seller: { text: 'Sakura Store' },
    });
    expect(shownText(' a \n  b ')).toBe('a b');
    expect(shownText('x'.repeat(600))).toHaveLength(500);
    expect(marksToSend({}, {})).toEqual({});
  });

  it('saving keeps the recipe\'s result link, next page and other fields', () => {
    expect(mergeRecipe({ resultLink: 'a.hit', nextPage: 'a.next', fields: { brand: '.brand', title: 'h1' } }, { title: 'h2.name', price: '.buy-box span' })).toEqual({
      resultLink: 'a.hit',
      nextPage: 'a.next',
      fields: { brand: '.brand', title: 'h2.name', price: '.buy-box span' },
    });
    expect(mergeRecipe(null, { seller: 'a.shop' })).toEqual({ fields: { seller: 'a.shop' } });
  });

  it('previews long texts short', () => {
    expect(preview('  a\n b  ')).toBe('a b');
    expect(preview('x'.repeat(80), 10)).toBe('xxxxxxxxx…');
  });
});
