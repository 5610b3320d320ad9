import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RunCounts } from '@portal/contract';
import { CHANGE_COLORS, COUNTED, RUN_STATUS_COLORS } from './model';

export function RunStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('watches');
  return <Tag color={RUN_STATUS_COLORS[status] ?? 'default'}>{t(`status.${status}` as 'status.1', { defaultValue: String(status) })}</Tag>;
}

/** The kinds a run saw, as tags; "Nothing seen" when none. */
export function RunCountTags({ counts, testId }: { counts: RunCounts; testId?: string }) {
  const { t } = useTranslation('watches');
  const seen = COUNTED.filter((kind) => counts[kind] > 0);
  if (seen.length === 0) return <Typography.Text type="secondary" data-testid={testId}>{t('counts.none')}</Typography.Text>;
  return (
    <Space size={[0, 4]} wrap data-testid={testId}>
      {seen.map((kind) => (
        <Tag key={kind} color={kind === 'unchanged' ? 'default' : CHANGE_COLORS[kind]} data-testid={testId && `${testId}-${kind}`}>
          {t(`counts.${kind}`, { count: counts[kind] })}
        </Tag>
      ))}
    </Space>
  );
}
