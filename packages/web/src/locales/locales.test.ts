import { describe, expect, it } from 'vitest';
import { messages } from '@portal/contract';

/**
 * Fails when a key is missing from a catalogue: every namespace file must have the same keys in en and ja,
 * and every literal key passed to t('...') in the app's sources must exist in both languages.
 * Files come through Vite's import.meta.glob, so the test runs in plain node without fs.
 */
type Catalogue = Record<string, string>;

const files = import.meta.glob<Catalogue>('./*/*.json', { eager: true, import: 'default' });
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.ts', '!../**/*.d.ts'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

const LANGUAGES = ['en', 'ja'] as const;
type Language = (typeof LANGUAGES)[number];

function catalogue(language: Language, namespace: string): Catalogue | undefined {
  if (namespace === 'contract') return messages[language];
  return files[`./${language}/${namespace}.json`];
}

function namespacesOf(language: Language): string[] {
  const prefix = `./${language}/`;
  return Object.keys(files)
    .filter((path) => path.startsWith(prefix))
    .map((path) => path.slice(prefix.length, -'.json'.length))
    .sort();
}

describe('locale catalogues', () => {
  it('have the same namespace files in every language', () => {
    expect(namespacesOf('ja')).toEqual(namespacesOf('en'));
    expect(namespacesOf('en').length).toBeGreaterThan(0);
  });

  for (const namespace of namespacesOf('en')) {
    it(`${namespace}: en and ja have the same keys, none empty`, () => {
      const en = catalogue('en', namespace) ?? {};
      const ja = catalogue('ja', namespace) ?? {};
      expect(Object.keys(ja).sort(), `keys of ja/${namespace}.json`).toEqual(Object.keys(en).sort());
      for (const [language, texts] of [['en', en], ['ja', ja]] as const) {
        const empty = Object.keys(texts).filter((key) => !texts[key]?.trim());
        expect(empty, `empty texts in ${language}/${namespace}.json`).toEqual([]);
      }
    });
  }
});

/** `useTranslation('ns')` or `useTranslation(['ns', 'other'])`: the namespaces a file's unprefixed keys may use. */
function declaredNamespaces(source: string): string[] {
  const found = new Set<string>();
  for (const call of source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*'|"[^"]*")?\s*\)/g)) {
    const argument = call[1];
    if (!argument) found.add('common');
    else for (const name of argument.matchAll(/['"]([^'"]+)['"]/g)) found.add(name[1] ?? '');
  }
  return found.size ? [...found] : ['common'];
}

/** Literal keys of t('...') and i18n.t('...') calls; keys built at run time are typed (MenuKey, MessageKey) instead. */
function literalKeys(source: string): string[] {
  return [...source.matchAll(/(?<![\w$])t\(\s*(['"`])([^'"`$]+)\1/g)].map((match) => match[2] ?? '');
}

describe('keys used in the sources', () => {
  const entries = Object.entries(sources).filter(([, source]) => /(?<![\w$])t\(/.test(source));

  it('finds sources that translate', () => {
    expect(entries.length).toBeGreaterThan(5);
  });

  for (const [path, source] of entries) {
    it(`${path.replace('../', 'src/')}: every t('...') key exists in en and ja`, () => {
      const namespaces = declaredNamespaces(source);
      const missing: string[] = [];
      for (const key of literalKeys(source)) {
        const [candidates, bare] = key.includes(':')
          ? [[key.slice(0, key.indexOf(':'))], key.slice(key.indexOf(':') + 1)]
          : [namespaces, key];
        for (const language of LANGUAGES) {
          const found = candidates.some((namespace) => catalogue(language, namespace)?.[bare] !== undefined);
          if (!found) missing.push(`${language}: ${key} (looked in ${candidates.join(', ')})`);
        }
      }
      expect(missing).toEqual([]);
    });
  }
});
