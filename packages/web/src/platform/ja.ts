import type { EnglishResources } from './i18n';
import { ja as contractJa } from '@portal/contract/messages/ja';
import jaCommon from '../locales/ja/common.json';
import jaMenu from '../locales/ja/menu.json';
import jaSession from '../locales/ja/session.json';
import jaProfile from '../locales/ja/profile.json';
import jaClients from '../locales/ja/clients.json';
import jaSearch from '../locales/ja/search.json';
import jaAccounts from '../locales/ja/accounts.json';
import jaSettings from '../locales/ja/settings.json';
import jaPictures from '../locales/ja/pictures.json';
import jaNotices from '../locales/ja/notices.json';
import jaCategories from '../locales/ja/categories.json';
import jaPurchases from '../locales/ja/purchases.json';
import jaNews from '../locales/ja/news.json';
import jaSites from '../locales/ja/sites.json';
import jaTrademarks from '../locales/ja/trademarks.json';
import jaRequests from '../locales/ja/requests.json';
import jaEcRecords from '../locales/ja/ecRecords.json';
import jaEcReports from '../locales/ja/ecReports.json';
import jaWsRecords from '../locales/ja/wsRecords.json';
import jaSnsRecords from '../locales/ja/snsRecords.json';
import jaRecords from '../locales/ja/records.json';
import jaDashboards from '../locales/ja/dashboards.json';
import jaAcceptance from '../locales/ja/acceptance.json';
import jaCrawlerTasks from '../locales/ja/crawlerTasks.json';
import jaTakedown from '../locales/ja/takedown.json';
import jaSellerNetworks from '../locales/ja/sellerNetworks.json';
import jaTriage from '../locales/ja/triage.json';
import jaWebhooks from '../locales/ja/webhooks.json';
import jaWatches from '../locales/ja/watches.json';
import jaDomainWatch from '../locales/ja/domainWatch.json';

/**
 * The Japanese catalogues, a chunk of their own: an English user never downloads them. Each must have every key of
 * its English file (a missing one is a type error here; locales.test.ts checks both directions).
 */
export const ja = {
  common: jaCommon satisfies EnglishResources['common'],
  menu: jaMenu satisfies EnglishResources['menu'],
  session: jaSession satisfies EnglishResources['session'],
  profile: jaProfile satisfies EnglishResources['profile'],
  clients: jaClients satisfies EnglishResources['clients'],
  search: jaSearch satisfies EnglishResources['search'],
  accounts: jaAccounts satisfies EnglishResources['accounts'],
  settings: jaSettings satisfies EnglishResources['settings'],
  notices: jaNotices satisfies EnglishResources['notices'],
  news: jaNews satisfies EnglishResources['news'],
  categories: jaCategories satisfies EnglishResources['categories'],
  purchases: jaPurchases satisfies EnglishResources['purchases'],
  sites: jaSites satisfies EnglishResources['sites'],
  trademarks: jaTrademarks satisfies EnglishResources['trademarks'],
  requests: jaRequests satisfies EnglishResources['requests'],
  records: jaRecords satisfies EnglishResources['records'],
  ecRecords: jaEcRecords satisfies EnglishResources['ecRecords'],
  ecReports: jaEcReports satisfies EnglishResources['ecReports'],
  wsRecords: jaWsRecords satisfies EnglishResources['wsRecords'],
  snsRecords: jaSnsRecords satisfies EnglishResources['snsRecords'],
  dashboards: jaDashboards satisfies EnglishResources['dashboards'],
  crawlerTasks: jaCrawlerTasks satisfies EnglishResources['crawlerTasks'],
  takedown: jaTakedown satisfies EnglishResources['takedown'],
  acceptance: jaAcceptance satisfies EnglishResources['acceptance'],
  sellerNetworks: jaSellerNetworks satisfies EnglishResources['sellerNetworks'],
  triage: jaTriage satisfies EnglishResources['triage'],
  webhooks: jaWebhooks satisfies EnglishResources['webhooks'],
  watches: jaWatches satisfies EnglishResources['watches'],
  domainWatch: jaDomainWatch satisfies EnglishResources['domainWatch'],
  pictures: jaPictures satisfies EnglishResources['pictures'],
  contract: contractJa satisfies EnglishResources['contract'],
  
};
