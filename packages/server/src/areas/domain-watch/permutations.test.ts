import { toASCII, toUnicode } from 'tr46';
import { describe, expect, it } from 'vitest';
import { FUZZERS, permutations, splitDomain, type Fuzzer, type PermuteOptions } from './permutations.js';

/**
 * Issue 32 point 1: each fuzzer on known inputs. Lists and counts are dnstwist's own fuzzer's for the same input, before
 * its run drops what an earlier fuzzer found (Debian's 20221213 package; its 2025 release where that one does more).
 */
const of = (domain: string, fuzzer: Fuzzer, options: PermuteOptions = {}) => permutations(domain, { ...options, fuzzers: [fuzzer] }).map((p) => p.domain).sort();
const unicodeOf = (domain: string, fuzzer: Fuzzer, options: PermuteOptions = {}) => permutations(domain, { ...options, fuzzers: [fuzzer] }).map((p) => p.unicode).sort();
const UTS46 = { useSTD3ASCIIRules: true, checkHyphens: true, checkBidi: true, checkJoiners: true, verifyDNSLength: true };

describe('dnstwist fuzzers on known inputs', () => {
  it('addition, bitsquatting, repetition, replacement: dnstwist\'s members and counts', () => {
    expect(of('paypal.com', 'addition')).toHaveLength(36);
    expect(of('paypal.com', 'addition')).toEqual(expect.arrayContaining(['paypal0.com', 'paypalz.com']));
    expect(of('my-brand.com', 'addition')).toEqual(expect.arrayContaining(['my1-brand.com', 'my-brandx.com']));
    expect(of('paypal.com', 'bitsquatting')).toHaveLength(26);
    expect(of('paypal.com', 'bitsquatting')).toEqual(expect.arrayContaining(['qaypal.com', 'paypan.com']));
    expect(of('rakuten.co.jp', 'bitsquatting')).toHaveLength(33);
    expect(of('paypal.com', 'repetition')).toEqual(['paaypal.com', 'paypaal.com', 'paypall.com', 'payppal.com', 'payypal.com', 'ppaypal.com']);
    expect(of('paypal.com', 'replacement')).toHaveLength(35);
    expect(of('rakuten.co.jp', 'replacement')).toHaveLength(43);
  });

  it('transposition, vowel-swap, hyphenation, omission, subdomain, plural: dnstwist\'s lists', () => {
    expect(of('paypal.com', 'transposition')).toEqual(['apypal.com', 'papyal.com', 'payapl.com', 'paypla.com', 'pyapal.com']);
    expect(of('paypal.com', 'vowel-swap')).toEqual(['paypel.com', 'paypil.com', 'paypol.com', 'paypul.com', 'peypal.com', 'piypal.com', 'poypal.com', 'puypal.com']);
    expect(of('paypal.com', 'hyphenation')).toEqual(['p-aypal.com', 'pa-ypal.com', 'pay-pal.com', 'payp-al.com', 'paypa-l.com']);
    expect(of('rakuten.co.jp', 'omission')).toEqual(['akuten.co.jp', 'rakten.co.jp', 'rakuen.co.jp', 'rakute.co.jp', 'rakutn.co.jp', 'rauten.co.jp', 'rkuten.co.jp']);
    expect(of('rakuten.co.jp', 'subdomain')).toEqual(['r.akuten.co.jp', 'ra.kuten.co.jp', 'rak.uten.co.jp', 'raku.ten.co.jp', 'rakut.en.co.jp']);
    expect(of('shiseido.co.jp', 'plural')).toEqual(['shiseisdo.co.jp', 'shiseseido.co.jp', 'shisesido.co.jp', 'shisseido.co.jp']);
  });

  it('insertion: dnstwist\'s keyboard neighbours, on three layouts', () => {
    const got = of('paypal.com', 'insertion');
    // 53 in dnstwist's 2022 release, which skips inserting around the first character; the 2025 release does not.
    expect(got.length).toBeGreaterThan(53);
    expect(got).toEqual(expect.arrayContaining(['p1aypal.com', 'pa1ypal.com', 'pagypal.com', 'paaypal.com', 'opaypal.com', '0paypal.com']));
  });

  it('homoglyph: ASCII, UTS 39 and diacritic look-alikes, once and twice over', () => {
    const got = new Set(unicodeOf('mercari.com', 'homoglyph'));
    for (const d of ['rnercari.com', 'mercar1.com', 'mercarl.com', 'mércari.com', 'merçari.com', 'mercɑri.com', 'rnercar1.com']) expect(got, d).toContain(d);
    // Cyrillic letters are the cyrillic fuzzer's: a label mixing scripts is refused by registries.
    expect([...got].some((d) => /\p{Script=Cyrillic}/u.test(d))).toBe(false);
  });

  it('cyrillic: the whole label in Cyrillic look-alikes, or nothing', () => {
    expect(unicodeOf('paypal.com', 'cyrillic')).toContain('раураӏ.com');
    expect(unicodeOf('shiseido.co.jp', 'cyrillic')).toContain('ѕһіѕеіԁо.co.jp');
    expect(of('rakuten.co.jp', 'cyrillic')).toEqual([]);
  });

  it('dictionary and keyword: the brand with each word, joined and hyphenated, both orders', () => {
    expect(of('mercari.com', 'dictionary', { words: ['login'] })).toEqual(['login-mercari.com', 'loginmercari.com', 'mercari-login.com', 'mercarilogin.com']);
    expect(of('my-brand.com', 'dictionary', { words: ['shop'] })).toEqual(expect.arrayContaining(['my-shop.com', 'shop-brand.com']));
    expect(of('mercari.com', 'keyword', { keywords: ['outlet', 'jp'] })).toEqual(['jp-mercari.com', 'jpmercari.com', 'mercari-jp.com', 'mercari-outlet.com', 'mercarijp.com', 'mercarioutlet.com', 'outlet-mercari.com', 'outletmercari.com']);
    expect(of('mercari.com', 'keyword')).toEqual(expect.arrayContaining(['mercari-sale.com', 'officialmercari.com', 'store-mercari.com']));
    // Words as typed: case and spaces do not matter, a word that cannot be in a label is dropped.
    expect(of('mercari.com', 'keyword', { keywords: [' Outlet', 'x y'] })).toEqual(['mercari-outlet.com', 'mercarioutlet.com', 'outlet-mercari.com', 'outletmercari.com']);
  });

  it('tld-swap and various on a multi-label suffix: co.jp is kept whole and swapped whole', () => {
    expect(splitDomain('www.rakuten.co.jp')).toEqual({ label: 'rakuten', suffix: 'co.jp' });
    expect(of('rakuten.co.jp', 'tld-swap', { tlds: ['com', 'jp', 'co.jp', 'co.uk'] })).toEqual(['rakuten.co.uk', 'rakuten.com', 'rakuten.jp']);
    expect(unicodeOf('rakuten.co.jp', 'tld-swap', { tlds: ['.COM', 'xn--q9jyb4c', 'za'] })).toEqual(['rakuten.com', 'rakuten.みんな']);
    expect(of('rakuten.co.jp', 'various')).toEqual(['rakuten.jp', 'rakutenco.jp']);
    expect(of('mercari.jp', 'various')).toEqual(['mercari-jp.com', 'mercarijp.com', 'mercarijp.jp']);
    // Every fuzzer keeps the suffix: nothing under plain .jp comes out of rakuten.co.jp's typos.
    expect(of('rakuten.co.jp', 'omission').every((d) => d.endsWith('.co.jp'))).toBe(true);
  });
});

