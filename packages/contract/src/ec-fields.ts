/**
 * The fields of a marketplace (EC) record (document 3, section 3) with their English and Japanese labels:
 * the positions a custom column may follow, and later the record list's columns.
 */
export const EC_RECORD_FIELDS = [
  { key: 'ec_id', en: 'ID', ja: 'ID' },
  { key: 'ec_no', en: 'No.', ja: 'No.' },
  { key: 'ec_site', en: 'Site', ja: 'サイト' },
  { key: 'ec_scan_date', en: 'Scan date', ja: '調査日' },
  { key: 'ec_search_keyword', en: 'Search keyword', ja: '検索キーワード' },
  { key: 'ec_product_no', en: 'Listing number', ja: '商品番号' },
  { key: 'ec_product_title', en: 'Listing title', ja: '商品タイトル' },
  { key: 'ec_product_url', en: 'Listing URL', ja: '商品URL' },
  { key: 'ec_product_brand', en: 'Brand field', ja: 'ブランド欄' },
  { key: 'ec_product_seller', en: 'Seller', ja: '出品者' },
  { key: 'ec_product_seller_url', en: 'Seller URL', ja: '出品者URL' },
  { key: 'ec_product_price', en: 'Price', ja: '価格' },
  { key: 'ec_product_currency', en: 'Currency', ja: '通貨' },
  { key: 'ec_product_image_url', en: 'Image URL', ja: '画像URL' },
  { key: 'ec_product_onsell_count', en: 'Inventory', ja: '在庫数' },
  { key: 'ec_product_sold_count', en: 'Sold', ja: '販売数' },
  { key: 'ec_product_region', en: 'Ship-from region', ja: '発送元地域' },
  { key: 'ec_product_city', en: 'Ship-from city', ja: '発送元都市' },
  { key: 'ec_categorize_date', en: 'Report date', ja: '報告日' },
  { key: 'ec_blacklist_object', en: 'Blacklist', ja: 'ブラックリスト' },
  { key: 'ec_whitelist_object', en: 'Whitelist', ja: 'ホワイトリスト' },
  { key: 'ec_is_need_to_check', en: 'Fast check', ja: '要確認' },
  { key: 'ec_title_hint_word', en: 'Title hint words', ja: 'タイトルヒントワード' },
  { key: 'ec_brand_hint_word', en: 'Brand name hints', ja: 'ブランド名ヒント' },
  { key: 'ec_product_category_id', en: 'Product type', ja: '商品カテゴリ' },
  { key: 'ec_category_rule_id', en: 'Complaint type', ja: '申立種別' },
  { key: 'ec_category_id', en: 'Infringement category', ja: '侵害カテゴリ' },
  { key: 'ec_categorize_remarks', en: 'Comments', ja: 'コメント' },
  { key: 'ec_response_action', en: 'Enforcement flag', ja: '対応方針' },
  { key: 'ec_response_reason', en: 'Client comment', ja: 'クライアントコメント' },
  { key: 'ec_response_trademark', en: 'Trademark registration number', ja: '商標登録番号' },
  { key: 'ec_response_date', en: 'Response date', ja: '回答日' },
  { key: 'ec_process1_date', en: '1st report date', ja: '1回目申立日' },
  { key: 'ec_process1_result', en: '1st result', ja: '1回目結果' },
  { key: 'ec_process1_confirm_date', en: '1st confirm date', ja: '1回目確認日' },
  { key: 'ec_process2_date', en: '2nd report date', ja: '2回目申立日' },
  { key: 'ec_process2_result', en: '2nd result', ja: '2回目結果' },
  { key: 'ec_process2_confirm_date', en: '2nd confirm date', ja: '2回目確認日' },
  { key: 'ec_process3_date', en: '3rd report date', ja: '3回目申立日' },
  { key: 'ec_process3_result', en: '3rd result', ja: '3回目結果' },
  { key: 'ec_process3_confirm_date', en: '3rd confirm date', ja: '3回目確認日' },
  { key: 'declarationStatus', en: 'Declaration status', ja: '申告状況' },
  { key: 'ec_process_result', en: 'Final result', ja: '最終結果' },
  { key: 'ec_process_confirm_date', en: 'Final result date', ja: '最終結果確認日' },
  { key: 'ec_process_remarks', en: 'Remarks', ja: '備考' },
  { key: 'report_id', en: 'Report', ja: 'レポート' },
] as const;

export type EcRecordField = (typeof EC_RECORD_FIELDS)[number]['key'];
export const EC_RECORD_FIELD_KEYS = EC_RECORD_FIELDS.map((f) => f.key) as [EcRecordField, ...EcRecordField[]];

/** Custom column categories (section 3): where in the record a custom column belongs. */
export const CUSTOM_COLUMN_CATEGORIES = {
  1: { en: 'Scrape info', ja: '調査情報' },
  2: { en: 'Categorize info', ja: '分類情報' },
  3: { en: 'Response info', ja: '回答情報' },
  4: { en: '1st report result', ja: '1回目結果' },
  5: { en: '2nd report result', ja: '2回目結果' },
  6: { en: '3rd report result', ja: '3回目結果' },
  7: { en: 'Final result', ja: '最終結果' },
} as const;
