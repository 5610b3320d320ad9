import { describe, expect, it } from 'vitest';
import type { Site, SiteAccount } from '@portal/contract';
import { accountChanges, categoryName, editableAccount, onlyChanged, regionName, siteChanges, siteValuesOf } from './model';

const saved: SiteAccount = { id: 7, account: 'crawler', passwordSet: true, phone: '', freeze_seconds: null, headersSet: true, cookiesSet: false, remarks: '' };
const account = editableAccount(saved);
const site: Site = { id: 3, name: 'Tmall', url: 'https://tmall.com', region: 'CN', infrigementCategoryId: 1, hasCrawler: true, remarks: '', crawlRecipe: null, maxConcurrency: 2, ignoreRobots: false, fetchWithBrowser: false, accounts: [saved] };

describe('site changes', () => {
  it('sends nothing when the form holds the saved site', () => {
    expect(siteChanges(site, siteValuesOf(site))).toEqual({});
  });

  it('sends only the fields that differ', () => {
    expect(siteChanges(site, { ...siteValuesOf(site), siteName: 'Tmall Global', hasCrawler: 0, remarks: 'x' })).toEqual({ siteName: 'Tmall Global', hasCrawler: 0, remarks: 'x' });
    expect(siteChanges(site, { ...siteValuesOf(site), fetchWithBrowser: true })).toEqual({ fetchWithBrowser: true });
  });
});

describe('only changed', () => {
  it('leaves out what the schema filled in for an unchanged field', () => {
    expect(onlyChanged({ siteId: 3, siteName: 'New', remarks: '' }, { siteName: 'New' })).toEqual({ siteId: 3, siteName: 'New' });
    expect(onlyChanged({ siteId: 3, remarks: '' }, {})).toEqual({ siteId: 3 });
    expect(onlyChanged({ siteId: 3, remarks: 'new' }, { remarks: 'new' })).toEqual({ siteId: 3, remarks: 'new' });
  });
});

describe('account changes', () => {
  it('keeps a saved cool-down along with another change, since a missing one clears it', () => {
    const cooled = { ...account, freeze_seconds: 30 };
    expect(accountChanges(cooled, { ...cooled, phone: '090' })).toEqual({ id: 7, phone: '090' });
    expect(accountChanges(cooled, { ...cooled })).toEqual({ id: 7 });
    expect(accountChanges(cooled, { ...cooled, freeze_seconds: null })).toEqual({ id: 7, freeze_seconds: null });
  });

  it('keeps the id and what changed', () => {
    expect(accountChanges(account, { ...account, phone: '090', freeze_seconds: null })).toEqual({ id: 7, phone: '090' });
  });

  it('is the id alone when nothing changed', () => {
    expect(accountChanges(account, { ...account })).toEqual({ id: 7 });
  });

  it('sends a secret only when one is typed: the edit fields start blank, since the server never sends them', () => {
    expect(account).toMatchObject({ password: '', headers: '', cookies: '', passwordSet: true, headersSet: true });
    expect(accountChanges(account, { ...account, password: '', headers: '' })).toEqual({ id: 7 });
    expect(accountChanges(account, { ...account, password: 'New-pass-1', cookies: 'sid=1' })).toEqual({ id: 7, password: 'New-pass-1', cookies: 'sid=1' });
  });
});

describe('names', () => {
  it('names regions and categories in the interface language', () => {
    expect(regionName('JP', 'ja')).toBe('日本');
    expect(regionName('JP', 'en')).toBe('Japan');
    const categories = [{ id: 1, name: '商標', name_en: 'Trademark', code: '', subcategories: [] }];
    expect(categoryName(categories, 1, 'en')).toBe('Trademark');
    expect(categoryName(categories, 1, 'ja')).toBe('商標');
    expect(categoryName(categories, null, 'ja')).toBe('');
  });
});
