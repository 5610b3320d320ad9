import type { CrawlRowStateValue } from '@portal/contract';
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';

/** The database as Kysely sees it. One interface per table, columns as the migrations create them. */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface UserTable {
  user_id: Generated<number>;
  user_name: string;
  user_mail: string;
  password_hash: string;
  user_tel: Generated<string>;
  user_remarks: Generated<string>;
  user_role: number;
  user_department: Generated<string>;
  user_locale: Generated<'en' | 'ja'>;
  /** The user's time zone for the daily alert digest (migration 037); null: Tokyo for Japanese, UTC for English. */
  alert_timezone: Generated<string | null>;
  ec_columns: ColumnType<string[] | null, string | null | undefined, string | null>;
  ws_columns: ColumnType<string[] | null, string | null | undefined, string | null>;
  sns_columns: ColumnType<string[] | null, string | null | undefined, string | null>;
  client_id: number | null;
  user_last_used_date: NullableTimestamp;
  user_create_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ClientTable {
  client_id: Generated<number>;
  client_name: string;
  client_tel: Generated<string>;
  client_address: Generated<string>;
  client_remarks: Generated<string>;
  client_create_at: Timestamp;
  deleted_at: NullableTimestamp;
}

export interface ClientContractTable {
  client_id: number;
  /** ec, sns, ws or other */
  service: string;
  start_date: string;
  end_date: string;
  fee: string;
  currency: number;
  remind_mail: boolean;
}

export interface ClientManagerTable {
  client_id: number;
  user_id: number;
}

export interface SessionTokenTable {
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

export interface ApiKeyTable {
  id: Generated<number>;
  key_hash: string;
  user_id: number;
  name: string;
  created_at: Timestamp;
  expires_at: NullableTimestamp;
  last_used_at: NullableTimestamp;
}

/** Webhook endpoints and their deliveries (035_webhooks; areas/webhooks). */
export interface WebhookEndpointTable {
  id: Generated<number>;
  client_id: number;
  created_by: number;
  for_client: boolean;
  url: string;
  /** The event names it wants (jsonb array). */
  events: ColumnType<string[], string, string>;
  description: Generated<string>;
  secret_sealed: string;
  enabled: Generated<boolean>;
  disabled_at: NullableTimestamp;
  failing_since: NullableTimestamp;
  created_at: Timestamp;
}
export interface WebhookDeliveryTable {
  id: Generated<number>;
  endpoint_id: number;
  message_id: string;
  event: string;
  body: string;
  status: Generated<number>;
  attempts: Generated<number>;
  last_status_code: number | null;
  last_answer: string | null;
  created_at: Timestamp;
  first_attempt_at: NullableTimestamp;
  next_attempt_at: NullableTimestamp;
  leased_until: NullableTimestamp;
  delivered_at: NullableTimestamp;
}

export interface VerificationCodeTable {
  id: Generated<number>;
  mail: string;
  code_hash: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  attempts: Generated<number>;
  used_at: NullableTimestamp;
}

export interface ThrottleTable {
  key: string;
  window_start: Timestamp;
  hits: number;
}

export interface NoticeTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  content: Generated<string>;
  type: number;
  sender: Generated<string>;
  target: Generated<string>;
  send_date: Timestamp;
  viewed: Generated<boolean>;
  scope: ColumnType<{ reportId?: number; recordIds?: number[] } | null, string | null | undefined, string | null>;
}

export interface ReminderSentTable {
  kind: string;
  object_key: string;
  end_date: string;
  days_before: number;
  sent_at: Timestamp;
}

export interface BrandTable {
  brand_id: Generated<number>;
  client_id: number;
  brand_name: string;
}
export interface BrandKeywordTable {
  keyword_id: Generated<number>;
  client_id: number;
  brand_id: number;
  keyword_name: string;
}
export interface BrandModelTable {
  model_id: Generated<number>;
  client_id: number;
  brand_id: number;
  model_name: string;
  model_price: string;
}
export interface ProductCategoryTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  name_en: string;
  code: string;
}
export interface CustomColumnTable {
  column_id: Generated<number>;
  client_id: number;
  column_name: string;
  column_category: number;
  column_position: string;
  column_order: number;
}
export interface SpecialUrlTable {
  id: Generated<number>;
  client_id: number;
  type: number;
  url: Generated<string>;
  seller: Generated<string>;
  seller_id: Generated<string>;
  company: Generated<string>;
  remarks: Generated<string>;
}
export interface SpecialWordTable {
  id: Generated<number>;
  client_id: number;
  type: number;
  word: string;
}
export interface AttorneyLetterTable {
  id: Generated<number>;
  client_id: number;
  region: string;
  start_date: string;
  end_date: string;
  remind_flag: Generated<boolean>;
}
export interface ClientSettingTable {
  client_id: number;
  trademark_regions: Generated<string>;
  impact_price_type: Generated<number>;
  impact_price: string | null;
  impact_count_type: Generated<number>;
  impact_count: number | null;
  impact_percent: Generated<string>;
  /** Days after a takedown result before the listing is captured again (1-14). */
  recheck_days: Generated<number>;
  /** The largest pHash distance (bits of 64) at which a listing picture is the same photo as a genuine one (0-11). */
  picture_distance: Generated<number>;
  /** Goes up whenever a word or design mark of the client is added or changed: older pictures are read again. */
  picture_marks_version: Generated<number>;
}

