import { useState, type HTMLAttributes } from 'react';
import { Alert, Button, Card, Popconfirm, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DomainWatch } from '@portal/contract';
import { useCall } from '../../platform/calls';
import { errorMessage } from '../../platform/api';
import { useUser } from '../../platform/session';
import { ClientFilter, useClientParam } from '../../components/ClientFilter';
import { formatDateTime } from '../../components/dateTime';
import { scheduleWords, type Translate } from '../watches/model';
import { useDomainWatchActions } from './actions';
import { DomainRunStatusTag } from './RunBits';
import { RUN_POLL_MS, domainWatchPath, isRunning, mayChange } from './model';

const PAGE_SIZE = 20;

/**
 * The domain watches of every client the user sees, or of one (`?client=`): domains, schedule, next and last run
 * with its counts. Staff run and remove them here; a client user reads their company's (the server's rule).
 */
export default function DomainWatchListPage() {
  const { t } = useTranslation('domainWatch');
  const { t: tw } = useTranslation('watches');
  const navigate = useNavigate();
  const staff = mayChange(useUser().user_role);
  const [clientId, setClientId] = useClientParam();
  const [page, setPage] = useState(1);
  const list = useCall('/api/domain-watch/fetch', { clientId, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE }, {
    placeholderData: keepPreviousData,
    // While a shown watch runs, the list is fetched again until its run settles.
    refetchInterval: (query) => (query.state.data?.watches.some((w) => isRunning(w.lastRun?.status)) ? RUN_POLL_MS : false),
  });
  const { act, busy } = useDomainWatchActions();

  const columns: ColumnsType<DomainWatch> = [
    {
      title: t('field.domains'),
      key: 'domains',
      render: (_, w) => (
        <Link to={domainWatchPath(w.id)} data-testid={`dw-open-${w.id}`}>
          {w.domains.join(', ')}
        </Link>
      ),
    },
    { title: t('field.client'), dataIndex: 'clientName' },
    { title: t('field.schedule'), key: 'schedule', render: (_, w) => (w.schedule ? scheduleWords(w.schedule, tw as Translate) : t('field.byHand')) },
    { title: t('field.nextRun'), dataIndex: 'nextRunAt', render: (v: string | null) => formatDateTime(v) },
    {
      title: t('field.lastRun'),
      key: 'lastRun',
      // The counts wrap: the table fits at 1280 px without scrolling.
      width: 260,
      render: (_, w) =>
        w.lastRun ? (
          <Space direction="vertical" size={2}>
            <Space size={4}>
              <DomainRunStatusTag status={w.lastRun.status} />
              <Typography.Text type="secondary">{formatDateTime(w.lastRun.startedAt)}</Typography.Text>
            </Space>
            <Typography.Text data-testid={`dw-last-counts-${w.id}`}>{t('counts.summary', w.lastRun.counts)}</Typography.Text>
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('status.never')}</Typography.Text>
        ),
    },
    ...(staff ? [{ title: t('field.actions'), key: 'actions', render: (_: unknown, w: DomainWatch) => rowActions(w) }] : []),
  ];

  // A plain function, not a component: one made in render would remount (and close a confirmation) on every poll.
  function rowActions(w: DomainWatch) {
    return (
      <Space size={0} wrap>
        <Button type="link" size="small" disabled={isRunning(w.lastRun?.status)} loading={busy(w, 'runNow')} onClick={() => void act(w, 'runNow')} data-testid={`dw-run-${w.id}`}>
          {t('action.runNow')}
        </Button>
        <Popconfirm title={t('confirm.remove', { name: w.clientName })} okText={t('action.remove')} okButtonProps={{ danger: true }} cancelText={t('action.cancel')} onConfirm={() => act(w, 'remove')}>
          <Button type="link" size="small" danger loading={busy(w, 'remove')} data-testid={`dw-remove-${w.id}`}>
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
        staff && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/domain-watch/new')} data-testid="dw-new">
            {t('list.new')}
          </Button>
        )
      }
    >
      <Typography.Paragraph>{t('list.intro')}</Typography.Paragraph>
      {staff && (
        <ClientFilter id="dw-client-filter" choice="writable" label={t('list.client')} placeholder={t('list.allClients')} value={clientId} onChange={(next) => { setPage(1); setClientId(next); }} />
      )}
      {list.isError && <Alert type="warning" showIcon style={{ marginBottom: 12 }} message={t('list.loadFailed', { message: errorMessage(list.error) })} />}
      <Table<DomainWatch>
        rowKey="id"
        size="small"
        bordered
        columns={columns}
        dataSource={list.data?.watches ?? []}
        loading={list.isFetching && !list.isRefetching}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('list.empty') }}
        aria-label={t('list.caption')}
        onRow={(row) => ({ 'data-testid': `dw-row-${row.id}` }) as HTMLAttributes<HTMLElement>}
        data-testid="dw-list"
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showTotal: (total) => t('list.total', { total }) }}
      />
    </Card>
  );
}
