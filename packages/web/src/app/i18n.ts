import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import Cookies from 'js-cookie';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import { messages, type Locale } from '@portal/contract';
import enCommon from '../locales/en/common.json';
import enMenu from '../locales/en/menu.json';
import enSession from '../locales/en/session.json';
import enProfile from '../locales/en/profile.json';
import enClients from '../locales/en/clients.json';
import jaCommon from '../locales/ja/common.json';
import jaMenu from '../locales/ja/menu.json';
import jaSession from '../locales/ja/session.json';
import jaProfile from '../locales/ja/profile.json';
import jaClients from '../locales/ja/clients.json';
import enSearch from '../locales/en/search.json';
import jaSearch from '../locales/ja/search.json';
import enAccounts from '../locales/en/accounts.json';
import jaAccounts from '../locales/ja/accounts.json';
import enSettings from '../locales/en/settings.json';
import jaSettings from '../locales/ja/settings.json';
import enNotices from '../locales/en/notices.json';
import jaNotices from '../locales/ja/notices.json';
import enNews from '../locales/en/news.json';
import enCategories from '../locales/en/categories.json';
import jaCategories from '../locales/ja/categories.json';
import enPurchases from '../locales/en/purchases.json';
import jaPurchases from '../locales/ja/purchases.json';
import jaNews from '../locales/ja/news.json';
import enSites from '../locales/en/sites.json';
import jaSites from '../locales/ja/sites.json';
import enTrademarks from '../locales/en/trademarks.json';
import jaTrademarks from '../locales/ja/trademarks.json';
import enEcRecords from '../locales/en/ecRecords.json';
import jaEcRecords from '../locales/ja/ecRecords.json';
import enEcReports from '../locales/en/ecReports.json';
import jaEcReports from '../locales/ja/ecReports.json';
import enWsRecords from '../locales/en/wsRecords.json';
import jaWsRecords from '../locales/ja/wsRecords.json';
import enRecords from '../locales/en/records.json';
import enSnsRecords from '../locales/en/snsRecords.json';
import jaSnsRecords from '../locales/ja/snsRecords.json';
import jaRecords from '../locales/ja/records.json';
import enDashboards from '../locales/en/dashboards.json';
import jaDashboards from '../locales/ja/dashboards.json';

/**
 * One namespace per catalogue file, plus `contract`: the validation and error texts shared with the server,
 * so the key of a zod issue from a contract schema translates in the browser too.
 * `satisfies` makes a key missing from a Japanese file a type error; locales.test.ts checks both directions.
 */
export const resources = {
  en: { common: enCommon, menu: enMenu, session: enSession, profile: enProfile, clients: enClients, search: enSearch, accounts: enAccounts, settings: enSettings, notices: enNotices, news: enNews, categories: enCategories, purchases: enPurchases, sites: enSites, trademarks: enTrademarks, records: enRecords, ecRecords: enEcRecords, ecReports: enEcReports, wsRecords: enWsRecords, snsRecords: enSnsRecords, dashboards: enDashboards, contract: messages.en },
  ja: {
    common: jaCommon satisfies typeof enCommon,
    menu: jaMenu satisfies typeof enMenu,
    session: jaSession satisfies typeof enSession,
    profile: jaProfile satisfies typeof enProfile,
    clients: jaClients satisfies typeof enClients,
    search: jaSearch satisfies typeof enSearch,
    accounts: jaAccounts satisfies typeof enAccounts,
    settings: jaSettings satisfies typeof enSettings,
    notices: jaNotices satisfies typeof enNotices,
    news: jaNews satisfies typeof enNews,
    categories: jaCategories satisfies typeof enCategories,
    purchases: jaPurchases satisfies typeof enPurchases,
    sites: jaSites satisfies typeof enSites,
    trademarks: jaTrademarks satisfies typeof enTrademarks,
    records: jaRecords satisfies typeof enRecords,
    ecRecords: jaEcRecords satisfies typeof enEcRecords,
    ecReports: jaEcReports satisfies typeof enEcReports,
    wsRecords: jaWsRecords satisfies typeof enWsRecords,
    snsRecords: jaSnsRecords satisfies typeof enSnsRecords,
    dashboards: jaDashboards satisfies typeof enDashboards,
    contract: messages.ja,
  },
} as const;

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
  ns: ['common', 'menu', 'session', 'profile', 'clients', 'search', 'accounts', 'settings', 'notices', 'news', 'categories', 'purchases', 'sites', 'trademarks', 'records', 'ecRecords', 'ecReports', 'wsRecords', 'snsRecords', 'contract'],
  defaultNS: 'common',
  keySeparator: false,
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false, // resources are bundled: translate on the first render
});

export function currentLocale(): Locale {
  return toLocale(i18n.language);
}

/** Switches the interface and remembers the choice in the `locale` cookie; saving it on the server is the caller's part. */
export async function changeLocale(locale: Locale): Promise<void> {
  Cookies.set(LOCALE_COOKIE, locale, { path: '/', sameSite: 'strict', expires: 365 });
  applyLocale(locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
