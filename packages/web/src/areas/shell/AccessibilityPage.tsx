import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SessionCard } from '../session/SessionLayout';

/** When the statement was last reviewed (docs/accessibility.md carries the same date). */
export const STATEMENT_DATE = '2026-11-28';

const TESTED = ['axe', 'keyboard', 'contrast'] as const;

/**
 * The accessibility statement in the product (issue 35), for visitors and signed-in users alike, in the session
 * frame (plain elements, no antd); the full statement with the test details is docs/accessibility.md (.ja.md).
 */
export default function AccessibilityPage() {
  const { t } = useTranslation();
  return (
    <SessionCard title={t('a11y.title')}>
      <div data-testid="accessibility-statement">
        <p>{t('a11y.target')}</p>
        <h2>{t('a11y.testedTitle')}</h2>
        <ul>
          {TESTED.map((key) => (
            <li key={key}>{t(`a11y.tested.${key}`)}</li>
          ))}
        </ul>
        <h2>{t('a11y.limitsTitle')}</h2>
        <p>{t('a11y.limits')}</p>
        <h2>{t('a11y.reportTitle')}</h2>
        <p>{t('a11y.report')}</p>
        <p className="pl-secondary">{t('a11y.date', { date: STATEMENT_DATE })}</p>
        <Link to="/" data-testid="accessibility-back">
          {t('a11y.back')}
        </Link>
      </div>
    </SessionCard>
  );
}
