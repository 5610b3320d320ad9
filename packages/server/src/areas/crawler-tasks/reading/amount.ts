/**
 * The amount half of the price reader (issue 29): which number of a price text is the price, and what its dots,
 * commas, spaces and apostrophes mean. Kept apart from the currency tables so each file reads on its own.
 */

/** A currency writing found in the text, where it starts. */
export interface Found {
  text: string;
  index: number;
}

interface Candidate {
  raw: string;
  index: number;
  end: number;
  value: string;
}

/**
 * Digits with their grouping and decimal marks. A space only groups when three digits follow it ("1 234,56"),
 * so "2.00 100" stays two numbers; leading dots cover "$.75"; ",-" and ".-" close a whole amount ("50,- Kč").
 */
const NUMBER = /\.{0,2}\d+(?:(?:[.,'’]|[ ](?=\d{3}(?!\d))|[.,] (?=\d{2}(?!\d)))\d+)*(?:[.,][-–—](?!\d))?/g;

/** Words after a number that make it a measure or a count, not money (lower case: "L", "Ft" are currencies). */
const UNIT_AFTER = /^\s?(?:ft|cm|mm|m|km|kg|g|mg|ml|l|oz|lbs?|in|inch|pcs|pc|шт|gb|tb|mb|mhz|ghz|w|kw|v|mah|x|×|"|”|°)(?![\p{L}\d])/u;
const MONTH_BEFORE = /(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?\s*$/i;
/** Words before a price that mark it as the old one, when a newer one follows. */
const OLD_PRICE = /(?:was|statt|regular|reg\.?|list|rrp|uvp|msrp|before|old|vorher|antes|avant|original|prix barré|зачеркн)\s*:?\s*\S{0,4}\s*$/i;
const RANGE_BETWEEN = /^\s*(?:-|–|—|to|bis|à|a|до|~|ー|〜)\s*$/i;
const FREE = /(?<!\p{L})(?:free|gratis|gratuit|kostenlos|бесплатно|無料)(?!\p{L})(?!\s+(?:shipping|delivery|returns?|versand|livraison|envío|env[ií]o|frete))/iu;

/** Cuts a candidate at a space that follows a decimal part ("2.00 100" is two numbers), keeping its first number. */
function trimSpaces(written: string): string {
  const raw = written.replace(/([.,]) (\d{2})$/, '$1$2');
  const parts = raw.split(' ');
  let out = parts[0]!;
  for (const part of parts.slice(1)) {
    if (/[.,](?:\d{1,2}|\d{4,})$/.test(out) || !/^\d{3}(?:[.,'’]\d+)*$/.test(part)) break;
    out += ' ' + part;
  }
  return out;
}

/**
 * The decimal reading of written digits, or null. With a known separator the last one is the decimal mark and
 * every other mark groups; without, marks of both kinds mean the last is decimal, a repeated mark groups, and a
 * single mark groups only when exactly three digits follow it and something precedes it ("1,299" but "0.750").
 */
export function decode(written: string, separator?: string): string | null {
  let s = written.replace(/[.,][-–—]$/, '').replace(/[.,'’ ]+$/, '');
  // "$.75" is 75 cents; "$.750.30" a stray dot before a number that has its own marks.
  if (/^\./.test(s)) s = /[.,]/.test(s.replace(/^\.+/, '')) && !separator ? s.replace(/^\.+/, '') : '0.' + s.replace(/^\.+/, '');
  s = s.replace(/['’ ]/g, '');
  if (!/\d/.test(s)) return null;
  let decimal: string | null = null;
  if (separator === '.' || separator === ',') {
    decimal = s.includes(separator) ? separator : null;
  } else {
    const last = s.search(/[.,][^.,]*$/);
    if (last >= 0) {
      const mark = s[last]!;
      const tail = s.slice(last + 1);
      const other = mark === '.' ? ',' : '.';
      const once = s.indexOf(mark) === last;
      const head = s.slice(0, last).replace(/[.,]/g, '');
      if (s.includes(other)) decimal = once && s.lastIndexOf(other) < last ? mark : null;
      else if (!once) decimal = null;
      else decimal = tail.length !== 3 || /^0*$/.test(head) ? mark : null;
    }
  }
  let int = s;
  let frac = '';
  if (decimal) {
    const at = s.lastIndexOf(decimal);
    int = s.slice(0, at);
    frac = s.slice(at + 1).replace(/\D/g, '');
  }
  int = int.replace(/\D/g, '').replace(/^0+(?=\d)/, '') || '0';
  return frac ? `${int}.${frac}` : int;
}

function candidates(text: string, separator?: string): Candidate[] {
  const out: Candidate[] = [];
  for (const m of text.matchAll(NUMBER)) {
    const raw = trimSpaces(m[0]);
    const index = m.index;
    const end = index + raw.length;
    const before = text.slice(0, index);
    const after = text.slice(end);
    if (/^\s*%/.test(after) || /^\+/.test(after) || /^[-/]\d/.test(after) || /\d[-/]$/.test(before)) continue;
    if (UNIT_AFTER.test(after)) continue;
    if (/^\d{1,2}[./]\d{1,2}[./]\d{2,4}$/.test(raw)) continue;
    if (/^\d{4}$/.test(raw) && MONTH_BEFORE.test(before)) continue;
    const value = decode(raw, separator);
    if (value !== null) out.push({ raw, index, end, value });
  }
  return out;
}

/**
 * The currency writing right beside a number (only spaces or a colon between), if any; a code wins over a bare
 * dollar sign on the same number ("SGD$4.90", "$1,190.00 AUD" name the dollar).
 */
function besides(text: string, c: Candidate, currencies: Found[]): Found | null {
  const near = currencies.filter((f) => {
    const fEnd = f.index + f.text.length;
    return (fEnd <= c.index && /^[\s:$]*$/.test(text.slice(fEnd, c.index))) || (f.index >= c.end && /^[\s$]*$/.test(text.slice(c.end, f.index)));
  });
  const code = near.find((f) => /^[A-Z]{3}$/.test(f.text));
  return (near[0]?.text === '$' && code) || near[0] || null;
}

/**
 * The price among a text's numbers: the first one written beside a currency (the first of a range, the new one
 * after a "was" price unless the new one is zero), else the first number; "free" alone reads as 0.
 */
export function readAmount(text: string, currencies: Found[], separator?: string): { value: string | null; currency: Found | null } {
  const all = candidates(text, separator);
  const priced = all.map((c) => ({ c, f: besides(text, c, currencies) })).filter((p) => p.f !== null);
  if (priced.length > 0) {
    let pick = 0;
    const first = priced[0]!;
    const prev = all[all.indexOf(first.c) - 1];
    if (prev && RANGE_BETWEEN.test(text.slice(prev.end, first.c.index)) && !besides(text, prev, currencies)) {
      return { value: prev.value, currency: first.f };
    }
    const lead = text.slice(Math.max(0, first.c.index - 24), Math.min(first.c.index, first.f!.index));
    if (OLD_PRICE.test(lead) && priced[1] && Number(priced[1].c.value) > 0) pick = 1;
    return { value: priced[pick]!.c.value, currency: priced[pick]!.f };
  }
  if (all.length > 0) return { value: all[0]!.value, currency: null };
  return { value: FREE.test(text) ? '0' : null, currency: null };
}
