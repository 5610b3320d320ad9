import type { InfringementCategory, Locale, Site, SiteAccount } from '@portal/contract';
import { COUNTRIES } from '@portal/contract/code-lists';

/** Spec 9: the site list's page sizes, 20 by default. */
export const SITE_PAGE_SIZE = 20;
export const SITE_PAGE_SIZES = [10, 20, 50, 100, 200, 500] as const;
/** Spec 9: the region and category selects of the site form. */
export const SELECT_WIDTH = 250;
/** A set password shows as a mask: the server never sends it. */
export const PASSWORD_MASK = '••••••';


export type Option = { value: string; label: string };

/** Countries and regions by ISO code, labelled in the interface language. */
export function regionOptions(locale: Locale): Option[] {
  return COUNTRIES.map((c) => ({ value: c.code, label: locale === 'ja' ? c.ja : c.en }));
}

export function regionName(code: string, locale: Locale): string {
  const country = COUNTRIES.find((c) => c.code === code);
  return country ? (locale === 'ja' ? country.ja : country.en) : code;
}

export function categoryName(categories: readonly InfringementCategory[] | undefined, id: number | null, locale: Locale): string {
  if (id === null) return '';
  const category = categories?.find((c) => c.id === id);
  if (!category) return String(id);
  return locale === 'ja' ? category.name : category.name_en || category.name;
}

/** Crawlable in the site form: possible = 1, impossible = 0 (spec 3). */
export type CrawlerFlag = 0 | 1;

export interface SiteFormValues {
  siteName: string;
  siteURL: string;
  region: string | undefined;
  categoryId: number | undefined;
  hasCrawler: CrawlerFlag;
  /** The crawler reads the site's pages in a browser, after their scripts ran. */
  fetchWithBrowser: boolean;
  remarks: string;
}

/** An account's fields as a form holds them: the secrets are typed in, never read back. */
export interface AccountRowValues {
  account: string;
  password: string;
  phone: string;
  freeze_seconds: number | null;
  headers: string;
  cookies: string;
  remarks: string;
}

/**
 * An account in the editable table: what the server answers (whether each secret is set) with blank edit fields for
 * the secrets, which the server never sends back. A secret left blank is not sent, so the saved one stays.
 */
export type AccountRow = SiteAccount & Pick<AccountRowValues, 'password' | 'headers' | 'cookies'>;
export const editableAccount = (a: SiteAccount): AccountRow => ({ ...a, password: '', headers: '', cookies: '' });

export const emptyAccount = (): AccountRowValues => ({ account: '', password: '', phone: '', freeze_seconds: null, headers: '', cookies: '', remarks: '' });

export const emptySite = (): SiteFormValues => ({ siteName: '', siteURL: '', region: undefined, categoryId: undefined, hasCrawler: 0, fetchWithBrowser: false, remarks: '' });

export function siteValuesOf(site: Site): SiteFormValues {
  return {
    siteName: site.name,
    siteURL: site.url,
    region: site.region || undefined,
    categoryId: site.infrigementCategoryId ?? undefined,
    hasCrawler: site.hasCrawler ? 1 : 0,
    fetchWithBrowser: site.fetchWithBrowser,
    remarks: site.remarks,
  };
}

export interface SiteChanges {
  siteName?: string;
  siteURL?: string;
  region?: string;
  categoryId?: number;
  hasCrawler?: CrawlerFlag;
  fetchWithBrowser?: boolean;
  remarks?: string;
}

const text = (value: string | undefined) => (value ?? '').trim();

/** Spec 5: only the fields that differ from the saved site are sent (an empty object when nothing changed). */
export function siteChanges(site: Site, values: Partial<SiteFormValues>): SiteChanges {
  const changes: SiteChanges = {};
  if (text(values.siteName) !== site.name) changes.siteName = values.siteName ?? '';
  if (text(values.siteURL) !== site.url) changes.siteURL = values.siteURL ?? '';
  if ((values.region ?? '') !== site.region) changes.region = values.region ?? '';
  if (values.categoryId !== undefined && values.categoryId !== site.infrigementCategoryId) changes.categoryId = values.categoryId;
  if (values.hasCrawler !== undefined && (values.hasCrawler === 1) !== site.hasCrawler) changes.hasCrawler = values.hasCrawler;
  if (values.fetchWithBrowser !== undefined && values.fetchWithBrowser !== site.fetchWithBrowser) changes.fetchWithBrowser = values.fetchWithBrowser;
  if ((values.remarks ?? '') !== site.remarks) changes.remarks = values.remarks ?? '';
  return changes;
}

/** The validated update without what the form did not change. Nothing changed: the site id alone (nothing to send). */
export function onlyChanged<T extends { siteId: number }>(data: T, changes: SiteChanges): Partial<T> & { siteId: number } {
  const sent: Record<string, unknown> = { siteId: data.siteId };
  for (const key of Object.keys(changes)) sent[key] = data[key as keyof T];
  return sent as Partial<T> & { siteId: number };
}

type AccountUpdate = { id: number } & Partial<AccountRowValues>;

/**
 * Spec 5 "Account inline edit": drops what equals the saved account, keeping the id (the id alone: nothing to
 * send). The secrets' saved edit fields are blank, so only a secret typed in is sent.
 */
export function accountChanges(saved: AccountRow | undefined, update: AccountUpdate): AccountUpdate {
  if (!saved) return update;
  const changed: Record<string, unknown> = { id: update.id };
  for (const [key, value] of Object.entries(update)) {
    if (key === 'id' || value === undefined) continue;
    if (value !== saved[key as keyof AccountRow]) changed[key] = value;
  }
  return changed as AccountUpdate;
}
