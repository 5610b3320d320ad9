import { useState } from 'react';
import { Alert, Segmented, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { keepPreviousData } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WATCH_CHANGES, type RunChange } from '@portal/contract';
import { useCall } from '../../platform/calls';
import { errorMessage } from '../../platform/api';
import { CHANGE_COLORS, fieldChangeText, type ChangeKind, type Translate } from './model';

const PAGE_SIZE = 50;

/** One run's listings by kind of change: the listing, its record and, for a changed one, what changed from what to what. */
export function RunChanges({ runId, clientId }: { runId: number; clientId: number }) {
  const { t } = useTranslation('watches');
  const [change, setChange] = useState<ChangeKind>('new');
  const [page, setPage] = useState(1);
  const changes = useCall('/api/watch/fetch-run-changes', { runId, change, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }, { placeholderData: keepPreviousData });

  const columns: ColumnsType<RunChange> = [
    { title: t('changes.filter'), dataIndex: 'change', width: 100, render: (c: ChangeKind) => <Tag color={CHANGE_COLORS[c]}>{t(`change.${c}`)}</Tag> },
    {
      title: t('changes.url'),
      dataIndex: 'url',
      render: (url: string) => (
        <Typography.Link href={url} target="_blank" rel="noopener noreferrer" style={{ wordBreak: 'break-all' }}>
          {url}
          <span style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {t('change.opensNewTab')}
          </span>
        </Typography.Link>
      ),
    },
    { title: t('changes.record'), dataIndex: 'recordId', width: 100, render: (id: number | null) => (id === null ? '—' : <Link to={`/ec-data/${clientId}/${id}`}>#{id}</Link>) },
    {
      title: t('changes.fields'),
      key: 'fields',
      render: (_, row) => (
        <Space direction="vertical" size={0}>
          {row.fields.map((f) => (
            <Typography.Text key={f.field}>{fieldChangeText(f, t as Translate)}</Typography.Text>
          ))}
        </Space>
      ),
    },
  ];

  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented<ChangeKind>
        aria-label={t('changes.filter')}
        value={change}
        onChange={(value) => {
          setChange(value);
          setPage(1);
        }}
        options={WATCH_CHANGES.map((value) => ({ value, label: t(`change.${value}`) }))}
        data-testid="run-change-filter"
      />
      {changes.isError && <Alert type="warning" showIcon message={t('changes.loadFailed', { message: errorMessage(changes.error) })} />}
      <Table<RunChange>
        rowKey={(row) => `${row.change}-${row.url}`}
        size="small"
        bordered
        columns={columns}
        dataSource={changes.data?.changes ?? []}
        loading={changes.isFetching}
        aria-label={t('changes.caption')}
        locale={{ emptyText: t('changes.empty') }}
        data-testid="run-changes"
        pagination={{ current: page, pageSize: PAGE_SIZE, total: changes.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true, showTotal: (total) => t('changes.total', { total }) }}
      />
    </Space>
  );
}
