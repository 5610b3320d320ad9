import { parse } from 'tldts';
import { toASCII, toUnicode } from 'tr46';
import * as f from './fuzzers.js';
import { DOMAIN_FUZZERS, type DomainFuzzer } from '@portal/contract';

/**
 * Look-alike domains of a brand's domain (issue 32 point 1), by dnstwist's fuzzers and names (spec README
 * "Look-alike domains"), plus `keyword`: the brand with the client's words (outlet, sale, official, jp, store).
 *
 * - The registrable domain comes from the public suffix list (tldts): `rakuten.co.jp` fuzzes `rakuten` and keeps
 *   `co.jp` (tld-swap swaps the whole suffix). A subdomain in the input is dropped: a watch looks for registrations.
 * - The label is fuzzed in Unicode (an IDN such as さくら.jp fuzzes さ, く, ら) and every result goes through UTS 46
 *   (tr46, IDNA 2008, non-transitional, STD3 rules, hyphen, joiner and bidi checks, DNS lengths). A result UTS 46
 *   refuses or maps to another spelling is dropped; what stays is given in its ASCII (punycode) and Unicode forms.
 * - One result per ASCII domain, credited to the first fuzzer in dnstwist's order that made it; the input itself and
 *   anything outside a registrable domain (a bare suffix) are dropped. `subdomain` results are host names under a
 *   shorter registrable domain (r.akuten.co.jp), as dnstwist gives them.
 */

/** The fuzzers by dnstwist's names, plus `keyword`, in dnstwist's order: the contract's list, the one the calls check. */
export const FUZZERS = DOMAIN_FUZZERS;
export type Fuzzer = DomainFuzzer;

/** Words a brand is commonly combined with by counterfeit shops aimed at Japan (issue 32 point 1). */
export const DEFAULT_KEYWORDS = ['outlet', 'sale', 'official', 'jp', 'japan', 'store', 'shop', 'online'];

export interface PermuteOptions {
  fuzzers?: readonly Fuzzer[];
  /** Dictionary words the analyst adds. */
  words?: readonly string[];
  /** The client's keyword combinations; DEFAULT_KEYWORDS when not given. */
  keywords?: readonly string[];
  /** Suffixes for tld-swap (com, jp, co.jp, ...). */
  tlds?: readonly string[];
}

export interface Permutation {
  fuzzer: Fuzzer;
  /** ASCII (punycode) form, the one DNS is asked about. */
  domain: string;
  /** Unicode form, the one a person reads. */
  unicode: string;
}

const UTS46 = { useSTD3ASCIIRules: true, checkHyphens: true, checkBidi: true, checkJoiners: true, verifyDNSLength: true };

/** The ASCII form of a domain when UTS 46 accepts it, else null. */
export function toAsciiDomain(domain: string): string | null {
  return toASCII(domain.trim().replace(/\.$/, ''), UTS46);
}

/** `label.suffix` of a domain, both in Unicode (さくら, みんな), or null when it has no registrable part. */
export function splitDomain(domain: string): { label: string; suffix: string } | null {
  const ascii = toAsciiDomain(domain);
  if (!ascii) return null;
  const parsed = parse(ascii, { allowPrivateDomains: false });
  if (!parsed.domain || !parsed.publicSuffix || !parsed.domainWithoutSuffix) return null;
  return { label: toUnicode(parsed.domainWithoutSuffix).domain, suffix: toUnicode(parsed.publicSuffix).domain };
}

/** True when an ASCII host name lies under a registrable domain of a listed (ICANN) public suffix. */
export function isRegistrable(ascii: string): boolean {
  const parsed = parse(ascii, { allowPrivateDomains: false });
  return parsed.domain !== null && parsed.isIcann === true && ascii.split('.').at(-1)!.length >= 2;
}

/** Words and TLDs as a person types them (Outlet, xn--q9jyb4c) in the form UTS 46 keeps (outlet, みんな); unusable ones dropped. */
function normalised(list: readonly string[]): string[] {
  return list.map((w) => toUnicode(w.trim().replace(/^\./, ''), UTS46)).filter((w) => !w.error && w.domain).map((w) => w.domain);
}

function variousLabels(label: string, suffix: string): [string, string][] {
  const out: [string, string][] = [];
  if (suffix.includes('.')) {
    out.push([label, suffix.split('.').at(-1)!], [label + suffix, '']);
  } else {
    out.push([label + suffix, suffix]);
    if (suffix !== 'com') out.push([`${label}-${suffix}`, 'com'], [label + suffix, 'com']);
  }
  return out;
}

export function permutations(domain: string, options: PermuteOptions = {}): Permutation[] {
  const split = splitDomain(domain);
  if (!split) return [];
  const { label, suffix } = split;
  const chars = [...label];
  const wanted = new Set(options.fuzzers ?? FUZZERS);
  const original = toAsciiDomain(`${label}.${suffix}`);
  const seen = new Map<string, Permutation>();
  const keep = (fuzzer: Fuzzer, name: string) => {
    const ascii = toAsciiDomain(name);
    if (!ascii || ascii === original || seen.has(ascii)) return;
    if (!isRegistrable(ascii)) return;
    const unicode = toUnicode(ascii).domain;
    // Mapped spellings (upper case, fullwidth, ß under old rules) are another domain's: only exact forms count.
    if (unicode !== name.normalize('NFC')) return;
    seen.set(ascii, { fuzzer, domain: ascii, unicode });
  };
  const labelFuzzers: Partial<Record<Fuzzer, () => string[]>> = {
    addition: () => f.addition(chars),
    bitsquatting: () => f.bitsquatting(chars),
    cyrillic: () => f.cyrillic(chars),
    homoglyph: () => f.homoglyph(chars),
    hyphenation: () => f.hyphenation(chars),
    insertion: () => f.insertion(chars),
    omission: () => f.omission(chars),
    plural: () => f.plural(chars),
    repetition: () => f.repetition(chars),
    replacement: () => f.replacement(chars),
    subdomain: () => f.subdomain(chars),
    transposition: () => f.transposition(chars),
    'vowel-swap': () => f.vowelSwap(chars),
    dictionary: () => f.dictionary(chars, normalised(options.words ?? [])),
    keyword: () => f.dictionary(chars, normalised(options.keywords ?? DEFAULT_KEYWORDS)),
  };
  for (const fuzzer of FUZZERS) {
    if (!wanted.has(fuzzer)) continue;
    for (const l of labelFuzzers[fuzzer]?.() ?? []) keep(fuzzer, `${l}.${suffix}`);
    if (fuzzer === 'tld-swap') {
      for (const tld of normalised(options.tlds ?? [])) keep(fuzzer, `${label}.${tld}`);
    }
    if (fuzzer === 'various') for (const [l, s] of variousLabels(label, suffix)) keep(fuzzer, s ? `${l}.${s}` : l);
  }
  return [...seen.values()];
}