export interface NewsTable {
  id: Generated<number>;
  title: string;
  url: string;
  news_date: string;
  /** For the readers of one language ('en', 'ja'); NULL for everyone (migration 021). */
  locale: Generated<string | null>;
  created_at: Timestamp;
}

export interface InfringementCategoryTable {
  id: Generated<number>;
  name: string;
  name_en: string;
  code: Generated<string>;
}
export interface InfringementSubcategoryTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  name_en: string;
  code: string;
  common_category: number;
}

export interface TestPurchaseTable {
  id: Generated<number>;
  client_id: number;
  region: string;
  site: string;
  count: number;
}

export interface EcSiteTable {
  id: Generated<number>;
  name: string;
  url: string;
  region: string;
  category_id: number | null;
  has_crawler: Generated<boolean>;
  remarks: Generated<string>;
  crawl_recipe: ColumnType<CrawlRecipeJson | null, string | null | undefined, string | null>;
  max_concurrency: Generated<number>;
  ignore_robots: Generated<boolean>;
  /** Fetch the site's pages through the capture browsers (listings built by script). */
  fetch_with_browser: Generated<boolean>;
}
/** A site's crawl recipe: CSS selectors (see areas/crawler-tasks/extract.ts). */
export interface CrawlRecipeJson {
  resultLink?: string;
  nextPage?: string;
  fields?: Record<string, string>;
}
export interface CrawlerTaskTable {
  id: Generated<number>;
  client_id: number;
  title: string;
  type: number;
  status: Generated<number>;
  plan_start_date: ColumnType<string, string, string>;
  remarks: Generated<string>;
  run_no: Generated<number>;
  report_id: number | null;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Capture each listing as evidence once it is a record (migration 024). */
  capture_evidence: Generated<boolean>;
}
export interface CrawlerSubtaskTable {
  id: Generated<number>;
  task_id: number;
  site_id: number;
  status: Generated<number>;
  keyword: string;
  start_url: string;
  target_count: number | null;
  record_count: Generated<number>;
  error: string | null;
}
export interface CrawlerPageTable {
  id: Generated<number>;
  subtask_id: number;
  url: string;
  page_no: number;
  /** CrawlRowState */
  state: Generated<CrawlRowStateValue>;
  tries: Generated<number>;
}
export interface CrawlerListingTable {
  id: Generated<number>;
  task_id: number;
  subtask_id: number;
  url: string;
  /** CrawlRowState */
  state: Generated<CrawlRowStateValue>;
  tries: Generated<number>;
  fields: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  /** Where each field came from, by listing field: `recipe`, `json-ld`, `microdata`, `opengraph`, `page` (migration 033). */
  field_sources: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
  error: string | null;
  scraped_at: NullableTimestamp;
  /** The task run that last found the listing on a search page (watches, migration 036). */
  seen_run: Generated<number>;
  etag: Generated<string | null>;
  last_modified: Generated<string | null>;
  /** When it was last put to do (the database's clock); null before migration 038. */
  queued_at: ColumnType<Date | null, Date | undefined, Date>;
}
export interface CrawlerPriceTable {
  listing_id: number;
  run_no: number;
  price: string | null;
  currency: string | null;
  seen_at: Timestamp;
}
export interface EcSiteAccountTable {
  id: Generated<number>;
  site_id: number;
  account: string;
  password_sealed: string;
  phone: Generated<string>;
  freeze_seconds: number | null;
  headers_sealed: Generated<string>;
  cookies_sealed: Generated<string>;
  remarks: Generated<string>;
}

