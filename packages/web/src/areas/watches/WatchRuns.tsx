import { useState, type HTMLAttributes } from 'react';
import { Button, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WatchRunStatus, type WatchRun } from '@portal/contract';
import { useCall, useInvalidateCalls } from '../../platform/calls';
import { formatDateTime } from '../../components/dateTime';
import { pollWhileRunning, useOnSettled } from '../../components/runPolling';
import { reportListPath } from '../../records/reports/model';
import { RunCountTags, RunStatusTag } from './RunBits';
import { RUN_POLL_MS, isRunning } from './model';

const PAGE_SIZE = 10;

/**
 * The watch's runs, the latest first. While one runs they are fetched again every few seconds (as a crawler task's
 * progress); when it settles, the watch (its next and last run) is fetched again too.
 */
export function WatchRuns({ watchId, clientId, selected, onSelect }: { watchId: number; clientId: number; selected: number | null; onSelect: (run: WatchRun) => void }) {
  const { t } = useTranslation('watches');
  const invalidate = useInvalidateCalls();
  const [page, setPage] = useState(1);
  const runs = useCall('/api/watch/fetch-runs', { watchId, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }, {
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileRunning(isRunning, RUN_POLL_MS),
  });
  const running = runs.data?.runs.some((r) => isRunning(r.status)) ?? false;
  useOnSettled(running, () => void invalidate(['/api/watch/detail', '/api/watch/fetch', '/api/watch/fetch-run-changes']));

  const columns: ColumnsType<WatchRun> = [
    { title: t('runs.started'), dataIndex: 'startedAt', render: (v: string) => formatDateTime(v) },
    { title: t('runs.finished'), dataIndex: 'finishedAt', render: (v: string | null) => formatDateTime(v) },
    { title: t('runs.status'), dataIndex: 'status', render: (s: number) => <RunStatusTag status={s} /> },
    { title: t('runs.counts'), key: 'counts', render: (_, run) => <RunCountTags counts={run.counts} testId={`run-counts-${run.id}`} /> },
    {
      title: t('runs.error'),
      dataIndex: 'error',
      // A skipped run says why in the reader's language; a failed run's error is the crawler's own words.
      render: (e: string | null, run: WatchRun) =>
        run.status === WatchRunStatus.SKIPPED ? <Typography.Text type="secondary">{t('runs.skippedWhy')}</Typography.Text> : e ? <Typography.Text type="danger">{e}</Typography.Text> : null,
    },
    {
      title: t('field.actions'),
      key: 'actions',
      render: (_, run) => (
        <Space size={0} wrap>
          <Button type="link" size="small" aria-pressed={run.id === selected} onClick={() => onSelect(run)} data-testid={`run-changes-${run.id}`}>
            {t('action.showChanges')}
          </Button>
          {run.reportId !== null && (
            <Link to={reportListPath('/ec-list', 'report_id', { clientId, reportId: run.reportId })} data-testid={`run-report-${run.id}`}>
              {t('action.report')}
            </Link>
          )}
        </Space>
      ),
    },
  ];

  return (
    <Table<WatchRun>
      rowKey="id"
      size="small"
      bordered
      columns={columns}
      dataSource={runs.data?.runs ?? []}
      loading={runs.isLoading}
      aria-label={t('runs.caption')}
      locale={{ emptyText: t('runs.empty') }}
      rowClassName={(run) => (run.id === selected ? 'ant-table-row-selected' : '')}
      onRow={(run) => ({ 'data-testid': `run-row-${run.id}` }) as HTMLAttributes<HTMLElement>}
      data-testid="watch-runs"
      pagination={{ current: page, pageSize: PAGE_SIZE, total: runs.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true, showTotal: (total) => t('runs.total', { total }) }}
    />
  );
}
