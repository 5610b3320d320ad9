import { describe, expect, it } from 'vitest';
import { permutations } from '../areas/domain-watch/permutations.js';
import { BRAND_SITE_DOMAINS, BRAND_SITE_VARIANTS, brandSitePage, OFFICIAL_DOMAIN } from './brand-sites.js';

describe('demo brand sites', () => {
  it('answers every variant home page, and every image it shows, the same bytes each time', () => {
    for (const variant of BRAND_SITE_VARIANTS) {
      const home = brandSitePage(variant, '/?utm=1');
      expect(home?.status, variant).toBe(200);
      expect(home!.body.equals(brandSitePage(variant, '/')!.body)).toBe(true);
      for (const [, src] of home!.body.toString('utf8').matchAll(/<img src="([^"]+)"/g)) {
        expect(brandSitePage(variant, src!)?.contentType, `${variant} ${src}`).toBe('image/png');
      }
    }
    expect(brandSitePage('official', '/nothing')).toBeUndefined();
  });

  it('keeps the clones close to the official page and the others away from it', () => {
    const text = (v: Parameters<typeof brandSitePage>[0]) => brandSitePage(v, '/')!.body.toString('utf8');
    expect(text('identical')).toBe(text('official'));
    expect(text('translated')).toContain('さくらビューティー');
    expect(text('phishing')).toContain('type="password"');
    expect(text('shop-tea')).not.toContain('SAKURA');
    expect(brandSitePage('changed-logo', '/img/mark.png')!.body.equals(brandSitePage('official', '/img/logo.png')!.body)).toBe(false);
  });

  it('puts each variant on a domain the watch itself generates from the official one', () => {
    const generated = new Set(permutations(OFFICIAL_DOMAIN).map((p) => p.domain));
    for (const domain of Object.values(BRAND_SITE_DOMAINS)) expect(generated.has(domain), domain).toBe(true);
  });
});