export interface StoredFileTable {
  name: string;
  kind: string;
  client_id: number;
  content_type: string;
  original_name: Generated<string>;
  size: number;
  bytes: Buffer;
  attached: Generated<boolean>;
  created_by: number | null;
  created_at: Date;
}
/** A 64-bit fingerprint as a bigint: read as text (`lpad(to_hex(...))`, records/pictures), written as its signed decimal. */
type HashColumn = ColumnType<number, string, string>;

/** The brand's genuine product photos per client (migration 043), with their fingerprints. */
export interface GenuinePhotoTable {
  photo_id: Generated<number>;
  client_id: number;
  brand: Generated<string>;
  file_name: string;
  original_name: string;
  phash: HashColumn;
  dhash: HashColumn;
  band0: number;
  band1: number;
  band2: number;
  band3: number;
  /** The fingerprints of the photo's nine windows then its mirror image (migrations 046, 049), in one order. */
  window_phash: ColumnType<string[], string[] | undefined, string[]>;
  window_dhash: ColumnType<string[], string[] | undefined, string[]>;
  /** The fingerprints of the photo's upper part (migration 049; NULL for photos stored before, until the job computes them). */
  upper_phash: ColumnType<number | null, string | null | undefined, string | null>;
  upper_dhash: ColumnType<number | null, string | null | undefined, string | null>;
  created_by: number | null;
  created_at: Timestamp;
}

/**
 * A record's listing picture as last looked at: its state and fingerprints (migration 043; its band indexes carry
 * the hashes since 048, for index-only look-ups).
 */
export interface RecordPictureTable {
  picture_id: Generated<number>;
  client_id: number;
  kind: 'ec' | 'ws' | 'sns';
  ec_id: number | null;
  ws_id: number | null;
  sns_id: number | null;
  url: string;
  state: 'pending' | 'done' | 'failed';
  reason: string | null;
  phash: ColumnType<number | null, string | null, string | null>;
  dhash: ColumnType<number | null, string | null, string | null>;
  band0: number | null;
  band1: number | null;
  band2: number | null;
  band3: number | null;
  /** The fingerprints of the picture's upper part and its pHash's bands (migration 049; NULL for pictures looked at before). */
  upper_phash: ColumnType<number | null, string | null | undefined, string | null>;
  upper_dhash: ColumnType<number | null, string | null | undefined, string | null>;
  upper_band0: ColumnType<number | null, number | null | undefined, number | null>;
  upper_band1: ColumnType<number | null, number | null | undefined, number | null>;
  upper_band2: ColumnType<number | null, number | null | undefined, number | null>;
  upper_band3: ColumnType<number | null, number | null | undefined, number | null>;
  looked_at: NullableTimestamp;
  /** The client's picture_marks_version its words and logos were read under (migration 050). */
  read_version: Generated<number>;
}

/**
 * A match of a record's picture: the same photo as a genuine one, the same picture as another record's, or a word
 * mark read in it (migration 045: the trademark or brand, the word read; no distances), or a design mark seen in it
 * (047: the trademark, a score and where).
 */
export interface PictureMatchTable {
  picture_id: number;
  kind: 'same-photo' | 'shared-photo' | 'wordmark' | 'logo';
  photo_id: number | null;
  other_picture_id: number | null;
  trademark_id: number | null;
  brand_id: number | null;
  found_text: string | null;
  phash_distance: number | null;
  dhash_distance: number | null;
  /** A logo's score (0-100) and box as shares of the picture's width and height (migration 047; null for the others). */
  score: number | null;
  box_x: number | null;
  box_y: number | null;
  box_w: number | null;
  box_h: number | null;
}

