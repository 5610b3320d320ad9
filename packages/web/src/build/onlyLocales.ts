import type { Plugin } from 'vite';

/** The languages the portal speaks, and ProLayout's own fallback (zh-CN), in the spellings of the locale files. */
const KEPT = /^(en[_-]US|ja[_-]JP|zh[_-]CN)$/;
/** ProLayout's and its provider's locale files: every one is imported by a static map of about thirty languages. */
const LOCALE_FILE = /@ant-design[\\/]pro-(?:provider[\\/]es[\\/]locale|layout[\\/]es[\\/]locales)[\\/]([a-z]{2}[_-][A-Z]{2})\.js$/;

/**
 * ProLayout brings the texts of every language it knows (about 8 kB compressed on every signed-in page); those the
 * portal never shows are built as empty tables, which ProLayout reads as "no text, use the fallback" (issue 35).
 */
export function onlyLocalesPlugin(): Plugin {
  return {
    name: 'portal-only-locales',
    enforce: 'pre',
    load(id) {
      const name = LOCALE_FILE.exec(id.split('?')[0]!)?.[1];
      return name && !KEPT.test(name) ? 'export default {};' : null;
    },
  };
}
