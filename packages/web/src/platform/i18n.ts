import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import Cookies from 'js-cookie';
import dayjs from 'dayjs';
import 'dayjs/locale/ja';
import { type Locale, type MessageKey } from '@portal/contract/shell';
import { en } from '@portal/contract/messages/en';
import enCommon from '../locales/en/common.json';
import enSession from '../locales/en/session.json';
import type enMenu from '../locales/en/menu.json';
import type { signedInEn } from './signedInTexts';

/**
 * One namespace per catalogue file, plus `contract`: the validation and error texts shared with the server,
 * so the key of a zod issue from a contract schema translates in the browser too.
 * `satisfies` (in ./ja.ts) makes a key missing from a Japanese file a type error; locales.test.ts checks both directions.
 */
/** The contract's texts by key (the catalogue's literal types widened, as the Japanese one is typed). */
const contractEn: Record<MessageKey, string> = en;

/**
 * English is the fallback. The shell holds the sign-in pages' texts; the signed-in pages' are a chunk loaded with
 * their layout (./signedInTexts.ts, loadSignedInTexts); Japanese is its own chunk, loaded before it is shown (./ja.ts).
 */
const resources = {
  en: { common: enCommon, session: enSession, contract: contractEn },
} as const;

export type EnglishResources = (typeof resources)['en'] & typeof signedInEn;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: EnglishResources;
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
  ns: Object.keys(resources.en), // the signed-in pages' namespaces join with loadSignedInTexts
  defaultNS: 'common',
  keySeparator: false,
  interpolation: { escapeValue: false }, // React escapes already
  initAsync: false, // English is bundled: translate on the first render
});

let signedIn: Promise<void> | undefined;
/** The signed-in pages' English texts, fetched once (app/routes.tsx loads them with the layout). */
export function loadSignedInTexts(): Promise<void> {
  signedIn ??= import('./signedInTexts').then(({ signedInEn }) => {
    for (const [namespace, bundle] of Object.entries(signedInEn)) i18n.addResourceBundle('en', namespace, bundle, true, true);
  });
  return signedIn;
}

let japanese: Promise<void> | undefined;
/** The Japanese catalogues, fetched once; until they arrive i18next would fall back to English. */
function loadJapanese(): Promise<void> {
  japanese ??= import('./ja').then(({ ja }) => {
    for (const [namespace, bundle] of Object.entries(ja)) i18n.addResourceBundle('ja', namespace, bundle, true, true);
  });
  return japanese;
}

/** Texts of a language that other chunks bring (antd's, with the signed-in shell: app/antdLocale.ts). */
type LanguageLoader = (locale: Locale) => Promise<void>;
const languageLoaders: LanguageLoader[] = [];

/**
 * Registers `loader`, to run before every language switch, and runs it for the current language; the answer
 * resolves when that language's texts are in. The sign-in pages load no antd, so antd's Japanese is not fetched here.
 */
export function addLanguageLoader(loader: LanguageLoader): Promise<void> {
  languageLoaders.push(loader);
  return loader(currentLocale());
}

/** Resolves when the first language's texts are in: main.tsx renders after it, so nobody sees English flash first. */
export const i18nReady: Promise<void> = first === 'ja' ? loadJapanese() : Promise.resolve();

export function currentLocale(): Locale {
  return toLocale(i18n.language);
}

/** Switches the interface and remembers the choice in the `locale` cookie; saving it on the server is the caller's part. */
export async function changeLocale(locale: Locale): Promise<void> {
  Cookies.set(LOCALE_COOKIE, locale, { path: '/', sameSite: 'strict', expires: 365 });
  await Promise.all([locale === 'ja' ? loadJapanese() : undefined, ...languageLoaders.map((load) => load(locale))]);
  applyLocale(locale);
  await i18n.changeLanguage(locale);
}

export default i18n;