export interface EvidenceCaptureTable {
  capture_id: Generated<number>;
  client_id: number;
  kind: 'ec' | 'ws' | 'sns';
  ec_id: number | null;
  ws_id: number | null;
  sns_id: number | null;
  url: string;
  state: 'pending' | 'done' | 'failed';
  reason: string | null;
  reason_detail: string | null;
  final_url: string | null;
  http_status: number | null;
  png_file: string | null;
  html_file: string | null;
  sha256_png: string | null;
  sha256_html: string | null;
  requested_by: number | null;
  requested_at: Date;
  captured_at: Date | null;
  /** Set on a capture the re-check job asked for: the round whose takedown it checks. */
  recheck_round: Generated<number | null>;
  /** The crawled listing the capture was taken for (a crawler task's evidence, migration 024). */
  crawler_listing_id: Generated<number | null>;
  /** A host and the addresses a domain watch's resolvers gave it (a promoted look-alike, migration 042); null: the system's. */
  pinned_host: ColumnType<{ host: string; addresses: string[] } | null, string | null | undefined, string | null>;
}
/** One row per record whose latest takedown round is to be (or was) re-checked (migration 026). */
export interface TakedownRecheckTable {
  recheck_id: Generated<number>;
  client_id: number;
  kind: 'ec' | 'ws' | 'sns';
  ec_id: number | null;
  ws_id: number | null;
  sns_id: number | null;
  round: number;
  takedown_at: Date;
  capture_id: number | null;
  attempts: Generated<number>;
  verdict: 'gone' | 'live' | null;
  verdict_reason: string | null;
  checked_at: Date | null;
}
export interface TakedownNoticeTable {
  notice_id: Generated<number>;
  client_id: number;
  kind: 'ec' | 'ws' | 'sns';
  channel: string;
  record_ids: ColumnType<string[], number[], number[]>;
  recipient: string;
  subject: string;
  body: string;
  round: number | null;
  sent_by: number | null;
  sent_at: Timestamp;
}
export interface TrademarkTable {
  trademark_id: Generated<number>;
  client_id: number;
  no: string;
  region: string;
  type: string;
  text: string;
  image: string | null;
  register_date: string | null;
  invalid_date: string | null;
  remind_flag: Generated<boolean>;
  belongsto: Generated<string>;
  description_ja: Generated<string>;
  description_en: Generated<string>;
  description_cn: Generated<string>;
  status: number | null;
  remarks: Generated<string>;
  created_at: Date;
  updated_at: Date;
}
export interface TrademarkRequestTable {
  request_id: Generated<number>;
  client_id: number;
  user_id: number | null;
  title: Generated<string>;
  image: string | null;
  detail: string;
  company: string;
  name: string;
  mail: string;
  tel: string;
  fax: Generated<string>;
  remarks: Generated<string>;
  created_at: Date;
}

export interface EcReportTable {
  report_id: Generated<number>;
  client_id: number;
  report_name: string;
  upload_date: Date;
  uploaded_by: number | null;
  send_date: Date | null;
  inherited_count: Generated<number>;
  /** Set while an upload writes the report's records (its last sign of life); the report is invisible until cleared. */
  importing_since: Generated<Date | null>;
}
export interface EcRecordTable {
  ec_id: Generated<number>;
  /** The seller's contact details, when captured (migration 031): links of the seller networks. */
  ec_seller_phone: Generated<string>;
  ec_seller_mail: Generated<string>;
  ec_seller_address: Generated<string>;
  client_id: number;
  report_id: number;
  ec_no: number | null;
  ec_site: string;
  ec_scan_date: string | null;
  ec_search_keyword: Generated<string>;
  ec_product_no: Generated<string>;
  ec_product_title: string;
  ec_product_url: string;
  ec_product_brand: Generated<string>;
  ec_product_seller: Generated<string>;
  ec_product_seller_url: Generated<string>;
  ec_product_price: string | null;
  ec_product_currency: Generated<string>;
  /** The price in US dollars at the currency's latest rate (trigger of migration 021); NULL without one. */
  ec_price_usd: Generated<string | null>;
  /** 0 converted, 1 a price without a rate, 2 no price (generated). */
  ec_price_rank: Generated<number>;
  ec_product_image_url: Generated<string>;
  ec_product_onsell_count: number | null;
  ec_product_sold_count: number | null;
  ec_product_region: Generated<string>;
  ec_product_city: Generated<string>;
  ec_categorize_date: string | null;
  ec_blacklist_object: Generated<string>;
  ec_whitelist_object: Generated<string>;
  ec_is_need_to_check: Generated<boolean>;
  ec_title_hint_word: Generated<string>;
  ec_brand_hint_word: Generated<string>;
  ec_product_category_id: number | null;
  ec_category_rule_id: number | null;
  ec_category_id: number | null;
  ec_category_common_type_id: number | null;
  ec_categorize_remarks: Generated<string>;
  ec_response_action: number | null;
  ec_response_reason: Generated<string>;
  ec_response_trademark: number | null;
  ec_response_remarks: Generated<string>;
  ec_response_date: string | null;
  ec_process1_date: string | null;
  ec_process1_result: number | null;
  ec_process1_confirm_date: string | null;
  ec_process2_date: string | null;
  ec_process2_result: number | null;
  ec_process2_confirm_date: string | null;
  ec_process3_date: string | null;
  ec_process3_result: number | null;
  ec_process3_confirm_date: string | null;
  declaration_status: Generated<string>;
  ec_process_result: number | null;
  ec_process_confirm_date: string | null;
  ec_process_remarks: Generated<string>;
  custom_info: Generated<Record<string, string>>;
  ec_upload_image_names: Generated<string>;
  url_key: string;
  is_repeat: Generated<boolean>;
  published: Generated<boolean>;
  updated_at: Date;
  is_error: GeneratedAlways<boolean>;
  /**
   * Where each field of a crawled record came from, by record field (`ec_product_price: 'json-ld'`; migration 033):
   * set by the crawler task's report (areas/crawler-tasks/report.ts); NULL for records made by uploads.
   */
  ec_field_sources: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
}
export interface EcRecordHistoryTable {
  id: Generated<number>;
  record_id: number;
  client_id: number;
  user_id: number | null;
  source: string;
  fields: Record<string, unknown>;
  created_at: Date;
}

