import { neighbours } from './keyboards.js';
import { cyrillicGlyphs, latinGlyphs } from './glyphs.js';

/**
 * dnstwist's fuzzers on one label (the registrable name without its public suffix, in Unicode), each kept to what
 * dnstwist does so the portal's set contains dnstwist's; where dnstwist's versions differ (Debian's 2022 package and
 * the 2025 release), the portal does the union: addition also before a hyphen, insertion also at the first
 * character, homoglyph both with windows of any width (2022) and over two-character keys such as "rn" (2025).
 * Labels are handled as arrays of code points (a Japanese or astral character is one position, as in Python).
 * Validity (length, hyphens, UTS 46) is checked once, in permutations.ts.
 */

type Chars = string[];
const cut = (s: Chars, from: number, to?: number) => s.slice(from, to).join('');
const ALNUM = [...'0123456789abcdefghijklmnopqrstuvwxyz'];
const BITSQUAT_OK = new Set('abcdefghijklmnopqrstuvwxyz0123456789-');

export function addition(s: Chars): string[] {
  const out = ALNUM.map((c) => s.join('') + c);
  const parts = s.join('').split('-');
  for (let p = 1; p < parts.length; p++) {
    for (const c of ALNUM) out.push(`${parts.slice(0, p).join('-')}${c}-${parts.slice(p).join('-')}`);
  }
  return out;
}

export function bitsquatting(s: Chars): string[] {
  const out: string[] = [];
  s.forEach((c, i) => {
    for (let bit = 0; bit < 8; bit++) {
      const b = String.fromCodePoint(c.codePointAt(0)! ^ (1 << bit));
      if (BITSQUAT_OK.has(b)) out.push(cut(s, 0, i) + b + cut(s, i + 1));
    }
  });
  return out;
}

/**
 * The whole label in Cyrillic look-alikes, or nothing when a letter has none (as dnstwist): each letter's best
 * look-alike, then the same with one letter changed to each of its other look-alikes.
 */
export function cyrillic(s: Chars): string[] {
  const table = cyrillicGlyphs();
  const options = s.map((c) => table.get(c));
  if (options.some((o) => !o)) return [];
  const best = options.map((o) => o![0]!);
  const out = [best.join('')];
  options.forEach((o, i) => o!.slice(1).forEach((alt) => out.push(cut(best, 0, i) + alt + cut(best, i + 1))));
  return out;
}

function mix(s: Chars, glyphs: Map<string, Set<string>>, out: Set<string>) {
  for (let w = 1; w <= s.length; w++) {
    for (let i = 0; i + w <= s.length; i++) {
      const win = s.slice(i, i + w);
      const keys = new Set(win);
      if (w === 2) keys.add(win.join(''));
      for (const key of keys) {
        for (const g of glyphs.get(key) ?? []) {
          const replaced = key.length === 1 ? win.map((c) => (c === key ? g : c)).join('') : g;
          out.add(cut(s, 0, i) + replaced + cut(s, i + w));
        }
      }
    }
  }
}

/** Look-alike characters, once and twice over (as dnstwist). */
export function homoglyph(s: Chars): string[] {
  const glyphs = latinGlyphs();
  const first = new Set<string>();
  mix(s, glyphs, first);
  const second = new Set<string>(first);
  for (const r of first) mix([...r], glyphs, second);
  return [...second];
}

export const hyphenation = (s: Chars) => s.slice(1).map((_, k) => `${cut(s, 0, k + 1)}-${cut(s, k + 1)}`);

export function insertion(s: Chars): string[] {
  const out: string[] = [];
  for (let i = 0; i < s.length - 1; i++) {
    for (const c of neighbours(s[i]!)) out.push(cut(s, 0, i) + c + s[i] + cut(s, i + 1), cut(s, 0, i + 1) + c + cut(s, i + 1));
  }
  return out;
}

export const omission = (s: Chars) => s.map((_, i) => cut(s, 0, i) + cut(s, i + 1));

export function plural(s: Chars): string[] {
  const out: string[] = [];
  for (let i = 2; i < s.length - 2; i++) out.push(cut(s, 0, i + 1) + ('sxz'.includes(s[i]!) ? 'es' : 's') + cut(s, i + 1));
  return out;
}

export const repetition = (s: Chars) => s.map((c, i) => cut(s, 0, i) + c + cut(s, i));

export const replacement = (s: Chars) => s.flatMap((c, i) => neighbours(c).map((r) => cut(s, 0, i) + r + cut(s, i + 1)));

export function subdomain(s: Chars): string[] {
  const out: string[] = [];
  for (let i = 1; i < s.length - 1; i++) {
    if (!'-.'.includes(s[i]!) && !'-.'.includes(s[i - 1]!)) out.push(`${cut(s, 0, i)}.${cut(s, i)}`);
  }
  return out;
}

export const transposition = (s: Chars) => s.slice(1).map((_, i) => cut(s, 0, i) + s[i + 1] + s[i] + cut(s, i + 2));

export function vowelSwap(s: Chars): string[] {
  return s.flatMap((c, i) => ('aeiou'.includes(c) ? [...'aeiou'].map((v) => cut(s, 0, i) + v + cut(s, i + 1)) : []));
}

/** The label with each word, joined and hyphenated, both orders; words also replace a hyphenated part (dnstwist). */
export function dictionary(s: Chars, words: readonly string[]): string[] {
  const label = s.join('');
  const out: string[] = [];
  for (const word of words) {
    if (!(label.startsWith(word) && label.endsWith(word))) out.push(`${label}-${word}`, label + word, `${word}-${label}`, word + label);
  }
  if (label.includes('-')) {
    const parts = label.split('-');
    for (const word of words) out.push(`${parts.slice(0, -1).join('-')}-${word}`, `${word}-${parts.slice(1).join('-')}`);
  }
  return out;
}
