import { useTranslation } from 'react-i18next';
import type { Locale } from '@portal/contract/shell';
import { api } from '../platform/api';
import { changeLocale, toLocale } from '../platform/i18n';
import { updateSessionUser } from '../platform/session';
import { useToken } from '../platform/token';

/**
 * English / 日本語. Each language is named in itself, so a reader of either can find theirs. Plain buttons
 * (app/plain.css): the sign-in pages show it without antd.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const token = useToken();
  const current = toLocale(i18n.language);

  const choose = (locale: Locale) => {
    void changeLocale(locale);
    if (!token) return;
    // Saved quietly: the switch has already taken effect here, and the server uses it for mails.
    api('/api/user/update-settings', { locale }).then(
      (data) => updateSessionUser((user) => ({ ...user, user_locale: data.locale })),
      () => undefined,
    );
  };

  return (
    <div className="pl-lang" role="group" data-testid="lang-switch" aria-label={t('lang.label')}>
      {(['en', 'ja'] as const).map((locale) => (
        <button
          key={locale}
          type="button"
          className={`pl-button pl-button-small${current === locale ? ' pl-button-primary' : ''}`}
          aria-pressed={current === locale}
          lang={locale}
          data-testid={`lang-${locale}`}
          onClick={() => choose(locale)}
        >
          {locale === 'en' ? t('lang.en') : t('lang.ja')}
        </button>
      ))}
    </div>
  );
}