describe('internationalised domains', () => {
  it('a Japanese IDN is fuzzed in Unicode, given in either form, with punycode and Unicode out', () => {
    expect(permutations('xn--y8jl1n.jp')).toEqual(permutations('さくら.jp'));
    expect(unicodeOf('さくら.jp', 'omission')).toEqual(['くら.jp', 'さく.jp', 'さら.jp']);
    expect(of('さくら.jp', 'omission')).toEqual(['xn--48jtf.jp', 'xn--y8j5f.jp', 'xn--y8jl.jp']);
    expect(unicodeOf('さくら.jp', 'transposition')).toEqual(['くさら.jp', 'さらく.jp']);
    expect(unicodeOf('さくら.jp', 'subdomain')).toEqual(['さ.くら.jp']);
    expect(unicodeOf('さくら.jp', 'keyword', { keywords: ['outlet'] })).toEqual(['outlet-さくら.jp', 'outletさくら.jp', 'さくら-outlet.jp', 'さくらoutlet.jp']);
    expect(unicodeOf('さくら.jp', 'various')).toEqual(['さくら-jp.com', 'さくらjp.com', 'さくらjp.jp']);
    // An internationalised TLD, given in either form.
    expect(unicodeOf('sakura.xn--q9jyb4c', 'omission')).toEqual(['akura.みんな', 'sakra.みんな', 'sakua.みんな', 'sakur.みんな', 'saura.みんな', 'skura.みんな']);
    expect(of('sakura.みんな', 'omission')).toContain('sakur.xn--q9jyb4c');
  });

  it('every result is valid per UTS 46, in both forms, with no duplicates and never the input', () => {
    for (const domain of ['rakuten.co.jp', 'さくら.jp', 'mercari.com', 'ユニクロ.jp']) {
      const all = permutations(domain, { words: ['login'], tlds: ['com', 'jp', 'co.jp', 'shop'] });
      expect(new Set(all.map((p) => p.domain)).size).toBe(all.length);
      expect(all.map((p) => p.domain)).not.toContain(toASCII(domain));
      for (const p of all) {
        expect(toASCII(p.unicode, UTS46), p.unicode).toBe(p.domain);
        expect(toUnicode(p.domain, UTS46)).toEqual({ domain: p.unicode, error: false });
        expect(p.domain.split('.').every((l) => l.length <= 63 && !l.startsWith('-') && !l.endsWith('-'))).toBe(true);
      }
      expect(new Set(all.map((p) => p.fuzzer)).size).toBeGreaterThan(5);
    }
  });

  it('drops invalid labels: too long, a hyphen at an end, hyphens in the third and fourth places, bad code points', () => {
    const long = `${'a'.repeat(63)}.com`;
    expect(of(long, 'addition')).toEqual([]);
    expect(of(long, 'omission')).toEqual([`${'a'.repeat(62)}.com`]);
    expect(of('ab.com', 'hyphenation')).toEqual(['a-b.com']);
    expect(of('abc.com', 'dictionary', { words: ['-x', 'ab', 'x y'] }).every((d) => !d.includes(' ') && !d.startsWith('-'))).toBe(true);
    expect(of('abcd.com', 'dictionary', { words: ['ab-'] })).not.toContain('ab--abcd.com');
    expect(permutations('not a domain')).toEqual([]);
    expect(permutations('co.jp')).toEqual([]);
  });

  it('knows every fuzzer by dnstwist\'s name, plus keyword', () => {
    expect([...FUZZERS].sort()).toEqual(['addition', 'bitsquatting', 'cyrillic', 'dictionary', 'homoglyph', 'hyphenation', 'insertion', 'keyword', 'omission', 'plural', 'repetition', 'replacement', 'subdomain', 'tld-swap', 'transposition', 'various', 'vowel-swap']);
  });
});
