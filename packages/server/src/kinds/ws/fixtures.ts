import type { Cell } from '../ec/report-fixtures.js';

/** Website report sheets built in tests (with kinds/ec/report-fixtures.ts's xlsxOf and xlsOf). */
export const WS_HEADER_EN = ['Search engine', 'Scan date', 'Search keyword', 'Domain', 'Page URL', 'Domain region', 'TLD', 'Whois', 'Domain created', 'Site category'];
export const WS_HEADER_JA = ['検索エンジン', '調査日', '検索キーワード', 'ドメイン', 'ページURL', 'ドメイン地域', 'TLD', 'Whois', 'ドメイン作成日', 'サイト分類'];

type Key = 'engine' | 'scan' | 'keyword' | 'domain' | 'url' | 'region' | 'tld' | 'whois' | 'created' | 'category';
const pick = (over: Partial<Record<Key, Cell>>, key: Key, fallback: Cell): Cell => (key in over ? (over[key] as Cell) : fallback);

/** A plausible website found by a scan; n makes the domain unique (a key given as null makes a blank cell). */
export function site(n: number, over: Partial<Record<Key, Cell>> = {}): Cell[] {
  return [
    pick(over, 'engine', 'Google'),
    pick(over, 'scan', '2026-1001'),
    pick(over, 'keyword', 'sakura'),
    pick(over, 'domain', `sakura-outlet${n}.example`),
    pick(over, 'url', `https://sakura-outlet${n}.example/shop`),
    pick(over, 'region', 'CN'),
    pick(over, 'tld', 'example'),
    pick(over, 'whois', `Registrant: Outlet ${n}\nCountry: CN`),
    pick(over, 'created', '2025-0301'),
    pick(over, 'category', null),
  ];
}
