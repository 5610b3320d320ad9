import { Progress, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CrawlerSubtask } from '@portal/contract';
import { STATUS_COLORS, percentOf, progressOf } from './model';

/** Records scraped of the desired count, as words and a bar when there is a target. */
export function TaskProgress({ subtasks, testId }: { subtasks: readonly Pick<CrawlerSubtask, 'recordCount' | 'targetCount'>[]; testId?: string }) {
  const { t } = useTranslation('crawlerTasks');
  const p = progressOf(subtasks);
  const words = p.target === null ? t('progress.open', { count: p.count }) : t('progress.of', { count: p.count, target: p.target });
  return (
    <Space direction="vertical" size={0} style={{ minWidth: 140 }} data-testid={testId}>
      <Typography.Text>{words}</Typography.Text>
      {/* A progress bar needs a name of its own (WCAG 4.1.2): the same words. */}
      {p.target !== null && <Progress percent={percentOf(p)} size="small" showInfo={false} aria-label={words} />}
    </Space>
  );
}

export function StatusTag({ status }: { status: number }) {
  const { t } = useTranslation('crawlerTasks');
  const key = `status.${status}` as 'status.0';
  return <Tag color={STATUS_COLORS[status] ?? 'default'}>{t(key, { defaultValue: String(status) })}</Tag>;
}