export interface WsReportTable {
  report_id: Generated<number>;
  client_id: number;
  report_name: string;
  upload_date: Date;
  uploaded_by: number | null;
  send_date: Date | null;
  /** As EcReportTable.importing_since. */
  importing_since: Generated<Date | null>;
}
/**
 * The columns a categorized record with three report rounds and a response has (website and SNS records, migrations
 * 010 and 013): the category, the response, the rounds, the final result, and the bookkeeping.
 */
export interface CategorizedRecordColumns {
  categorize_date: string | null;
  category_id: number | null;
  remarks: Generated<string>;
  action: number | null;
  response_remarks: Generated<string>;
  trademark_id: number | null;
  response_date: string | null;
  process1_date: string | null;
  process1_result: number | null;
  process1_confirm_date: string | null;
  process2_date: string | null;
  process2_result: number | null;
  process2_confirm_date: string | null;
  process3_date: string | null;
  process3_result: number | null;
  process3_confirm_date: string | null;
  process_result: number | null;
  process_confirm_date: string | null;
  process_remarks: Generated<string>;
  published: Generated<boolean>;
  updated_at: Date;
  is_error: GeneratedAlways<boolean>;
}

export interface WsRecordTable extends CategorizedRecordColumns {
  ws_id: Generated<number>;
  client_id: number;
  report_id: number;
  ws_no: number | null;
  search_engine: Generated<string>;
  scan_date: string | null;
  search_keyword: Generated<string>;
  page_domain: Generated<string>;
  page_url: string;
  domain_region: Generated<string>;
  tld: Generated<string>;
  domain_contact: Generated<string>;
  redirect_url: Generated<string>;
  whois: Generated<string>;
  domain_created_at: string | null;
  domain_expire_at: string | null;
  domain_updated_at: string | null;
}

export type SnsReportTable = WsReportTable;
/** Social media records (migration 013), as the website ones. */
export interface SnsRecordTable extends CategorizedRecordColumns {
  sns_id: Generated<number>;
  client_id: number;
  report_id: number;
  sns_no: number | null;
  platform: number;
  scan_date: string | null;
  search_keyword: Generated<string>;
  account_name: Generated<string>;
  account_id: Generated<string>;
  account_url: string;
  followers: number | null;
  post_url: string;
  post_text: Generated<string>;
  posted_at: string | null;
  region: Generated<string>;
  image_url: Generated<string>;
  blacklist: Generated<string>;
  whitelist: Generated<string>;
  /** The account's contact details, when captured (migration 031): links of the seller networks. */
  contact_phone: Generated<string>;
  contact_mail: Generated<string>;
  contact_address: Generated<string>;
}

/** Migration 014: how many US dollars one unit of a currency is worth on a date. */
export interface ExchangeRateTable {
  currency: string;
  rate_date: string;
  usd_rate: string;
  updated_at: Generated<Date>;
}

