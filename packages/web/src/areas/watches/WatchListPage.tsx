import { useState, type HTMLAttributes } from 'react';
import { Alert, Button, Card, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { Watch } from '@portal/contract';
import { useCall } from '../../platform/calls';
import { errorMessage } from '../../platform/api';
import { ClientFilter, useClientParam } from '../../components/ClientFilter';
import { formatDateTime } from '../../components/dateTime';
import { useWatchActions } from './actions';
import { RunCountTags, RunStatusTag } from './RunBits';
import { RUN_POLL_MS, isRunning, scheduleWords, watchPath, type Translate } from './model';

const PAGE_SIZE = 20;

/** The watches of every client or of one (the client in the URL), with their schedule, next and last run and actions. */
export default function WatchListPage() {
  const { t } = useTranslation('watches');
  const navigate = useNavigate();
  const [clientId, setClientId] = useClientParam();
  const [page, setPage] = useState(1);
  const list = useCall('/api/watch/fetch', { clientId, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }, {
    placeholderData: keepPreviousData,
    // While a shown watch runs, its last run is fetched again until it settles.
    refetchInterval: (query) => (query.state.data?.watches.some((w) => isRunning(w.lastRun?.status)) ? RUN_POLL_MS : false),
  });
  const { act, busy } = useWatchActions();
  const watches = list.data?.watches ?? [];

  const columns: ColumnsType<Watch> = [
    { title: t('field.name'), dataIndex: 'name', render: (name: string, w) => <a href={watchPath(w.id)} onClick={(e) => { e.preventDefault(); void navigate(watchPath(w.id)); }}>{name}</a> },
    { title: t('field.client'), dataIndex: 'clientName' },
    { title: t('field.sources'), key: 'sources', render: (_, w) => w.sources.length },
    { title: t('field.schedule'), key: 'schedule', render: (_, w) => scheduleWords(w.schedule, t as Translate) },
    { title: t('field.nextRun'), dataIndex: 'nextRunAt', render: (v: string | null, w) => (w.paused ? '—' : formatDateTime(v)) },
    {
      title: t('field.lastRun'),
      key: 'lastRun',
      render: (_, w) =>
        w.lastRun ? (
          <Space direction="vertical" size={2}>
            <Space size={4}>
              <RunStatusTag status={w.lastRun.status} />
              <Typography.Text type="secondary">{formatDateTime(w.lastRun.startedAt)}</Typography.Text>
            </Space>
            <RunCountTags counts={w.lastRun.counts} testId={`watch-last-counts-${w.id}`} />
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('status.never')}</Typography.Text>
        ),
    },
    { title: t('field.paused'), dataIndex: 'paused', render: (paused: boolean) => (paused ? <Tag color="warning">{t('status.paused')}</Tag> : <Tag color="success">{t('status.active')}</Tag>) },
    { title: t('field.actions'), key: 'actions', render: (_, w) => rowActions(w) },
  ];

  // A plain function, not a component: one made in render would remount (and close a confirmation) on every poll.
  function rowActions(w: Watch) {
    const id = (action: string) => `watch-${action}-${w.id}`;
    return (
      <Space size={0} wrap>
        <Button type="link" size="small" onClick={() => void navigate(watchPath(w.id))} data-testid={id('open')}>
          {t('action.open')}
        </Button>
        <Button type="link" size="small" disabled={isRunning(w.lastRun?.status)} loading={busy(w, 'runNow')} onClick={() => void act(w, 'runNow')} data-testid={id('run')}>
          {t('action.runNow')}
        </Button>
        {w.paused ? (
          <Button type="link" size="small" loading={busy(w, 'resume')} onClick={() => void act(w, 'resume')} data-testid={id('resume')}>
            {t('action.resume')}
          </Button>
        ) : (
          <Button type="link" size="small" loading={busy(w, 'pause')} onClick={() => void act(w, 'pause')} data-testid={id('pause')}>
            {t('action.pause')}
          </Button>
        )}
        <Popconfirm title={t('confirm.remove', { name: w.name })} okText={t('action.remove')} okButtonProps={{ danger: true }} cancelText={t('action.cancel')} onConfirm={() => act(w, 'remove')}>
          <Button type="link" size="small" danger loading={busy(w, 'remove')} data-testid={id('remove')}>
            {t('action.remove')}
          </Button>
        </Popconfirm>
      </Space>
    );
  }

  return (
    <Card
      title={t('list.title')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/analyst/watches/new')} data-testid="watch-new">
          {t('list.new')}
        </Button>
      }
    >
      <ClientFilter id="watch-client-filter" choice="all" label={t('list.client')} placeholder={t('list.allClients')} value={clientId} onChange={(next) => { setPage(1); setClientId(next); }} />
      {list.isError && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('list.loadFailed', { message: errorMessage(list.error) })} />}
      <Table<Watch>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={watches}
        loading={list.isFetching && !list.isRefetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('list.empty') }}
        aria-label={t('list.caption')}
        onRow={(row) => ({ 'data-testid': `watch-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
        data-testid="watch-list"
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showTotal: (total) => t('list.total', { total }) }}
      />
    </Card>
  );
}
