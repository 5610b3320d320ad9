import { describe, expect, it } from 'vitest';
import { isStrongPassword, isUserPassword } from './validation.js';
import { messages, translate } from './messages/index.js';
import * as session from './session.js';

describe('message catalogues', () => {
  it('English and Japanese have exactly the same keys, none empty, with the same placeholders', () => {
    const en = Object.keys(messages.en).sort();
    const ja = Object.keys(messages.ja).sort();
    expect(ja).toEqual(en);
    for (const key of en) {
      const e = messages.en[key as keyof typeof messages.en];
      const j = messages.ja[key as keyof typeof messages.ja];
      expect(e.trim(), key).not.toBe('');
      expect(j.trim(), key).not.toBe('');
      const holes = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
      expect(holes(j), key).toEqual(holes(e));
    }
  });

  it('fills placeholders', () => {
    expect(translate('en', 'error.codeTooSoon', { seconds: 42 })).toContain('42 seconds');
    expect(translate('ja', 'error.codeTooSoon', { seconds: 42 })).toContain('42秒');
  });
});

describe('password rules of section 5', () => {
  it('sign-up, forgot and signed-in reset: 8 to 20 with a letter and a digit, symbols allowed', () => {
    expect(isUserPassword('abcdefg1')).toBe(true);
    expect(isUserPassword('abc!@#12')).toBe(true);
    expect(isUserPassword('abcdefgh')).toBe(false);
    expect(isUserPassword('12345678')).toBe(false);
    expect(isUserPassword('abc1234')).toBe(false);
    expect(isUserPassword('a1'.repeat(10) + 'x')).toBe(false);
    expect(isUserPassword('abc 12345')).toBe(false);
  });

  it('administrator-set passwords: a digit, an upper-case, a lower-case letter and a symbol, 8 or more', () => {
    expect(isStrongPassword('Abcdef1!')).toBe(true);
    expect(isStrongPassword('abcdef1!')).toBe(false);
    expect(isStrongPassword('ABCDEF1!')).toBe(false);
    expect(isStrongPassword('Abcdefg!')).toBe(false);
    expect(isStrongPassword('Abcdefg1')).toBe(false);
    expect(isStrongPassword('Ab1!')).toBe(false);
  });
});

describe('session payloads', () => {
  it('normalises the mail and reports the first problem as a catalogue key', () => {
    expect(session.requestCodeInput.parse({ mail: '  Foo@Example.COM ' })).toEqual({ mail: 'foo@example.com' });
    const bad = session.signupInput.safeParse({ name: '', mail: 'x', password: 'a', password2: 'b', code: '1' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe('validation.nameRequired');
    const mismatch = session.signupInput.safeParse({ name: 'n', mail: 'a@b.co', password: 'abcdefg1', password2: 'abcdefg2', code: '123456' });
    expect(mismatch.error?.issues[0]).toMatchObject({ message: 'validation.passwordMismatch', path: ['password2'] });
  });
});

describe('keys used in code', () => {
  it('every catalogue key written in contract or server source exists', async () => {
    const { readdirSync, readFileSync, statSync } = await import('node:fs');
    const path = await import('node:path');
    const roots = ['packages/contract/src', 'packages/server/src'].map((r) => path.resolve(import.meta.dirname, '../../..', r));
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (full.endsWith('.ts') && !full.includes(`${path.sep}messages${path.sep}`)) files.push(full);
      }
    };
    roots.forEach(walk);
    const used = new Set<string>();
    for (const file of files) {
      for (const m of readFileSync(file, 'utf8').matchAll(/'((?:validation|error|mail)\.[A-Za-z.]+)'/g)) used.add(m[1]!);
    }
    expect(used.size).toBeGreaterThan(10);
    for (const key of used) expect(Object.keys(messages.en), `${key} is used but not in the catalogue`).toContain(key);
  });
});
