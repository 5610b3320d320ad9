import { Card, Typography } from 'antd';
import { BulbOutlined } from '@ant-design/icons';
import { useCall } from '../../platform/calls';
import type { TriageKind } from '@portal/contract';
import { useTranslation } from 'react-i18next';
import { categoryLabel, useCategoryOptions } from './queries';
import { TraceList } from './trace';

/** The record detail's triage suggestion with its trace (issue 19), analysts only. */
export function SuggestionCard({ kind, clientId, recordId }: { kind: TriageKind; clientId: number; recordId: number }) {
  const { t } = useTranslation('triage');
  const categories = useCategoryOptions(kind);
  const query = useCall('/api/triage/fetch-suggestions', { clientId, kind, recordIds: [recordId] }, { select: (answer) => answer.suggestions });
  if (!query.data) return null;
  const s = query.data[0];
  return (
    <Card size="small" style={{ marginBottom: 16 }} title={<><BulbOutlined /> {t('detail.title')}</>} data-testid="triage-detail">
      {s ? (
        <>
          <Typography.Paragraph strong>{t('detail.suggests', { category: categoryLabel(categories, s.subcategoryId) })}{s.remark ? ` — ${s.remark}` : ''}</Typography.Paragraph>
          <TraceList rule={s.ruleName} trace={s.trace} />
        </>
      ) : (
        <Typography.Text type="secondary">{t('detail.none')}</Typography.Text>
      )}
    </Card>
  );
}
