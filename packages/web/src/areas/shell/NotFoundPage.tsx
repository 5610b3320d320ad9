import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * An address that matches no route: "page not found" and a way home, for signed-in users (in the shell) and
 * visitors (in the session frame) alike. Plain elements (app/plain.css): a visitor's pages load no antd (issue 35).
 */
export default function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  return (
    <div className="pl pl-result" data-testid="not-found">
      <div className="pl-result-code" aria-hidden="true">
        404
      </div>
      <h1>{t('notFound.title')}</h1>
      <p className="pl-secondary">
        {t('notFound.text')}
        <br />
        <code>{pathname}</code>
      </p>
      <div className="pl-result-actions">
        {/* "/" leads a signed-in user to their landing page and a visitor to the sign-in page. */}
        <button type="button" className="pl-button pl-button-primary" onClick={() => navigate('/')}>
          {t('notFound.home')}
        </button>
      </div>
    </div>
  );
}
