import { describe, expect, it } from 'vitest';
import { BRAND_KEYWORDS, BRAND_SITE_DOMAINS, brandSitePage, CLONE_VARIANTS, SHOP_VARIANTS, type BrandSiteVariant } from '../../demo/brand-sites.js';
import type { Inspection } from './inspect.js';
import { brandWordsIn, brandWordsOf, isShop, pageFacts } from './page-facts.js';
import { dHash, hamming, tlshOf, tlshSimilarity } from './page-hash.js';
import { outcomeOf, referenceOf } from './pages.js';

/**
 * The scoring of look-alike pages (pure), on the demo brand's fixture sites: HTML and pictures as served, no
 * screenshot (the run test and the benchmark add it).
 */
const html = (v: BrandSiteVariant) => brandSitePage(v, '/')!.body.toString('utf8');
async function inspected(v: BrandSiteVariant): Promise<Inspection> {
  const facts = pageFacts(html(v));
  const images = await Promise.all(facts.images.map(async (i) => ({ ...i, hash: await dHash(brandSitePage(v, i.src)!.body) })));
  return { ok: true, url: `http://${v}/`, status: 200, facts, hashes: { markupTlsh: tlshOf(facts.markup), textTlsh: tlshOf(facts.text), shotHash: null }, images, png: null };
}
const words = brandWordsOf({ brands: ['SAKURA BEAUTY', ...BRAND_KEYWORDS], words: [], labels: ['sakura-beauty'] });
const scored = async (v: Exclude<BrandSiteVariant, 'official'>) => outcomeOf(BRAND_SITE_DOMAINS[v], await inspected(v), referenceOf(await inspected('official'), words), words).result;

describe('page facts', () => {
  it('reads shops, login and card forms, parking, for-sale and empty pages in English and Japanese', () => {
    expect(isShop(pageFacts(html('shop-tea')))).toBe(true);
    expect(isShop(pageFacts(html('shop-outdoor')))).toBe(true);
    expect(pageFacts(html('phishing'))).toMatchObject({ password: true, card: true });
    expect(pageFacts(html('official'))).toMatchObject({ password: false, card: false, parked: false, forSale: false, empty: false });
    expect(pageFacts(html('parked')).parked).toBe(true);
    expect(pageFacts(html('for-sale')).forSale).toBe(true);
    expect(pageFacts(html('empty')).empty).toBe(true);
    expect(pageFacts('<p>このドメインは販売中です</p>').forSale).toBe(true);
    expect(pageFacts('<p>Total <b>1,280円</b> and ￥3,000</p>').prices).toBe(2);
  });

  it("finds the brand's words, whole and in either width, but not in the look-alike's own domain", () => {
    const facts = pageFacts('<title>ＳＫＢ outlet</title><p>Welcome to sakura-beauty-sale.jp, skbag</p>');
    expect(brandWordsIn(facts, ['SKB', 'sakura-beauty'], 'sakura-beauty-sale.jp')).toEqual(['SKB']);
    expect(brandWordsIn(pageFacts('<p>skbag</p>'), ['SKB'], 'x.jp')).toEqual([]);
    expect(brandWordsOf({ brands: ['A Brand'], words: ['outlet'], labels: ['sakura-beauty'] })).toEqual(['A Brand', 'outlet', 'sakura-beauty', 'sakura beauty', 'sakurabeauty']);
  });
});

describe('hashes', () => {
  it('puts the same page at 100, a clone near and an unrelated page at 0', () => {
    const t = (v: BrandSiteVariant) => tlshOf(pageFacts(html(v)).text);
    const m = (v: BrandSiteVariant) => tlshOf(pageFacts(html(v)).markup);
    expect(tlshSimilarity(t('official'), t('identical'))).toBe(100);
    expect(tlshSimilarity(t('official'), t('retemplated'))).toBeGreaterThan(60);
    expect(tlshSimilarity(m('official'), m('translated'))).toBeGreaterThan(40);
    expect(tlshSimilarity(m('official'), m('shop-electronics'))).toBe(0);
    expect(tlshOf('too short')).toBeNull();
  });

  it('gives a picture one dHash, another picture a far one', async () => {
    const logo = (await dHash(brandSitePage('official', '/img/logo.png')!.body))!;
    const other = (await dHash(brandSitePage('changed-logo', '/img/mark.png')!.body))!;
    expect(logo).toMatch(/^[0-9a-f]{16}$/);
    expect(hamming(logo, logo)).toBe(0);
    expect(hamming(logo, other)).toBeGreaterThan(8);
    expect(await dHash(Buffer.from('not a picture'))).toBeNull();
  });
});

describe('the score', () => {
  it('ranks every clone above every unrelated shop, each point with its reason', async () => {
    const clones = await Promise.all(CLONE_VARIANTS.map(scored));
    const shops = await Promise.all(SHOP_VARIANTS.map(scored));
    expect(Math.min(...clones.map((c) => c.score))).toBeGreaterThan(Math.max(...shops.map((s) => s.score)));
    for (const r of [...clones, ...shops]) {
      const points = r.reasons.reduce((sum, reason) => sum + Number('key' in reason ? (reason.params?.points ?? 0) : 0), 0);
      expect(points).toBe(r.score);
    }
    expect(clones.map((c) => c.category)).toEqual([10, 10, 10, 10]);
    expect(shops.map((s) => s.category)).toEqual([2, 2, 2, 2]);
    expect(clones[0]!.reasons.map((r) => 'key' in r && r.key)).toEqual(['domainWatch.reasonMarkupSimilar', 'domainWatch.reasonLogo', 'domainWatch.reasonBrandWords', 'domainWatch.reasonShop']);
  });

  it('suggests phishing, parking, domain selling and no content', async () => {
    const phishing = await scored('phishing');
    expect([phishing.category, phishing.signals.login]).toEqual([11, true]);
    expect(phishing.reasons.map((r) => 'key' in r && r.key)).toContain('domainWatch.reasonCardForm');
    expect((await scored('parked')).category).toBe(5);
    expect((await scored('for-sale')).category).toBe(8);
    expect(await scored('empty')).toMatchObject({ score: 0, category: 6 });
  });
});
