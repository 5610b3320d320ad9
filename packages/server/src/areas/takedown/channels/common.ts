import type { TakedownChannel } from '@portal/contract';
import type { ComposeEnv, RecordFacts, TrademarkFacts } from '../facts.js';

/**
 * What every channel module is: how many listings one notice carries, and the text of a notice for them (in the
 * channel's own language). Batch channels also give the listing table of their CSV export. The lines below are
 * shared wording of the facts, in English and Japanese.
 */
export interface Draft {
  to: string;
  subject: string;
  body: string;
}
export interface Channel {
  id: TakedownChannel;
  /** Listings in one notice: 1 for per-listing forms, more for the platforms that take a list. */
  perNotice: number;
  compose(records: RecordFacts[], env: ComposeEnv): Draft;
  csv?: { header: string[]; row(f: RecordFacts): string[] };
}

export type Lang = 'en' | 'ja';

const dash = '—';

export function priceOf(f: RecordFacts): string {
  return f.price === null ? dash : `${f.price} ${f.currency}`.trim();
}

export function trademarkLine(m: TrademarkFacts | null, lang: Lang): string {
  if (!m) return lang === 'ja' ? '商標: （未指定）' : 'Trademark: (none named)';
  const until = m.invalidDate ?? dash;
  if (lang === 'ja') {
    return `商標: ${m.text}（登録番号 ${m.no}、${m.officeJa}、第${m.classes}類、存続期間満了日 ${until}）\n商標登録の確認: ${m.registryUrl || dash}`;
  }
  return `Trademark: ${m.text} (registration no. ${m.no}, ${m.officeEn}, class ${m.classes}, valid until ${until})\nRegister entry: ${m.registryUrl || dash}`;
}

export function evidenceLines(f: RecordFacts, lang: Lang): string[] {
  const lines = f.captures.map((c) =>
    lang === 'ja'
      ? `  - ${c.capturedAt} 取得（最終URL ${c.finalUrl}、HTTP ${c.status ?? dash}）PNG SHA-256 ${c.sha256Png} / HTML SHA-256 ${c.sha256Html}`
      : `  - captured ${c.capturedAt} (final URL ${c.finalUrl}, HTTP ${c.status ?? dash}) PNG SHA-256 ${c.sha256Png} / HTML SHA-256 ${c.sha256Html}`,
  );
  if (f.uploadedScreenshots > 0) lines.push(lang === 'ja' ? `  - スクリーンショット ${f.uploadedScreenshots} 点` : `  - ${f.uploadedScreenshots} screenshot(s) on file`);
  return lines.length > 0 ? lines : [lang === 'ja' ? '  - （なし）' : '  - (none)'];
}

export function listingLines(f: RecordFacts, lang: Lang): string[] {
  if (lang === 'ja') {
    return [`URL: ${f.url}`, `サイト: ${f.site}`, `出品者: ${f.seller || dash}`, `商品名: ${f.title}`, `価格: ${priceOf(f)}`, trademarkLine(f.trademark, 'ja'), '証拠:', ...evidenceLines(f, 'ja')];
  }
  return [`URL: ${f.url}`, `Site: ${f.site}`, `Seller: ${f.seller || dash}`, `Title: ${f.title}`, `Price: ${priceOf(f)}`, trademarkLine(f.trademark, 'en'), 'Evidence:', ...evidenceLines(f, 'en')];
}

/** The attorney letter (letter of authorisation) for the region, when the client has one in force. */
export function letterLine(records: RecordFacts[], lang: Lang): string | null {
  const letter = records.find((r) => r.attorneyLetter)?.attorneyLetter;
  if (!letter) return null;
  return lang === 'ja'
    ? `委任状: ${letter.region} 向け（有効期間 ${letter.startDate}〜${letter.endDate}）を添付します。`
    : `Letter of authorisation: for ${letter.region}, valid ${letter.startDate} to ${letter.endDate}, attached.`;
}

export function notifierLines(env: ComposeEnv, lang: Lang): string[] {
  return lang === 'ja'
    ? [`申告者: ${env.notifier.name}（${env.clientName} の代理人）`, `連絡先メールアドレス: ${env.notifier.mail}`]
    : [`Name: ${env.notifier.name}, on behalf of ${env.clientName}`, `E-mail: ${env.notifier.mail}`];
}

/** The trademark of a batch notice: the one most of its records name. */
export function mainTrademark(records: RecordFacts[]): TrademarkFacts | null {
  const counts = new Map<number, { m: TrademarkFacts; n: number }>();
  for (const r of records) if (r.trademark) counts.set(r.trademark.id, { m: r.trademark, n: (counts.get(r.trademark.id)?.n ?? 0) + 1 });
  return [...counts.values()].sort((a, b) => b.n - a.n)[0]?.m ?? null;
}

/** Words in a title that say the item claims compatibility rather than the brand itself. */
const COMPATIBLE = /compatible|replacement|refill|互換|対応/i;
export const claimsCompatibility = (f: RecordFacts) => COMPATIBLE.test(f.title);

/** The platform's own item id in a URL (an ASIN, an eBay item number, a Mercari item id), '' when none. */
export function itemId(url: string, pattern: RegExp, fallback = ''): string {
  return pattern.exec(url)?.[1] ?? fallback;
}

export const GOOD_FAITH_EN = 'I have a good faith belief that use of the material in the manner complained of is not authorised by the rights owner, its agent, or the law. The information in this notice is accurate and complete, and I am authorised to act on behalf of the owner of the rights at issue.';
export const GOOD_FAITH_JA = '申告者は、上記の使用が権利者、その代理人又は法律により許諾されたものではないと誠実に信じており、本申告の内容が正確かつ完全であること、及び申告者が権利者を代理する権限を有することを誓約します。';
