import { useState } from 'react';
import { Button, Card, Select, Space, Table, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useCall } from '../../platform/calls';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SERVICE_REQUEST_STATUSES, SERVICE_REQUEST_TYPES, STAFF_ROLES, hasRole, type CallInput, type SearchConditions, type ServiceRequestSummary, type ServiceRequestType } from '@portal/contract';

import { useUser } from '../../platform/session';
import { SearchBar } from '../../components/SearchBar';
import { ROUTE_TYPES, STATUS_COLORS, requestPath } from './model';
import { RequestForm } from './RequestForm';
import { formatDateTime } from '../../components/dateTime';

const PAGE_SIZE = 20;

/**
 * One list for the eleven service menu entries: a type's own list (with New and its form), or every request of the
 * company at /case-management with type and status filters. The shared search bar filters by due date and words.
 * `?new=1&trademarkId=..` (the trademark page's buttons) opens the form filled in.
 */
export default function RequestListPage() {
  const { pathname } = useLocation();
  const fixedType = ROUTE_TYPES[pathname];
  return <RequestList key={pathname} fixedType={fixedType} />;
}

function RequestList({ fixedType }: { fixedType: ServiceRequestType | undefined }) {
  const { t } = useTranslation(['requests', 'contract']);
  const navigate = useNavigate();
  const user = useUser();
  const staff = hasRole(user.user_role, STAFF_ROLES);
  const [params, setParams] = useSearchParams();
  const [type, setType] = useState<ServiceRequestType | undefined>(fixedType);
  const [status, setStatus] = useState<number | undefined>();
  const [conditions, setConditions] = useState<{ dueFrom?: string; dueTo?: string; keyword: string }>({ keyword: '' });
  const [page, setPage] = useState(1);
  const [creating, setCreating] = useState(params.get('new') === '1');
  // Read once: the form resets whenever the prefill changes.
  const [prefill] = useState(() => ({
    trademarkId: params.get('trademarkId') ? Number(params.get('trademarkId')) : undefined,
    clientId: params.get('clientId') ? Number(params.get('clientId')) : undefined,
    expiryDate: params.get('expiryDate'),
    title: params.get('title') ?? undefined,
  }));

  const input = { type, status, ...conditions, offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE } as CallInput<'/api/service-request/search'>;
  const list = useCall('/api/service-request/search', input, { placeholderData: keepPreviousData });

  const search = (c: SearchConditions<'dueDate', 'title'>) => {
    setConditions({ dueFrom: c.startDate ?? undefined, dueTo: c.endDate ?? undefined, keyword: c.keyword });
    setPage(1);
  };

  const columns = [
    { title: t('col.id'), dataIndex: 'id', width: 80 },
    ...(staff ? [{ title: t('col.client'), dataIndex: 'clientName' }] : []),
    ...(fixedType ? [] : [{ title: t('col.type'), dataIndex: 'type', render: (v: ServiceRequestType) => t(`contract:requestType.${v}`) }]),
    { title: t('col.title'), dataIndex: 'title', render: (v: string, r: ServiceRequestSummary) => <a onClick={() => navigate(requestPath(r.id))}>{v}</a> },
    { title: t('col.status'), dataIndex: 'status', render: (v: 1 | 2 | 3 | 4 | 5) => <Tag color={STATUS_COLORS[v]}>{t(`contract:requestStatus.${v}`)}</Tag> },
    { title: t('col.assignee'), dataIndex: 'assigneeName', render: (v: string | null) => v ?? t('detail.none') },
    { title: t('col.dueDate'), dataIndex: 'dueDate', render: (v: string | null) => v ?? t('detail.none') },
    { title: t('col.fee'), dataIndex: 'fee', render: (v: number | null, r: ServiceRequestSummary) => (v === null ? t('detail.none') : `${v.toLocaleString()} ${r.currency ?? ''}`) },
    { title: t('col.updatedAt'), dataIndex: 'updatedAt', render: (v: string) => formatDateTime(v) },
  ];

  return (
    <>
      <SearchBar<'dueDate', 'title'>
        dateFields={[{ value: 'dueDate', label: t('search.dueDate') }]}
        wordFields={[{ value: 'title', label: t('search.title') }]}
        initial={{ dateFields: ['dueDate'], wordFields: ['title'] }}
        onSearch={search}
        onReset={() => search({ dateFields: [], wordFields: [], keyword: '', searchType: 1 })}
        loading={list.isFetching}
      />
      <Card
        title={fixedType ? t(`contract:requestType.${fixedType}`) : t('list.title')}
        extra={
          <Space wrap>
            {!fixedType && (
              <Select allowClear placeholder={t('filter.type')} aria-label={t('filter.type')} style={{ width: 220 }} value={type} onChange={(v) => { setType(v); setPage(1); }} options={SERVICE_REQUEST_TYPES.map((s) => ({ value: s, label: t(`contract:requestType.${s}`) }))} data-testid="filter-type" />
            )}
            <Select allowClear placeholder={t('filter.status')} aria-label={t('filter.status')} style={{ width: 200 }} value={status} onChange={(v) => { setStatus(v); setPage(1); }} options={SERVICE_REQUEST_STATUSES.map((s) => ({ value: s, label: t(`contract:requestStatus.${s}`) }))} data-testid="filter-status" />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)} data-testid="new-request">
              {t('list.new')}
            </Button>
          </Space>
        }
      >
        <Table<ServiceRequestSummary>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.data?.requests ?? []}
          loading={list.isFetching}
          locale={{ emptyText: t('list.empty') }}
          pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          scroll={{ x: 900 }}
        />
      </Card>
      <RequestForm
        open={creating}
        type={fixedType}
        staff={staff}
        prefill={prefill}
        onClose={() => {
          setCreating(false);
          if (params.get('new')) setParams({}, { replace: true });
        }}
        onCreated={(r) => navigate(requestPath(r.id))}
      />
    </>
  );
}
