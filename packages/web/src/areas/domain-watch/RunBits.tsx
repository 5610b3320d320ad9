import { Space, Tag, Typography } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DomainRun } from '@portal/contract';
import { RUN_STATUS_COLORS } from './model';

export function DomainRunStatusTag({ status }: { status: number }) {
  const { t } = useTranslation('domainWatch');
  return <Tag color={RUN_STATUS_COLORS[status] ?? 'default'}>{t(`status.${status}` as 'status.1', { defaultValue: String(status) })}</Tag>;
}

const COUNTED = ['permutations', 'registered', 'live', 'new', 'changed'] as const;

/** A run's counts as labelled numbers, and the cap's notice when the names were cut. */
export function DomainRunCounts({ run, testId }: { run: Pick<DomainRun, 'counts' | 'capped'>; testId?: string }) {
  const { t } = useTranslation('domainWatch');
  return (
    <Space direction="vertical" size={2} data-testid={testId}>
      <Space size={[0, 4]} wrap>
        {COUNTED.map((kind) => (
          <Tag key={kind} color={kind === 'new' && run.counts.new > 0 ? 'blue' : 'default'} data-testid={testId && `${testId}-${kind}`}>
            {t(`counts.${kind}`)}: {run.counts[kind]}
          </Tag>
        ))}
      </Space>
      {run.capped && (
        <Typography.Text data-testid={testId && `${testId}-capped`}>
          <WarningOutlined aria-hidden /> {t('runs.capped')}
        </Typography.Text>
      )}
    </Space>
  );
}
