import type { TFunction } from 'i18next';

/** How far a list's total is known (the server's `totalIs`): exact, about (an estimate known to be close), or at least. */
export type TotalIs = 'exact' | 'about' | 'atLeast';

/** The catalogue keys of the total above the list and beside the pager, per kind of total. */
const TOTAL_KEYS = {
  exact: { list: 'list.total', pager: 'list.pagerTotal' },
  about: { list: 'list.totalAbout', pager: 'list.pagerTotalAbout' },
  atLeast: { list: 'list.totalAtLeast', pager: 'list.pagerTotalAtLeast' },
} as const;

/** "Total: 20,000", "Total: about 1,200,000" or "Total: 50,000 or more", with the number in the user's locale. */
export function totalText(t: TFunction<'records'>, language: string, total: number, is: TotalIs, where: 'list' | 'pager'): string {
  return t(TOTAL_KEYS[is][where], { total: total.toLocaleString(language) });
}
