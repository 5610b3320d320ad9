import { Tag, Typography } from 'antd';
import type { TriageSuggestion } from '@portal/contract';
import { useTranslation } from 'react-i18next';

/** A suggestion's trace: the rule, then each condition with the record's values that made it hold. */
export function TraceList({ rule, trace }: { rule: string; trace: TriageSuggestion['trace'] }) {
  const { t } = useTranslation(['triage', 'pictures']);
  return (
    <div data-testid="triage-trace">
      <Typography.Text strong>{t('trace.rule', { name: rule })}</Typography.Text>
      <ul style={{ margin: '4px 0 0', paddingLeft: 20 }}>
        {trace.map((step, i) => (
          <li key={i}>
            {t(`condition.${step.type}` as 'condition.words')}
            {step.values.length > 0 ? ': ' : ''}
            {step.values.map((v, j) => (
              <Tag key={j}>{step.type === 'picture' ? t(`pictures:kind.${String(v)}` as 'pictures:kind.logo') : String(v)}</Tag>
            ))}
          </li>
        ))}
      </ul>
    </div>
  );
}
