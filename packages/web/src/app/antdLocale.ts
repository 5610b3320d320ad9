import { useTranslation } from 'react-i18next';
import enUS from 'antd/locale/en_US';
import type { Locale as AntdLocale } from 'antd/es/locale';
import { addLanguageLoader, toLocale } from '../platform/i18n';

/**
 * antd's own texts (pagination, pickers, empty tables) in the interface language. They come with the signed-in
 * shell, not with the sign-in pages (issue 35); the Japanese ones are fetched when the shell first shows in
 * Japanese or the language switches to Japanese, before the switch takes effect (platform/i18n.ts).
 */
let japanese: AntdLocale | undefined;

/** Resolves when antd's texts of the current language are in (app/routes.tsx waits for it with the shell). */
export const antdLocaleReady: Promise<void> = addLanguageLoader(async (locale) => {
  if (locale === 'ja' && !japanese) japanese = (await import('antd/locale/ja_JP')).default;
});

export function useAntdLocale(): AntdLocale {
  const { i18n } = useTranslation();
  return (toLocale(i18n.language) === 'ja' && japanese) || enUS;
}