/** A batch update that its maker may undo (migration 017). */
export interface RecordBatchTable {
  batch_id: Generated<number>;
  kind: string;
  client_id: number;
  user_id: number;
  field: string;
  value: number;
  record_count: number;
  last_history_id: number;
  created_at: Date;
  undone_at: Date | null;
}
export interface RecordBatchItemTable {
  batch_id: number;
  record_id: number;
  previous: number | null;
  /** Migration 029: the record's own new value (accepted suggestions), and companion columns' previous values. */
  value?: number | null;
  also?: unknown;
}

export interface TriageRuleTable {
  rule_id: Generated<number>;
  client_id: number;
  kind: 'ec' | 'ws' | 'sns';
  position: number;
  name: string;
  enabled: Generated<boolean>;
  conditions: unknown;
  subcategory_id: number;
  product_category_id: number | null;
  remark: Generated<string>;
  created_by: number | null;
  updated_at: Date;
}
export interface TriageSuggestionTable {
  client_id: number;
  kind: 'ec' | 'ws' | 'sns';
  record_id: number;
  rule_id: number;
  subcategory_id: number;
  product_category_id: number | null;
  remark: Generated<string>;
  trace: unknown;
  computed_at: Date;
}

export interface ServiceRequestTable {
  request_id: Generated<number>;
  client_id: number;
  type: string;
  title: string;
  fields: ColumnType<Record<string, unknown>, string, string>;
  status: Generated<number>;
  assignee_id: number | null;
  due_date: string | null;
  /** numeric: read as text by the driver. */
  fee: ColumnType<string | null, number | string | null, number | string | null>;
  currency: string | null;
  draft: Generated<boolean>;
  source_key: string | null;
  created_by: number | null;
  created_at: Date;
  updated_at: Date;
}
export interface ServiceRequestMessageTable {
  message_id: Generated<number>;
  request_id: number;
  user_id: number | null;
  body: string;
  created_at: Date;
}
export interface ServiceRequestFileTable {
  name: string;
  request_id: number;
  message_id: number | null;
}
/**
 * Tables read and written only through raw SQL (rollups kept by triggers, scores and clusters computed in SQL,
 * upload staging), declared so the schema test holds them to the migrations like every other table.
 */
export interface DashboardChangeTable {
  client_id: number;
  weight: number;
  settled: Generated<boolean>;
}
export interface EcDashTable {
  client_id: number;
  basis: number;
  month: string;
  region: string;
  site: string;
  result: number | null;
  common: number | null;
  sub: number | null;
  n: number;
}
export interface EcDashImpactTable {
  client_id: number;
  basis: number;
  month: string;
  currency: string;
  common: number | null;
  sub: number | null;
  n: number;
  price_n: number;
  price_sum: string;
  onsell_n: number;
  onsell_sum: string;
  sold_n: number;
  sold_sum: string;
  price_onsell_n: number;
  price_onsell_sum: string;
  price_sold_n: number;
  price_sold_sum: string;
}
export interface WsDashTable {
  client_id: number;
  basis: number;
  month: string;
  region: string;
  category: number | null;
  result: number | null;
  n: number;
}
export interface TriagePriceScoreTable {
  ec_id: number;
  client_id: number;
  price_usd: string;
  peer_group: string;
  peer_count: number;
  peer_median_usd: string | null;
  peer_mad_usd: string | null;
  score: number | null;
  model_price_usd: string | null;
  model_ratio: number | null;
  computed_at: Date;
}
export interface TriageSellerClusterTable {
  client_id: number;
  cluster_id: number;
  sellers: number;
  records: number;
  takedowns: number;
  repeat_offender: boolean;
  computed_at: Date;
}
export interface TriageSellerLinkTable {
  client_id: number;
  cluster_id: number;
  from_member: number;
  to_member: number;
  reason: string;
}
export interface TriageSellerMemberTable {
  client_id: number;
  cluster_id: number;
  member_id: number;
  kind: string;
  site: string;
  seller: string;
  records: number;
  takedowns: number;
}
export interface UploadStageTable {
  stage_id: Generated<number>;
  client_id: number;
  alive_at: Generated<Date>;
}
export interface UploadStageChangeTable {
  stage_id: number;
  record_id: number;
  vals: unknown;
  custom: unknown;
  common_category: number | null;
  history: unknown;
}

