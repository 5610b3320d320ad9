import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readPrice } from '../../packages/server/src/areas/crawler-tasks/reading/price.js';

/**
 * The price reader on price-parser's 1,191 test strings (issue 29): a case is right when the amount equals the
 * expected one as a decimal and the currency as written equals the expected writing. The strings stay in the
 * shared pages folder (PAGES_DIR, default ../shared/pages beside the repository) and are never copied here.
 */
interface PriceCase {
  text: string | null;
  currencyHint: string | null;
  amount: string | null;
  currency: string | null;
  decimalSeparator?: string | null;
}

const sameAmount = (a: string | null, b: string | null) => (a === null || b === null ? a === b : Number(a) === Number(b) && canonical(a) === canonical(b));
/** "1299.00" and "1299" are the same decimal; Number alone would also equal long fractions it rounds. */
function canonical(s: string) {
  const [int = '', frac = ''] = s.split('.');
  return `${int.replace(/^0+(?=\d)/, '')}.${frac.replace(/0+$/, '')}`;
}

export async function scorePrices(pagesDir: string): Promise<Record<string, unknown>> {
  const cases = JSON.parse(await readFile(`${pagesDir}/prices.json`, 'utf8')) as PriceCase[];
  let right = 0;
  let amountRight = 0;
  const wrong: unknown[] = [];
  for (const c of cases) {
    const got = readPrice(c.text, { currencyHint: c.currencyHint, decimalSeparator: c.decimalSeparator ?? undefined });
    const amountOk = sameAmount(got.amount, c.amount);
    const ok = amountOk && got.currencyText === c.currency;
    if (amountOk) amountRight++;
    if (ok) right++;
    else if (process.env.PRICES_SHOW_WRONG) wrong.push([c.text, c.currencyHint, c.amount, c.currency, got.amount, got.currencyText]);
  }
  for (const w of wrong) console.error(JSON.stringify(w));
  const share = (n: number) => Math.round((n / cases.length) * 1000) / 1000;
  return { set: 'prices', cases: cases.length, right, rightShare: share(right), amountRight, amountShare: share(amountRight), priceParser: 0.89 };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const pagesDir = process.env.PAGES_DIR ?? resolve(dirname(fileURLToPath(import.meta.url)), '../../../shared/pages');
  console.log(JSON.stringify(await scorePrices(pagesDir)));
}
