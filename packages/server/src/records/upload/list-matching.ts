import type { Db, Tx } from '../../platform/db.js';
import { specialUrls } from './upload-queries.js';
import { HINT_SEPARATOR, hintText, type HintKey } from '../core/hint-text.js';

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

/**
 * How the reasons name what matched: EC's `seller`, `seller id`; SNS's `account`, `account id`; both `url` (the
 * English `hint.*` texts, stored; the reader gets them in their language from hint-text.ts).
 */
export interface ReasonLabels {
  name: HintKey & ('hint.seller' | 'hint.account');
  id: HintKey & ('hint.sellerId' | 'hint.accountId');
}
export const SELLER_REASONS: ReasonLabels = { name: 'hint.seller', id: 'hint.sellerId' };
export const ACCOUNT_REASONS: ReasonLabels = { name: 'hint.account', id: 'hint.accountId' };

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

/** What matching looks at in a row, worked out once for both lists. */
interface RowKeys {
  names: string[];
  urls: string[];
  urlKeys: string[];
  ids: Set<string>;
}

function rowKeys(row: ListedRow): RowKeys {
  return {
    names: row.names.map((n) => n.trim().toLowerCase()),
    urls: row.urls,
    urlKeys: row.urls.map(urlKey).filter((k) => k !== ''),
    ids: new Set(row.ids.map(idKey).filter((k) => k !== '')),
  };
}

/**
 * The reasons a row matches one list, '' when none: a name equal to an entry's (any case), a URL at or under an
 * entry's URL, an entry's id equal to one of the row's ids or found in one of its URLs. Everything about the
 * entries is worked out once, so a row costs a few map look-ups and substring scans however long the list is (a
 * 100,000-row upload matches every row; comparing each entry's URL and id afresh took 2 s of the upload's 5).
 */
function listReasons(entries: ListEntry[], labels: ReasonLabels): (row: RowKeys) => string {
  // Entry URLs by key; a key may be listed more than once (each entry is a reason of its own).
  const urls = entries.filter((e) => e.url.trim() !== '').map((e, index) => ({ index, key: urlKey(e.url), reason: hintText('hint.url', { value: e.url.trim() }) }));
  const urlsByKey = new Map<string, typeof urls>();
  for (const u of urls) urlsByKey.set(u.key, [...(urlsByKey.get(u.key) ?? []), u]);
  const names = new Map(entries.filter((e) => e.seller.trim() !== '').map((e) => [e.seller.trim().toLowerCase(), hintText(labels.name, { value: e.seller.trim() })]));
  const ids = entries.filter((e) => e.sellerId.trim() !== '').map((e) => ({ id: e.sellerId.trim(), key: idKey(e.sellerId), reason: hintText(labels.id, { value: e.sellerId.trim() }) }));
  return (row) => {
    const reasons: string[] = [];
    for (const name of row.names) {
      const listed = names.get(name);
      if (listed) reasons.push(listed);
    }
    if (urls.length > 0) {
      // An entry's key matches when it is the row's key or the row's key cut before a '/' or '?'.
      const hits = new Set<(typeof urls)[number]>();
      for (const key of row.urlKeys) {
        for (const u of urlsByKey.get(key) ?? []) hits.add(u);
        for (let i = 0; i < key.length; i++) {
          if (key[i] !== '/' && key[i] !== '?') continue;
          for (const u of urlsByKey.get(key.slice(0, i)) ?? []) hits.add(u);
        }
      }
      for (const u of [...hits].sort((a, b) => a.index - b.index)) reasons.push(u.reason);
    }
    for (const id of ids) if (row.ids.has(id.key) || row.urls.some((u) => u.includes(id.id))) reasons.push(id.reason);
    return reasons.join(HINT_SEPARATOR).slice(0, 1000);
  };
}

/** The reasons a row matches one list ('' when none); see listReasons. */
export function listMatcher(entries: ListEntry[], labels: ReasonLabels): (row: ListedRow) => string {
  const reasons = listReasons(entries, labels);
  return (row) => reasons(rowKeys(row));
}

/** The client's special URLs (type 1 white list, 2 black list): plain data, so matchers can be built in a worker. */
export type ListUrls = { type: number; url: string; seller: string; seller_id: string }[];

export function loadListUrls(db: Db | Tx, clientId: number): Promise<ListUrls> {
  return specialUrls(db, clientId);
}

/** The black and white list matchers of a client's special URLs: a row's reasons on each list ('' when none). */
export function listMatchers(urls: ListUrls, labels: ReasonLabels): (row: ListedRow) => { blacklist: string; whitelist: string } {
  const entries = (type: number) => urls.filter((u) => u.type === type).map((u) => ({ url: u.url, seller: u.seller, sellerId: u.seller_id }));
  const black = listReasons(entries(2), labels);
  const white = listReasons(entries(1), labels);
  return (row) => {
    const keys = rowKeys(row);
    return { blacklist: black(keys), whitelist: white(keys) };
  };
}