export interface Database {
  users: UserTable;
  client: ClientTable;
  client_contract: ClientContractTable;
  client_manager: ClientManagerTable;
  session_token: SessionTokenTable;
  api_key: ApiKeyTable;
  webhook_endpoint: WebhookEndpointTable;
  webhook_delivery: WebhookDeliveryTable;
  verification_code: VerificationCodeTable;
  throttle: ThrottleTable;
  notice: NoticeTable;
  reminder_sent: ReminderSentTable;
  brand: BrandTable;
  brand_keyword: BrandKeywordTable;
  brand_model: BrandModelTable;
  product_category: ProductCategoryTable;
  custom_column: CustomColumnTable;
  special_url: SpecialUrlTable;
  special_word: SpecialWordTable;
  attorney_letter: AttorneyLetterTable;
  client_setting: ClientSettingTable;
  news: NewsTable;
  infringement_category: InfringementCategoryTable;
  infringement_subcategory: InfringementSubcategoryTable;
  test_purchase: TestPurchaseTable;
  ec_site: EcSiteTable;
  ec_site_account: EcSiteAccountTable;
  stored_file: StoredFileTable;
  trademark: TrademarkTable;
  trademark_request: TrademarkRequestTable;
  service_request: ServiceRequestTable;
  service_request_message: ServiceRequestMessageTable;
  service_request_file: ServiceRequestFileTable;
  ec_report: EcReportTable;
  ec_record: EcRecordTable;
  ec_record_history: EcRecordHistoryTable;
  ws_report: WsReportTable;
  ws_record: WsRecordTable;
  ws_record_history: EcRecordHistoryTable;
  sns_report: SnsReportTable;
  sns_record: SnsRecordTable;
  sns_record_history: EcRecordHistoryTable;
  exchange_rate: ExchangeRateTable;
  record_batch: RecordBatchTable;
  record_batch_item: RecordBatchItemTable;
  triage_rule: TriageRuleTable;
  triage_suggestion: TriageSuggestionTable;
  evidence_capture: EvidenceCaptureTable;
  genuine_photo: GenuinePhotoTable;
  record_picture: RecordPictureTable;
  picture_match: PictureMatchTable;
  takedown_notice: TakedownNoticeTable;
  takedown_recheck: TakedownRecheckTable;
  crawler_task: CrawlerTaskTable;
  crawler_subtask: CrawlerSubtaskTable;
  crawler_page: CrawlerPageTable;
  crawler_listing: CrawlerListingTable;
  crawler_price: CrawlerPriceTable;
  watch: WatchTable;
  watch_run: WatchRunTable;
  watch_listing: WatchListingTable;
  watch_change: WatchChangeTable;
  domain_watch: DomainWatchTable;
  domain_watch_run: DomainWatchRunTable;
  domain_candidate: DomainCandidateTable;
  alert_setting: AlertSettingTable;
  alert_digest_item: AlertDigestItemTable;
  alert_digest_sent: AlertDigestSentTable;
  dashboard_change: DashboardChangeTable;
  ec_dash: EcDashTable;
  ec_dash_impact: EcDashImpactTable;
  ws_dash: WsDashTable;
  triage_price_score: TriagePriceScoreTable;
  triage_seller_cluster: TriageSellerClusterTable;
  triage_seller_link: TriageSellerLinkTable;
  triage_seller_member: TriageSellerMemberTable;
  upload_stage: UploadStageTable;
  upload_stage_change: UploadStageChangeTable;
}

export type UserRow = Selectable<UserTable>;
export type ApiKeyRow = Selectable<ApiKeyTable>;
export type WebhookEndpointRow = Selectable<WebhookEndpointTable>;
export type WebhookDeliveryRow = Selectable<WebhookDeliveryTable>;
export type NewUser = Insertable<UserTable>;
export type UserUpdate = Updateable<UserTable>;
export type ClientRow = Selectable<ClientTable>;

