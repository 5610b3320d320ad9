import type { ReactNode } from 'react';
import { Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { CrawlerSubtask } from '@portal/contract';
import type { SubtaskValues } from './model';
import { StatusTag, TaskProgress } from './TaskProgress';

type Row = SubtaskValues & Partial<Pick<CrawlerSubtask, 'id' | 'status' | 'recordCount' | 'error'>> & { key?: string | number };

/** The subtasks of a task (drawer, detail) or of the new form (no status yet); `actions` renders a row's buttons. */
export function SubtaskTable<R extends Row>({ rows, actions, testId }: { rows: readonly R[]; actions?: (row: R) => ReactNode; testId: string }) {
  const { t } = useTranslation('crawlerTasks');
  const saved = rows.some((r) => r.status !== undefined);
  const columns: ColumnsType<R> = [
    { title: t('field.site'), dataIndex: 'site' },
    { title: t('field.keyword'), dataIndex: 'keyword' },
    {
      title: t('field.startUrl'),
      dataIndex: 'startUrl',
      render: (url: string) => (
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer" ellipsis style={{ maxWidth: 260 }}>
          {url}
        </Typography.Link>
      ),
    },
    { title: t('field.targetCount'), dataIndex: 'targetCount', render: (n: number | null) => n ?? '—' },
    ...(saved
      ? ([
          { title: t('field.status'), dataIndex: 'status', render: (s: number) => <StatusTag status={s} /> },
          { title: t('field.progress'), key: 'progress', render: (_: unknown, r: R) => <TaskProgress subtasks={[{ recordCount: r.recordCount ?? 0, targetCount: r.targetCount }]} /> },
          {
            title: t('field.lastError'),
            dataIndex: 'error',
            render: (e: string | null) => (e ? <Typography.Text type="danger" style={{ maxWidth: 240 }} ellipsis={{ tooltip: e }}>{e}</Typography.Text> : null),
          },
        ] as ColumnsType<R>)
      : []),
    ...(actions ? [{ title: t('field.actions'), key: 'actions', render: (_: unknown, r: R) => actions(r) }] : []),
  ];
  return (
    <Table<R>
      rowKey={(r) => String(r.id ?? r.key)}
      size="small"
      bordered
      columns={columns}
      dataSource={rows as R[]}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('subtask.empty') }}
      data-testid={testId}
    />
  );
}
