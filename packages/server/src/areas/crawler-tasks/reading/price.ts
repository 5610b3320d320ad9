import { CURRENCY_WRITINGS, ISO_CODES, OBSOLETE_CODES, SHARED_SYMBOLS, TLD_COUNTRY, UNKNOWN, WEAK_WRITINGS } from './currencies.js';
import { readAmount } from './amount.js';

/**
 * Reading a price as a page writes it (issue 29, point 2): the amount as a decimal string and the currency as an
 * ISO 4217 code where it can be told. The currency is looked for in the text first, then in the hints; the amount
 * is the number written beside the currency (not a count, a percentage, a date or a "was" price) when there is one.
 */
export interface PriceReading {
  /** The amount as a decimal string ("1234.56"), or null when the text holds no price. */
  amount: string | null;
  /** ISO 4217 code ("EUR"), or null when the text and the hints do not tell it. */
  currency: string | null;
  /** The symbol or code as the text wrote it ("€", "US$", "руб."), or null. */
  currencyText: string | null;
}

export interface PriceHints {
  /** A neighbouring text or code that names the currency (an ISO code from markup, "EUR", "руб."). */
  currencyHint?: string | null;
  /** The page's URL: its host's country tells what a bare "$" or "kr" means. */
  pageUrl?: string;
  /** The site's decimal separator when it is known ("," or "." or, on some French pages, "€"). */
  decimalSeparator?: string;
}

interface Writing {
  text: string;
  iso: string | null;
  weak: boolean;
}

const WRITINGS: Writing[] = Object.entries(CURRENCY_WRITINGS).flatMap(([iso, list]) => {
  const code = /^[A-Z]{3}$/.test(iso) && iso !== UNKNOWN ? iso : null;
  const texts = [...list.split(' '), ...(code ? [code] : [])];
  return texts.map((text) => ({ text, iso: code, weak: WEAK_WRITINGS.has(text) }));
});
for (const [old, iso] of Object.entries(OBSOLETE_CODES)) WRITINGS.push({ text: old, iso, weak: false });
for (const code of ISO_CODES) if (!WRITINGS.some((w) => w.text === code)) WRITINGS.push({ text: code, iso: code, weak: false });
// Codes and Latin words are written in capitals or in small letters ("EUR", "eur"), not mixed as in "Eur." words.
for (const w of [...WRITINGS]) {
  if (!/^[A-Za-z]{3,}$/.test(w.text)) continue;
  for (const form of [w.text.toUpperCase(), w.text.toLowerCase()]) if (!WRITINGS.some((v) => v.text === form)) WRITINGS.push({ ...w, text: form });
}
const BY_TEXT = new Map(WRITINGS.map((w) => [w.text, w]));

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** Letters around a writing that is itself letters mean it is part of a word ("R" in "Rabatt"). */
function pattern(w: Writing) {
  const body = escape(w.text).replace(/^([A-Z]{1,3})\\\$$/, '$1 ?\\$');
  const before = /^\p{L}/u.test(w.text) ? '(?<![\\p{L}\\p{M}])' : '';
  // Non-Latin words of three letters or more may carry an ending ("руб" in "рублей").
  const open = w.text.length >= 3 && /^[^\p{Script=Latin}]+$/u.test(w.text) && /\p{L}$/u.test(w.text);
  const after = /\p{L}$/u.test(w.text) && !open ? '(?![\\p{L}\\p{M}])' : '';
  return before + body + after;
}
const sorted = (ws: Writing[]) => [...ws].sort((a, b) => b.text.length - a.text.length);
function writingsRegex(ws: Writing[], flags: string) {
  return new RegExp(sorted(ws).map(pattern).join('|'), flags);
}
const STRONG = writingsRegex(WRITINGS.filter((w) => !w.weak), 'gu');
const WEAK = writingsRegex(WRITINGS.filter((w) => w.weak), 'gu');

interface Found {
  text: string;
  index: number;
}

/** The currency writings in a text, strong ones (unambiguous symbols and codes) before weak ones. */
function currenciesIn(text: string): Found[] {
  const all = (re: RegExp) => [...text.matchAll(re)].map((m) => ({ text: m[0], index: m.index }));
  const strong = all(STRONG);
  return strong.length > 0 ? strong : all(WEAK);
}

/** The country of a page's host ("shop.com.au" → "AU"), or null. */
export function hostCountry(pageUrl: string | undefined): string | null {
  if (!pageUrl) return null;
  let host: string;
  try {
    host = new URL(pageUrl).hostname;
  } catch {
    return null;
  }
  const tld = host.toLowerCase().split('.').at(-1) ?? '';
  return TLD_COUNTRY[tld] ?? (tld.length === 2 ? tld.toUpperCase() : null);
}

/** ISO code for a writing: its table entry, resolved by the host's country where the symbol is shared ("$" on .ca). */
export function isoOf(written: string, pageUrl?: string): string | null {
  const key = written.replace(/\s+/g, '');
  const w = BY_TEXT.get(key) ?? BY_TEXT.get(key.toLowerCase());
  const shared = SHARED_SYMBOLS[key.toLowerCase() === 'kr' || key === 'kr.' ? 'kr' : key === '￥' ? '¥' : key];
  const country = hostCountry(pageUrl);
  if (shared && country && shared[country]) return shared[country];
  return w?.iso ?? (/^[A-Z]{3}$/i.test(key) ? key.toUpperCase() : null);
}

/** An ISO code named outright in the hints ("EUR", "RUR"), which settles a shared symbol. */
function hintedCode(hint: string): string | null {
  const code = /^\s*([A-Z]{3})\s*$/.exec(hint)?.[1];
  if (!code) return null;
  return OBSOLETE_CODES[code] ?? code;
}

export function readPrice(text: string | null, hints: PriceHints = {}): PriceReading {
  // full-width digits, comma and period ("１，９８０円") read as ASCII ones
  const clean = (s: string) => s.replace(/[\u00a0\u2007\u2009\u202f\u200b]/g, ' ').replace(/[０-９，．]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
  const body = clean(text ?? '');
  const hint = clean(hints.currencyHint ?? '');
  const separator = hints.decimalSeparator;
  // A euro sign between euros and cents ("12€50") is the decimal mark, as some French pages write it.
  const euroMark = separator && !'.,'.includes(separator) ? new RegExp(`(\\d)${escape(separator)}(?:(\\d+)|\\s(\\d{2})(?!\\d))`, 'u') : /(?<![.,]\d{1,2})(\d)€ ?(\d{2})(?![\d.,])/u;
  const marked = euroMark.exec(body);
  const written = marked ? body.replace(euroMark, (_, a: string, b?: string, c?: string) => `${a}.${b ?? c ?? ''}€`) : body;
  const inText = currenciesIn(written);
  const amount = readAmount(written, inText, marked ? '.' : separator && '.,'.includes(separator) ? separator : undefined);
  const fromHint = currenciesIn(hint).filter((f) => !BY_TEXT.get(f.text)?.weak || f.text === hint.trim());
  const found = amount.currency ?? inText[0] ?? fromHint[0] ?? null;
  const currencyText = found?.text ?? null;
  let currency = currencyText ? isoOf(currencyText, hints.pageUrl) : null;
  const named = hintedCode(hint);
  if (named && (currency === null || (currencyText && SHARED_SYMBOLS[currencyText.replace(/\s+/g, '')]))) currency = named;
  return { amount: amount.value, currency, currencyText };
}
