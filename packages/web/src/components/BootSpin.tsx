import { useTranslation } from 'react-i18next';

/**
 * Shown while the signed-in user or the shell's code loads, and in the session frame: plain elements
 * (app/plain.css), as the shell's first screen must not wait for antd. Inside the shell, PageSpin (antd's) is used.
 */
export function BootSpin() {
  const { t } = useTranslation();
  return (
    <div className="pl-spin" role="status">
      <span className="pl-spinner" aria-hidden="true" />
      <span className="pl-visually-hidden">{t('loading')}</span>
    </div>
  );
}
