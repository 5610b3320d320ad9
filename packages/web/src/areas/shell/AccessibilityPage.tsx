import { Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SessionCard } from '../session/SessionLayout';

/** When the statement was last reviewed (docs/accessibility.md carries the same date). */
export const STATEMENT_DATE = '2026-11-28';

const TESTED = ['axe', 'keyboard', 'contrast'] as const;

/**
 * The accessibility statement in the product (issue 35), for visitors and signed-in users alike, in the session
 * frame; the full statement with the test details is docs/accessibility.md (.ja.md).
 */
export default function AccessibilityPage() {
  const { t } = useTranslation();
  return (
    <SessionCard title={t('a11y.title')}>
      <div data-testid="accessibility-statement">
        <Typography.Paragraph>{t('a11y.target')}</Typography.Paragraph>
        <Typography.Title level={5}>{t('a11y.testedTitle')}</Typography.Title>
        <ul>
          {TESTED.map((key) => (
            <li key={key}>{t(`a11y.tested.${key}`)}</li>
          ))}
        </ul>
        <Typography.Title level={5}>{t('a11y.limitsTitle')}</Typography.Title>
        <Typography.Paragraph>{t('a11y.limits')}</Typography.Paragraph>
        <Typography.Title level={5}>{t('a11y.reportTitle')}</Typography.Title>
        <Typography.Paragraph>{t('a11y.report')}</Typography.Paragraph>
        <Typography.Paragraph type="secondary">{t('a11y.date', { date: STATEMENT_DATE })}</Typography.Paragraph>
        <Link to="/" data-testid="accessibility-back">
          {t('a11y.back')}
        </Link>
      </div>
    </SessionCard>
  );
}
