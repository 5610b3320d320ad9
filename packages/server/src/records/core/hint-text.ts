import { translate, type Locale, type MessageKey } from '@portal/contract';

/**
 * The reasons an upload stores for its matches (EC's title and brand hints, any kind's black and white list
 * reasons: EC's seller and URL, SNS's account and URL) are written
 * with the English catalogue's `hint.*` texts, joined by '; ', because triage rules and filters read the stored
 * text. A reader gets them in their language: each part that has the shape of a `hint.*` text is written again
 * from the reader's catalogue with the same words; any other part (a part cut at the column's length, or one whose
 * word contains the separator) is shown as stored.
 */
export const HINT_SEPARATOR = '; ';

/** Most specific first: "seller id: …" before "seller: …". */
const HINT_KEYS = [
  'hint.compatible',
  'hint.genuine',
  'hint.keyword',
  'hint.sellerId',
  'hint.seller',
  'hint.accountId',
  'hint.account',
  'hint.url',
] as const satisfies readonly MessageKey[];
export type HintKey = (typeof HINT_KEYS)[number];

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const SHAPES = HINT_KEYS.map((key) => {
  const names: string[] = [];
  const source = translate('en', key)
    .split(/\{\{(\w+)\}\}/)
    .map((part, i) => (i % 2 === 1 ? (names.push(part), '(.*)') : escapeRe(part)))
    .join('');
  return { key, names, re: new RegExp(`^${source}$`, 's') };
});

/** One hint as stored (English). */
export function hintText(key: HintKey, params: Record<string, string>): string {
  return translate('en', key, params);
}

/** Stored reasons in the reader's language. */
export function localizeHints(stored: string, locale: Locale): string {
  if (locale === 'en' || stored === '') return stored;
  return stored
    .split(HINT_SEPARATOR)
    .map((part) => {
      for (const shape of SHAPES) {
        const m = shape.re.exec(part);
        if (m) return translate(locale, shape.key, Object.fromEntries(shape.names.map((name, i) => [name, m[i + 1] ?? ''])));
      }
      return part;
    })
    .join(HINT_SEPARATOR);
}
