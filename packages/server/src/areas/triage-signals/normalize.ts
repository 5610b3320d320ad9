/**
 * Keys that tie sellers together (issue 19, point 5), each the same for the forms a person would call "the same":
 * a name without its company suffix, case, punctuation, width or kana form; a phone by its last nine digits; a
 * mail and a URL without their cosmetic differences. An empty key never links (too short to mean anything).
 */

/** Company suffixes removed from names, as whole words after case-folding (Latin) ... */
const LATIN_SUFFIXES = new Set(['co', 'ltd', 'inc', 'llc', 'gmbh', 'corp', 'corporation', 'company', 'limited', 'plc', 'kk', 'sarl', 'srl', 'bv', 'ag', 'pty', 'lp', 'llp', 'sa', 'oy', 'ab']);
/** ... and anywhere (Japanese and Chinese forms are not space-separated). After NFKC, ㈱ is (株). Longest first. */
const CJK_SUFFIXES = ['股份有限公司', '有限责任公司', '有限公司', '株式会社', '有限会社', '合同会社', '合資会社', '合名会社', '(株)', '(有)', '(同)', '公司'];
const CJK_SUFFIX = new RegExp(CJK_SUFFIXES.map((x) => x.replace(/[()]/g, '\\$&')).join('|'), 'g');
/** Shorter normalized names link too much by chance ("ab", "株"). */
export const MIN_NAME_KEY = 3;
/** Names that say nothing about who sells (placeholders a sheet or a page shows): they never link. */
const GENERIC_NAMES = new Set(['shop', 'store', 'seller', 'official', 'officialstore', 'officialshop', 'outlet', 'unknown', 'none', 'null', 'ショップ', 'ストア', '不明', '店铺', '旗舰店']);

/** Hiragana to katakana, so ふじ and フジ are one name (NFKC already made half-width katakana full-width). */
function toKatakana(s: string): string {
  return s.replace(/[\u3041-\u3096]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0x60));
}

const PUNCTUATION = /[\p{P}\p{S}\p{Z}\s]+/gu;

/** A seller's or account's name as a link key: NFKC, case-folded, kana folded, suffixes and punctuation removed. */
export function nameKey(name: string): string {
  const s = toKatakana(name.normalize('NFKC').toLowerCase()).replace(CJK_SUFFIX, ' ');
  const words = s.split(PUNCTUATION).filter((w) => w !== '' && !LATIN_SUFFIXES.has(w));
  const key = words.join('');
  return [...key].length >= MIN_NAME_KEY && !GENERIC_NAMES.has(key) ? key : '';
}

/** A phone's last nine digits (drops the country code or trunk 0: +81 3-1234-5678 and 03-1234-5678 agree). */
export function phoneKey(phone: string): string {
  const digits = phone.normalize('NFKC').replace(/\D/g, '');
  return digits.length >= 7 ? digits.slice(-9) : '';
}

export function mailKey(mail: string): string {
  const m = mail.normalize('NFKC').trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(m) ? m : '';
}

/** A shop address as written, without case, width, kana form, spaces and punctuation (a short one is not an address). */
export function addressKey(address: string): string {
  const s = toKatakana(address.normalize('NFKC').toLowerCase()).replace(PUNCTUATION, '');
  return [...s].length >= 8 ? s : '';
}

/** A seller page's URL without scheme, www., fragment, trailing slash and case of the host. */
export function urlKey(url: string): string {
  const u = url.normalize('NFKC').trim().replace(/#.*$/, '');
  const m = /^(?:[a-z][a-z0-9+.-]*:\/\/)?(?:www\.)?([^/?]+)(.*)$/i.exec(u);
  if (!m || !m[1] || !m[1].includes('.')) return '';
  const rest = m[2]!.replace(/\/+(\?|$)/, '$1');
  return `${m[1].toLowerCase()}${rest}`;
}

/** An account id across platforms: without a leading @ and case (handles are case-insensitive on the platforms we read). */
export function idKey(id: string): string {
  const s = id.normalize('NFKC').trim().replace(/^@/, '').toLowerCase();
  return s.length >= 3 ? s : '';
}
