import type { Db, Tx } from '../../platform/db.js';

/**
 * Matching a found record against the client's black and white lists (special URLs: a list entry names a URL, a
 * seller or account name, or a seller or account id), for any record kind: EC matches a listing's seller and URLs,
 * SNS an account's name and id and the account and post URLs. Every match says why it fired ("url: ...").
 */
export interface ListEntry {
  url: string;
  seller: string;
  sellerId: string;
}

/** What a record offers the lists: the names, the ids and the URLs found with it. */
export interface ListedRow {
  names: string[];
  ids: string[];
  urls: string[];
}

/** How the reasons name what matched: EC's `seller`, `seller id`; SNS's `account`, `account id`; both `url`. */
export interface ReasonLabels {
  name: string;
  id: string;
}

/** The listing's identity for repeats and lists: no scheme, no `www.`, no trailing slash, lower-case host. */
export function urlKey(url: string): string {
  const trimmed = url.trim().replace(/^https?:\/\//i, '').replace(/^www\./i, '');
  const slash = trimmed.indexOf('/');
  const host = (slash < 0 ? trimmed : trimmed.slice(0, slash)).toLowerCase();
  const rest = slash < 0 ? '' : trimmed.slice(slash).replace(/#.*$/, '').replace(/\/+$/, '');
  return (host + rest).slice(0, 2000);
}

/** An account id as written on a list or a sheet: without a leading @, lower-case. */
const idKey = (id: string) => id.trim().replace(/^@/, '').toLowerCase();

/**
 * The reasons a row matches one list, '' when none: a name equal to an entry's (any case), a URL at or under an
 * entry's URL, an entry's id equal to one of the row's ids or found in one of its URLs.
 */
export function listMatcher(entries: ListEntry[], labels: ReasonLabels): (row: ListedRow) => string {
  const urls = entries.filter((e) => e.url.trim() !== '').map((e) => ({ key: urlKey(e.url), label: e.url.trim() }));
  const names = new Map(entries.filter((e) => e.seller.trim() !== '').map((e) => [e.seller.trim().toLowerCase(), e.seller.trim()]));
  const ids = entries.filter((e) => e.sellerId.trim() !== '').map((e) => e.sellerId.trim());
  return (row) => {
    const reasons: string[] = [];
    for (const name of row.names) {
      const listed = names.get(name.trim().toLowerCase());
      if (listed) reasons.push(`${labels.name}: ${listed}`);
    }
    const keys = row.urls.map(urlKey).filter((k) => k !== '');
    for (const u of urls) if (keys.some((k) => k === u.key || k.startsWith(`${u.key}/`) || k.startsWith(`${u.key}?`))) reasons.push(`url: ${u.label}`);
    const rowIds = new Set(row.ids.map(idKey).filter((k) => k !== ''));
    for (const id of ids) if (rowIds.has(idKey(id)) || row.urls.some((u) => u.includes(id))) reasons.push(`${labels.id}: ${id}`);
    return reasons.join('; ').slice(0, 1000);
  };
}

/** The client's special URLs (type 1 white list, 2 black list): plain data, so matchers can be built in a worker. */
export type ListUrls = { type: number; url: string; seller: string; seller_id: string }[];

export function loadListUrls(db: Db | Tx, clientId: number): Promise<ListUrls> {
  return db.selectFrom('special_url').select(['type', 'url', 'seller', 'seller_id']).where('client_id', '=', clientId).execute();
}

/** The black and white list matchers of a client's special URLs. */
export function listMatchers(urls: ListUrls, labels: ReasonLabels): { black: (row: ListedRow) => string; white: (row: ListedRow) => string } {
  const entries = (type: number) => urls.filter((u) => u.type === type).map((u) => ({ url: u.url, seller: u.seller, sellerId: u.seller_id }));
  return { black: listMatcher(entries(2), labels), white: listMatcher(entries(1), labels) };
}
