import type { Cell } from '../ec/report-fixtures.js';

/** Social media report sheets built in tests (with kinds/ec/report-fixtures.ts's xlsxOf and xlsOf). */
export const SNS_HEADER_EN = ['Platform', 'Scan date', 'Search keyword', 'Account name', 'Account ID', 'Account URL', 'Followers', 'Post URL', 'Post text', 'Posted on', 'SNS category'];
export const SNS_HEADER_JA = ['プラットフォーム', '調査日', '検索キーワード', 'アカウント名', 'アカウントID', 'アカウントURL', 'フォロワー数', '投稿URL', '投稿本文', '投稿日', 'SNS分類'];

type Key = 'platform' | 'scan' | 'keyword' | 'name' | 'account' | 'accountUrl' | 'followers' | 'postUrl' | 'text' | 'posted' | 'category';
const pick = (over: Partial<Record<Key, Cell>>, key: Key, fallback: Cell): Cell => (key in over ? (over[key] as Cell) : fallback);

/** A plausible post found by a scan; n makes the account and post unique (a key given as null makes a blank cell). */
export function post(n: number, over: Partial<Record<Key, Cell>> = {}): Cell[] {
  return [
    pick(over, 'platform', 'Instagram'),
    pick(over, 'scan', '2026-1001'),
    pick(over, 'keyword', 'sakura serum'),
    pick(over, 'name', `Sakura Outlet ${n}`),
    pick(over, 'account', `sakura_outlet_${n}`),
    pick(over, 'accountUrl', `https://www.instagram.com/sakura_outlet_${n}/`),
    pick(over, 'followers', 1200 + n),
    pick(over, 'postUrl', `https://www.instagram.com/p/C${n}xyz/`),
    pick(over, 'text', `Sakura serum 70% off, DM to order #${n}`),
    pick(over, 'posted', '2026-0920'),
    pick(over, 'category', null),
  ];
}
