import { AGGREGATE_CATEGORIES, MatchType } from '@portal/contract';
import { isInfringing } from './options';

/** Every aggregate category that counts as infringement (section 4). */
const INFRINGING = Object.keys(AGGREGATE_CATEGORIES).map(Number).filter(isInfringing);

/**
 * The record list opened on exactly the records a Top Infringers row counts: the client, the seller (a blank
 * seller is the blank filter), the region spellings of the country, the infringing categories, and the period on
 * the dashboard's date basis, and posted records only (the dashboard counts what the client sees). The list reads
 * these from its query (`clientId`, `search`, `filters`).
 */
export function topInfringerHref(p: { clientId: number; seller: string; regions: readonly string[]; dateType: 1 | 2; from: string; to: string }): string {
  const search = {
    dateFields: [p.dateType === 1 ? 'ec_scan_date' : 'ec_categorize_date'],
    startDate: p.from,
    endDate: p.to,
    wordFields: [],
    keyword: '',
    searchType: MatchType.FUZZY,
  };
  const blank = (s: string) => (s === '' ? null : s);
  const filters = [
    { key: 'ec_product_seller', values: [blank(p.seller)] },
    { key: 'ec_product_region', values: [...new Set(p.regions.map(blank))] },
    { key: 'ec_category_common_type_id', values: INFRINGING },
    // What the dashboard counts: an analyst's list would show the seller's unposted records too.
    { key: 'published', values: [true] },
  ];
  const params = new URLSearchParams({ clientId: String(p.clientId), search: JSON.stringify(search), filters: JSON.stringify(filters) });
  return `/ec-list?${params.toString()}`;
}
