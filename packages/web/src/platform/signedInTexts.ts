import enMenu from '../locales/en/menu.json';
import enProfile from '../locales/en/profile.json';
import enClients from '../locales/en/clients.json';
import enSearch from '../locales/en/search.json';
import enAccounts from '../locales/en/accounts.json';
import enSettings from '../locales/en/settings.json';
import enNotices from '../locales/en/notices.json';
import enNews from '../locales/en/news.json';
import enCategories from '../locales/en/categories.json';
import enPurchases from '../locales/en/purchases.json';
import enSites from '../locales/en/sites.json';
import enTrademarks from '../locales/en/trademarks.json';
import enRequests from '../locales/en/requests.json';
import enEcRecords from '../locales/en/ecRecords.json';
import enEcReports from '../locales/en/ecReports.json';
import enWsRecords from '../locales/en/wsRecords.json';
import enRecords from '../locales/en/records.json';
import enTakedown from '../locales/en/takedown.json';
import enSnsRecords from '../locales/en/snsRecords.json';
import enDashboards from '../locales/en/dashboards.json';
import enCrawlerTasks from '../locales/en/crawlerTasks.json';
import enAcceptance from '../locales/en/acceptance.json';
import enSellerNetworks from '../locales/en/sellerNetworks.json';
import enTriage from '../locales/en/triage.json';
import enWebhooks from '../locales/en/webhooks.json';
import enWatches from '../locales/en/watches.json';
import enDomainWatch from '../locales/en/domainWatch.json';
import enPictures from '../locales/en/pictures.json';

/**
 * The English catalogues of the signed-in pages: a chunk of their own, loaded with the signed-in layout
 * (app/routes.tsx), so the sign-in pages carry only theirs (issue 35: the sign-in page's weight).
 */
export const signedInEn = { menu: enMenu, profile: enProfile, clients: enClients, search: enSearch, accounts: enAccounts, settings: enSettings, notices: enNotices, news: enNews, categories: enCategories, purchases: enPurchases, sites: enSites, trademarks: enTrademarks, requests: enRequests, records: enRecords, ecRecords: enEcRecords, ecReports: enEcReports, wsRecords: enWsRecords, snsRecords: enSnsRecords, dashboards: enDashboards, crawlerTasks: enCrawlerTasks, takedown: enTakedown, acceptance: enAcceptance, sellerNetworks: enSellerNetworks, triage: enTriage, webhooks: enWebhooks, watches: enWatches, domainWatch: enDomainWatch, pictures: enPictures } as const;