/** Watches (migration 036). */
export interface WatchTable {
  id: Generated<number>;
  client_id: number;
  name: string;
  kind: Generated<string>;
  schedule: ColumnType<import('@portal/contract').WatchSchedule, string, string>;
  schedule_anchor: Timestamp;
  target_count: number;
  capture_evidence: Generated<boolean>;
  paused: Generated<boolean>;
  task_id: number;
  next_run_at: NullableTimestamp;
  created_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface WatchRunTable {
  id: Generated<number>;
  watch_id: number;
  run_no: number;
  status: number;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
  counts: ColumnType<import('@portal/contract').RunCounts, string | undefined, string>;
  error: string | null;
  report_id: number | null;
}
export interface WatchListingTable {
  id: Generated<number>;
  watch_id: number;
  url: string;
  record_id: number | null;
  fields: ColumnType<Record<string, string>, string, string>;
  first_run: number;
  last_seen_run: number;
  missed: Generated<number>;
  gone: Generated<boolean>;
  back_reported: Generated<boolean>;
}
export interface WatchChangeTable {
  id: Generated<number>;
  run_id: number;
  listing_id: number;
  change: string;
  fields: ColumnType<{ field: string; before: string | null; after: string | null }[], string, string>;
}

/** Look-alike domains (migration 039). */
type JsonList<T = string> = ColumnType<T[], string, string>;
export interface DomainWatchTable {
  id: Generated<number>;
  client_id: number;
  domains: JsonList;
  words: JsonList;
  keywords: ColumnType<string[] | null, string | null, string | null>;
  fuzzers: JsonList<import('@portal/contract').DomainFuzzer>;
  tlds: JsonList;
  schedule: ColumnType<import('@portal/contract').WatchSchedule | null, string | null, string | null>;
  schedule_anchor: NullableTimestamp;
  next_run_at: NullableTimestamp;
  /** Migration 041: candidates scoring this or more are promoted at the end of a run; null: by hand only. */
  promote_threshold: ColumnType<number | null, number | null | undefined, number | null>;
  created_by: number | null;
  updated_by: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export interface DomainWatchRunTable {
  id: Generated<number>;
  watch_id: number;
  status: number;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
  counts: ColumnType<import('@portal/contract').DomainRunCounts, string | undefined, string>;
  capped: Generated<boolean>;
  error: string | null;
}
/** A reason as stored: a message key with its parameters, or a plain text. */
export type StoredReason = { key: import('@portal/contract').MessageKey; params?: Record<string, string | number> } | { text: string };
export interface DomainCandidateTable {
  id: Generated<number>;
  watch_id: number;
  domain: string;
  unicode: string;
  fuzzer: import('@portal/contract').DomainFuzzer;
  registered: boolean | null;
  live: Generated<boolean>;
  score: Generated<number>;
  reasons: ColumnType<StoredReason[], string | undefined, string>;
  dns: ColumnType<{ a: string[]; aaaa: string[]; mx: string[]; ns: string[] }, string | undefined, string>;
  state: ColumnType<import('@portal/contract').CandidateState, string | undefined, string>;
  fingerprint: string;
  first_seen_at: Timestamp;
  last_seen_at: Timestamp;
  first_run_id: number | null;
  last_run_id: number | null;
  record_id: number | null;
  /** The page (migration 040): see 040_domain_pages.ts. */
  page_url: string | null;
  page_status: number | null;
  page_title: string | null;
  page_tlsh: string | null;
  page_phash: string | null;
  page_signals: ColumnType<DomainPageSignals | null, string | null | undefined, string | null>;
  page_fingerprint: string | null;
  site_category: number | null;
  screenshot_file: string | null;
  checked_at: NullableTimestamp;
  registrar: string | null;
  domain_created_at: NullableTimestamp;
  domain_expires_at: NullableTimestamp;
  registration_source: 'rdap' | 'whois' | null;
  registration_checked_at: NullableTimestamp;
}

/** What the page of a look-alike showed (issue 32 point 3), kept to explain its score and to tell a changed page. */
export interface DomainPageSignals {
  /** 0-100: the page's HTML (TLSH) and screenshot (perceptual hash) against the brand's official site. */
  htmlSimilarity: number | null;
  screenshotSimilarity: number | null;
  /** The brand's words found in the page's text or title. */
  brandWords: string[];
  logo: boolean;
  shop: boolean;
  login: boolean;
  parked: boolean;
  forSale: boolean;
  /** No words and no pictures. */
  empty: boolean;
  /** Why the page could not be fetched (category 7, not displayed); not shown as a reason. */
  failure?: string;
}

/** Alerts (migration 037). */
export interface AlertSettingTable {
  user_id: number;
  client_id: number;
  events: ColumnType<Record<string, string>, string, string>;
  price_floor: ColumnType<string | null, number | null | undefined, number | null>;
  price_drop_percent: ColumnType<string | null, number | null | undefined, number | null>;
}
export interface AlertDigestItemTable {
  id: Generated<number>;
  user_id: number;
  client_id: number;
  line: string;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
}
export interface AlertDigestSentTable {
  user_id: number;
  local_date: ColumnType<string, string, string>;
}
