import type { Migration } from 'kysely';
import * as m001 from './001_foundation.js';
import * as m002 from './002_reminders.js';
import * as m003 from './003_master_data.js';
import * as m004 from './004_news.js';
import * as m005 from './005_infringement_categories.js';
import * as m006 from './006_test_purchases.js';
import * as m007 from './007_sites.js';
import * as m008 from './008_trademarks.js';
import * as m009 from './009_ec_records.js';
import * as m010 from './010_ws_records.js';
import * as m011 from './011_report_imports.js';
import * as m012 from './012_upload_stages.js';
import * as m013 from './013_sns_records.js';
import * as m014 from './014_exchange_rates.js';
import * as m015 from './015_dashboard_rollups.js';
import * as m016 from './016_rollup_trigger_memory.js';
import * as m017 from './017_record_batches.js';
import * as m018 from './018_api_keys.js';
import * as m019 from './019_crawler_tasks.js';
import * as m020 from './020_evidence.js';
import * as m021 from './021_price_usd.js';
import * as m023 from './023_service_requests.js';
import * as m024 from './024_crawler_evidence.js';
import * as m026 from './026_takedown_rechecks.js';
import * as m027 from './027_takedown_notices.js';
import * as m029 from './029_triage_rules.js';
import * as m030 from './030_triage_signals.js';
import * as m031 from './031_seller_contacts.js';
import * as m032 from './032_repeat_lookup.js';
import * as m033 from './033_field_sources.js';
import * as m034 from './034_site_browser_fetch.js';
import * as m035 from './035_webhooks.js';
import * as m036 from './036_watches.js';
import * as m037 from './037_alerts.js';
import * as m038 from './038_watch_record_changes.js';
import * as m039 from './039_domain_watch.js';
import * as m040 from './040_domain_pages.js';
import * as m041 from './041_domain_promote_threshold.js';
import * as m042 from './042_capture_pinned_host.js';
import * as m043 from './043_pictures.js';
import * as m044 from './044_photo_links.js';
import * as m045 from './045_picture_wordmark.js';
import * as m046 from './046_photo_windows.js';
import * as m047 from './047_picture_logo.js';
import * as m048 from './048_picture_band_cover.js';
import * as m049 from './049_photo_recall.js';
import * as m050 from './050_picture_reread.js';
import * as m051 from './051_record_partitions.js';

/** Every migration in order. Add one file per change and list it here; never edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001_foundation': m001,
  '002_reminders': m002,
  '003_master_data': m003,
  '004_news': m004,
  '005_infringement_categories': m005,
  '006_test_purchases': m006,
  '007_sites': m007,
  '008_trademarks': m008,
  '009_ec_records': m009,
  '010_ws_records': m010,
  '011_report_imports': m011,
  '012_upload_stages': m012,
  '013_sns_records': m013,
  '014_exchange_rates': m014,
  '015_dashboard_rollups': m015,
  '016_rollup_trigger_memory': m016,
  '017_record_batches': m017,
  '018_api_keys': m018,
  '019_crawler_tasks': m019,
  '020_evidence': m020,
  '021_price_usd': m021,
  '023_service_requests': m023,
  '024_crawler_evidence': m024,
  '026_takedown_rechecks': m026,
  '027_takedown_notices': m027,
  '029_triage_rules': m029,
  '030_triage_signals': m030,
  '031_seller_contacts': m031,
  '032_repeat_lookup': m032,
  '033_field_sources': m033,
  '034_site_browser_fetch': m034,
  '035_webhooks': m035,
  '036_watches': m036,
  '037_alerts': m037,
  '038_watch_record_changes': m038,
  '039_domain_watch': m039,
  '040_domain_pages': m040,
  '041_domain_promote_threshold': m041,
  '042_capture_pinned_host': m042,
  '043_pictures': m043,
  '044_photo_links': m044,
  '045_picture_wordmark': m045,
  '046_photo_windows': m046,
  '047_picture_logo': m047,
  '048_picture_band_cover': m048,
  '049_photo_recall': m049,
  '050_picture_reread': m050,
  '051_record_partitions': m051,
};
