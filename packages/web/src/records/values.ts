import type { Locale } from '@portal/contract';

/** How record values read, the same for every kind. */

/** Only http(s) addresses are framed, shown or opened (a scraped URL is outside data). */
export function safeUrl(value: string | null | undefined): string | null {
  const text = (value ?? '').trim();
  if (!/^https?:\/\//i.test(text)) return null;
  try {
    return new URL(text).href;
  } catch {
    return null;
  }
}

/** A date of an answer as YYYY-MM-DD (a timestamp cut to its day); the scan date as YYYY-MM (spec 9). */
export function dayOf(value: unknown): string {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : '';
}
export function monthOf(value: unknown): string {
  return typeof value === 'string' && /^\d{4}-\d{2}/.test(value) ? value.slice(0, 7) : '';
}

/** A code list of the contract (categories, actions, results): code to its name in each language. */
export type Codes = Readonly<Record<number, { en: string; ja: string }>>;

/** A code's name in the user's language, or undefined for a code the list does not know. */
export const codeText = (codes: Codes, n: number, locale: Locale): string | undefined => codes[n]?.[locale];

/** The select options of a code list, in its order, in the user's language. */
export function codeOptions(codes: Codes, locale: Locale): { value: number; label: string }[] {
  return Object.entries(codes).map(([value, names]) => ({ value: Number(value), label: names[locale] }));
}

/** A column wide enough for its header's title and its sort and filter icons (wide glyphs count double). */
export function headerWidth(title: string, icons: number): number {
  let text = 0;
  for (const ch of title) text += (ch.codePointAt(0) ?? 0) >= 0x2e80 ? 14 : 8;
  return Math.min(360, text + icons * 24 + 24);
}
