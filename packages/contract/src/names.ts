/**
 * Names and codes the dashboards show, without a schema: a page that only names categories, results and countries
 * loads no zod (issue 35: the home page's weight). Each module of its topic re-exports its own.
 */

/** The fixed aggregate categories a subcategory rolls up to (document 2, section 3). */
export const AGGREGATE_CATEGORIES = {
  1: { en: 'Non-infringement', ja: '非侵害' },
  2: { en: 'Trademark infringement (advertising)', ja: '商標権侵害（広告）' },
  3: { en: 'Trademark infringement (counterfeit)', ja: '商標権侵害（模倣品）' },
  4: { en: 'Copyright', ja: '著作権' },
  5: { en: 'Other law', ja: 'その他法令' },
  6: { en: 'Policy violation', ja: '規約違反' },
  7: { en: 'Other IP', ja: 'その他知的財産' },
  8: { en: 'Reference', ja: '参考' },
  9: { en: 'Needs confirmation', ja: '要確認' },
  10: { en: 'Sold / ended', ja: '販売終了' },
  11: { en: 'Old package', ja: '旧パッケージ' },
  12: { en: 'Design right 1', ja: '意匠権1' },
  13: { en: 'Design right 2', ja: '意匠権2' },
  14: { en: 'Design right 3', ja: '意匠権3' },
  15: { en: 'Design right 4', ja: '意匠権4' },
  16: { en: 'Design right 5', ja: '意匠権5' },
  17: { en: 'Design right 6', ja: '意匠権6' },
} as const;

/** Final and per-round process results: 1 in review, 2 takedown (complete), 3 no action. */
export const EC_PROCESS_RESULTS = {
  1: { en: 'In review', ja: '審査中' },
  2: { en: 'Takedown', ja: '削除完了' },
  3: { en: 'No action', ja: '対応なし' },
} as const;

/** Site categories (document 3, "Website enumerations"): the record's `categoryId`. */
export const WS_SITE_CATEGORIES = {
  1: { en: 'Official', ja: '公式サイト' },
  2: { en: 'Non-related', ja: '無関係' },
  3: { en: 'Suspicious', ja: '疑わしい' },
  4: { en: 'Need confirmation', ja: '要確認' },
  5: { en: 'Parking site', ja: 'パーキングサイト' },
  6: { en: 'No content', ja: 'コンテンツなし' },
  7: { en: 'Not displayed', ja: '表示不可' },
  8: { en: 'Domain selling', ja: 'ドメイン販売' },
  9: { en: 'Blocked', ja: 'ブロック' },
  10: { en: 'Dangerous site', ja: '危険サイト' },
  11: { en: 'Phishing', ja: 'フィッシング' },
} as const;

/** Per-round and final results: `process1ResultId` ... `processResultId`. */
export const WS_PROCESS_RESULTS = {
  1: { en: 'In review', ja: '審査中' },
  2: { en: 'Takedown (done)', ja: '削除完了' },
  3: { en: 'No action', ja: '対応なし' },
} as const;

/** Section 4: aggregate categories that do not count as infringement (every other set one does). */
export const NON_INFRINGING_CATEGORIES = [1, 8, 9, 10] as const;

/** The country of a region that is no known code or name (shown as "unknown", never dropped). */
export const UNKNOWN_COUNTRY = 'ZZ';
