import { describe, expect, it } from 'vitest';
import { classify, visibleText } from './recheck-verdict.js';

/** The verdict rules on their own: statuses, phrases in the page's own charset, redirects away from the listing. */
const sight = (html: string | Buffer, finalUrl = 'https://shop.example/item/1', status: number | null = 200) => ({
  url: 'https://shop.example/item/1',
  finalUrl,
  status,
  html: Buffer.isBuffer(html) ? html : Buffer.from(html),
});

describe('re-check verdicts', () => {
  it('reads 404, 410 and 451 as gone', () => {
    for (const status of [404, 410, 451]) expect(classify(sight('<h1>x</h1>', undefined, status))).toEqual({ verdict: 'gone', reason: `status ${status}` });
  });

  it('finds removed-listing phrases in the visible text only, English and Japanese, in the declared charset', () => {
    expect(classify(sight('<p>This item is <b>no longer</b>   available.</p>'))).toMatchObject({ verdict: 'gone' });
    expect(classify(sight('<p>Only 2 left in stock. Sold out soon!</p>'))).toMatchObject({ verdict: 'live' });
    expect(classify(sight('<p>Sorry, this listing is NO LONGER AVAILABLE.</p>'))).toEqual({ verdict: 'gone', reason: 'phrase "no longer available"' });
    // A phrase inside a script (a translation bundle) is not what the page says.
    expect(classify(sight('<script>var t = "Page not found";</script><h1>Bag</h1>'))).toMatchObject({ verdict: 'live' });
    const sjis = Buffer.concat([Buffer.from('<meta charset="shift_jis"><p>'), Buffer.from(new Uint8Array([0x83, 0x79, 0x81, 0x5b, 0x83, 0x57, 0x82, 0xaa, 0x8c, 0xa9, 0x82, 0xc2, 0x82, 0xa9, 0x82, 0xe8, 0x82, 0xdc, 0x82, 0xb9, 0x82, 0xf1])), Buffer.from('</p>')]);
    expect(classify(sight(sjis))).toEqual({ verdict: 'gone', reason: 'phrase "ページが見つかりません"' });
    expect(visibleText('<style>p{}</style><p>A&amp;B</p>')).toBe(' a&b ');
  });

  it('reads a redirect to the home page or a search as gone, and one to the same listing as live', () => {
    expect(classify(sight('<h1>Welcome</h1>', 'https://www.shop.example/'))).toEqual({ verdict: 'gone', reason: 'redirect to /' });
    expect(classify(sight('<h1>Results</h1>', 'https://shop.example/s?k=bag'))).toMatchObject({ verdict: 'gone' });
    expect(classify(sight('<h1>Bag</h1>', 'https://www.shop.example/item/1/'))).toMatchObject({ verdict: 'live' });
    expect(classify(sight('<h1>Bag</h1>', 'https://shop.example/item/1-new-name'))).toMatchObject({ verdict: 'live' });
  });
});
