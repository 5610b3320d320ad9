import { useState, type HTMLAttributes } from 'react';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DomainRun } from '@portal/contract';
import { useCall, useInvalidateCalls } from '../../platform/calls';
import { formatDateTime } from '../../components/dateTime';
import { pollWhileRunning, useOnSettled } from '../../components/runPolling';
import { DomainRunCounts, DomainRunStatusTag } from './RunBits';
import { RUN_POLL_MS, isRunning } from './model';

const PAGE_SIZE = 10;

/**
 * The watch's runs, the latest first. While one runs they are fetched again every few seconds; when it settles, the
 * watch (its last run) and its candidates are fetched again too.
 */
export function DomainRuns({ watchId }: { watchId: number }) {
  const { t } = useTranslation('domainWatch');
  const invalidate = useInvalidateCalls();
  const [page, setPage] = useState(1);
  const runs = useCall('/api/domain-watch/fetch-runs', { watchId, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }, {
    placeholderData: keepPreviousData,
    refetchInterval: pollWhileRunning(isRunning, RUN_POLL_MS),
  });
  const running = runs.data?.runs.some((r) => isRunning(r.status)) ?? false;
  useOnSettled(running, () => void invalidate(['/api/domain-watch/detail', '/api/domain-watch/fetch', '/api/domain-watch/fetch-candidates']));

  const columns: ColumnsType<DomainRun> = [
    { title: t('runs.status'), dataIndex: 'status', render: (s: number) => <DomainRunStatusTag status={s} /> },
    { title: t('runs.started'), dataIndex: 'startedAt', render: (v: string) => formatDateTime(v) },
    { title: t('runs.finished'), dataIndex: 'finishedAt', render: (v: string | null) => formatDateTime(v) },
    { title: t('field.lastRun'), key: 'counts', render: (_, run) => <DomainRunCounts run={run} testId={`dw-run-counts-${run.id}`} /> },
    // A failed run's error is the worker's own words.
    { title: t('runs.error'), dataIndex: 'error', render: (e: string | null) => (e ? <Typography.Text type="danger">{e}</Typography.Text> : null) },
  ];

  return (
    <>
      {running && (
        <Typography.Paragraph role="status" data-testid="dw-run-progress">
          {t('runs.progress')}
        </Typography.Paragraph>
      )}
      <Table<DomainRun>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={runs.data?.runs ?? []}
        loading={runs.isLoading}
        scroll={{ x: 'max-content' }}
        aria-label={t('runs.caption')}
        locale={{ emptyText: t('runs.empty') }}
        onRow={(run) => ({ 'data-testid': `dw-run-row-${run.id}` }) as HTMLAttributes<HTMLElement>}
        data-testid="dw-runs"
        pagination={{ current: page, pageSize: PAGE_SIZE, total: runs.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true, showTotal: (total) => t('runs.total', { total }) }}
      />
    </>
  );
}
