import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/** The footer of the session pages and of the shell: the copyright and the accessibility statement (plain elements). */
export function Copyright() {
  const { t } = useTranslation();
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 16, fontSize: 12 }}>
      <span className="pl-secondary">{t('copyright', { year: new Date().getFullYear() })}</span>
      <Link to="/accessibility" data-testid="accessibility-link" style={{ color: '#0958d9' }}>
        {t('a11y.link')}
      </Link>
    </span>
  );
}
