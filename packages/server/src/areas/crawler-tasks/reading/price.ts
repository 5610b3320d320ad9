/**
 * Reading a price as a page writes it (issue 29, point 2): the amount as a decimal string and the currency as an
 * ISO 4217 code where it can be told. First version: digits with a decimal point or comma; the full reader
 * (grouping, scripts, symbols by the site's country) replaces it.
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
  currencyHint?: string;
  /** The page's URL: its host's country tells what a bare "$" or "kr" means. */
  pageUrl?: string;
}

export function readPrice(text: string, hints: PriceHints = {}): PriceReading {
  const match = /\d[\d.,]*/.exec(text);
  const code = /\b[A-Z]{3}\b/.exec(hints.currencyHint ?? '')?.[0] ?? null;
  if (!match) return { amount: null, currency: code, currencyText: null };
  const digits = match[0].replace(/[.,]$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const n = Number(digits.replace(',', '.'));
  return { amount: Number.isFinite(n) ? String(n) : null, currency: code, currencyText: null };
}
