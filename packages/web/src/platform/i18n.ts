import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import Cookies from 'js-cookie';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import { type Locale, type MessageKey } from '@portal/contract/shell';
import { en } from '@portal/contract/messages/en';
import enCommon from '../locales/en/common.json';
import enMenu from '../locales/en/menu.json';
import enSession from '../locales/en/session.json';
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

/**
 * One namespace per catalogue file, plus `contract`: the validation and error texts shared with the server,
 * so the key of a zod issue from a contract schema translates in the browser too.
 * `satisfies` (in ./ja.ts) makes a key missing from a Japanese file a type error; locales.test.ts checks both directions.
 */
/** The contract's texts by key (the catalogue's literal types widened, as the Japanese one is typed). */
const contractEn: Record<MessageKey, string> = en;

/** English is in the shell (and the fallback); Japanese is its own chunk, loaded before it is shown (./ja.ts). */
export const resources = {
  en: { common: enCommon, menu: enMenu, session: enSession, profile: enProfile, clients: enClients, search: enSearch, accounts: enAccounts, settings: enSettings, notices: enNotices, news: enNews, categories: enCategories, purchases: enPurchases, sites: enSites, trademarks: enTrademarks, requests: enRequests, records: enRecords, ecRecords: enEcRecords, ecReports: enEcReports, wsRecords: enWsRecords, snsRecords: enSnsRecords, dashboards: enDashboards, crawlerTasks: enCrawlerTasks, takedown: enTakedown, acceptance: enAcceptance, sellerNetworks: enSellerNetworks, triage: enTriage, webhooks: enWebhooks, watches: enWatches, contract: contractEn },
} as const;

export type EnglishResources = (typeof resources)['en'];

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: (typeof resources)['en'];
    // Keys are flat ("login.title", "validation.tooLong"), as in the contract's catalogue.
    keySeparator: false;
  }
}

export type MenuKey = keyof typeof enMenu;
export type CommonKey = keyof typeof enCommon;

const LOCALE_COOKIE = 'locale';

export function toLocale(language: string | undefined): Locale {
  return language === 'ja' ? 'ja' : 'en';
}

/** The saved choice wins; otherwise Japanese for a Japanese browser, English for everyone else. */
function initialLocale(): Locale {
  const saved = Cookies.get(LOCALE_COOKIE);
  if (saved === 'en' || saved === 'ja') return saved;
  return navigator.language.toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

function applyLocale(locale: Locale): void {
  dayjs.locale(locale);
  document.documentElement.lang = locale;
}

const first = initialLocale();
applyLocale(first);
void i18n.use(initReactI18next).init({
  resources,
  lng: first,
  fallbackLng: 'en',
  ns: Object.keys(resources.en),
  defaultNS: 'common',
  keySeparator: false,
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false, // English is bundled: translate on the first render
});

let japanese: Promise<void> | undefined;
/** The Japanese catalogues, fetched once; until they arrive i18next would fall back to English. */
function loadJapanese(): Promise<void> {
  japanese ??= import('./ja').then(({ ja }) => {
    for (const [namespace, bundle] of Object.entries(ja)) i18n.addResourceBundle('ja', namespace, bundle, true, true);
  });
  return japanese;
}

/** Resolves when the first language's texts are in: main.tsx renders after it, so nobody sees English flash first. */
export const i18nReady: Promise<void> = first === 'ja' ? loadJapanese() : Promise.resolve();

export function currentLocale(): Locale {
  return toLocale(i18n.language);
}

/** Switches the interface and remembers the choice in the `locale` cookie; saving it on the server is the caller's part. */
export async function changeLocale(locale: Locale): Promise<void> {
  Cookies.set(LOCALE_COOKIE, locale, { path: '/', sameSite: 'strict', expires: 365 });
  if (locale === 'ja') await loadJapanese();
  applyLocale(locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
