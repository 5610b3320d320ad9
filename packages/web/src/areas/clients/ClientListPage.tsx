import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Flex, Popconfirm, Space, Switch, Table, Tooltip, Typography } from 'antd';
import type { ColumnsType, ColumnType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useCall, useInvalidateCalls } from '../../platform/calls';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { MatchType, Role, SERVICES, clients, hasRole, type Client, type SearchConditions, type Service } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { currentLocale } from '../../platform/i18n';
import { useUser } from '../../platform/session';
import { SearchBar, type SearchFieldOption } from '../../components/SearchBar';
import { CLIENT_READS, formatFee, type ClientDateField, type ClientWordField } from './clientModel';

type Conditions = SearchConditions<ClientDateField, ClientWordField>;

/** A keyword searches every keyword field until the user narrows them (as on the account lists). */
const INITIAL: Conditions = {
  dateFields: [],
  startDate: null,
  endDate: null,
  wordFields: [...clients.CLIENT_WORD_FIELDS],
  keyword: '',
  searchType: MatchType.FUZZY,
};

/** The analyst filter's value for clients without analysts (user ids are positive). */
const NO_ANALYST = 0;

const byText = (pick: (c: Client) => string) => (a: Client, b: Client) => pick(a).localeCompare(pick(b));
/** Blanks last in ascending order, whatever their type. */
function byNullable<T extends string | number>(pick: (c: Client) => T | null) {
  return (a: Client, b: Client) => {
    const x = pick(a);
    const y = pick(b);
    if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
    return typeof x === 'number' && typeof y === 'number' ? x - y : String(x).localeCompare(String(y));
  };
}

/**
 * Spec 2.7: the search bar and a sortable, unpaginated table of clients. Everyone who reaches the page opens the
 * detail; administrators also delete, create, and see removed clients to restore them (removal is reversible).
 */
export default function ClientListPage() {
  const { t } = useTranslation('clients');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidateCalls();
  const user = useUser();
  const isAdmin = hasRole(user.user_role, Role.ADMIN);
  const [conditions, setConditions] = useState<Conditions>(INITIAL);
  const [removed, setRemoved] = useState(false);
  const showRemoved = isAdmin && removed;

  const query = useCall('/api/admin/search-clients', { ...conditions, removed: showRemoved }, { select: (answer) => answer.client });
  const rows = useMemo(() => query.data ?? [], [query.data]);
  const search = (next: Conditions) => {
    // The same conditions again still mean "look again".
    if (JSON.stringify(next) === JSON.stringify(conditions)) void query.refetch();
    else setConditions(next);
  };
  const dateOptions: SearchFieldOption<ClientDateField>[] = [
    { value: 'client_create_at', label: t('search.created') },
    { value: 'contract_start_date', label: t('search.contractStart') },
    { value: 'contract_end_date', label: t('search.contractEnd') },
  ];
  const wordOptions: SearchFieldOption<ClientWordField>[] = [
    { value: 'client_name', label: t('search.name') },
    { value: 'client_tel', label: t('search.tel') },
    { value: 'client_address', label: t('search.address') },
    { value: 'client_remarks', label: t('search.remarks') },
  ];

  const act = async (call: () => Promise<unknown>, success: string, failure: (message: string) => string) => {
    try {
      await call();
      void message.success(success);
    } catch (error) {
      void message.error(failure(errorMessage(error)));
    }
    await invalidate(CLIENT_READS);
  };
  const remove = (client: Client) =>
    act(
      () => api('/api/admin/remove-client', { clientId: client.client_id }),
      t('delete.success'),
      (text) => t('delete.failure', { message: text }),
    );
  const restore = (client: Client) =>
    act(
      () => api('/api/admin/restore-client', { clientId: client.client_id }),
      t('restore.success'),
      (text) => t('restore.failure', { message: text }),
    );

  const analystFilters = useMemo(() => {
    const names = new Map<number, string>();
    for (const client of rows) for (const a of client.analystInfo) names.set(a.user_id, a.user_name);
    return [
      { text: t('list.noAnalyst'), value: NO_ANALYST },
      ...[...names].sort((a, b) => a[1].localeCompare(b[1])).map(([value, text]) => ({ text, value })),
    ];
  }, [rows, t]);

  const locale = currentLocale();
  const serviceColumns = (service: Service): ColumnType<Client>[] => [
    {
      key: `${service}-start`,
      title: t('col.start'),
      dataIndex: `service_${service}_start_date`,
      sorter: byNullable((c) => c[`service_${service}_start_date`]),
      width: 110,
    },
    {
      key: `${service}-end`,
      title: t('col.end'),
      dataIndex: `service_${service}_end_date`,
      sorter: byNullable((c) => c[`service_${service}_end_date`]),
      width: 110,
    },
    {
      key: `${service}-fee`,
      title: t('col.fee'),
      align: 'right',
      sorter: byNullable((c) => c[`service_${service}_fee`]),
      render: (_, c) => formatFee(c[`service_${service}_fee`], c[`service_${service}_currency`], locale),
      width: 130,
    },
  ];

  const columns: ColumnsType<Client> = [
    { key: 'id', title: t('col.id'), dataIndex: 'client_id', sorter: (a, b) => a.client_id - b.client_id, width: 70, fixed: 'left' },
    {
      key: 'name',
      title: t('col.name'),
      dataIndex: 'client_name',
      sorter: byText((c) => c.client_name),
      fixed: 'left',
      width: 200,
      render: (name: string, c) => (showRemoved ? name : <Link to={`/manage/client/${c.client_id}`}>{name}</Link>),
    },
    { key: 'tel', title: t('col.tel'), dataIndex: 'client_tel', sorter: byText((c) => c.client_tel), width: 140 },
    { key: 'address', title: t('col.address'), dataIndex: 'client_address', sorter: byText((c) => c.client_address), width: 220 },
    {
      key: 'analysts',
      title: t('col.analysts'),
      width: 180,
      filters: analystFilters,
      filterSearch: true,
      onFilter: (value, c) =>
        value === NO_ANALYST ? c.analystInfo.length === 0 : c.analystInfo.some((a) => a.user_id === value),
      sorter: byText((c) => c.analystInfo.map((a) => a.user_name).join(', ')),
      render: (_, c) => c.analystInfo.map((a) => a.user_name).join(', '),
    },
    {
      key: 'remarks',
      title: t('col.remarks'),
      dataIndex: 'client_remarks',
      sorter: byText((c) => c.client_remarks),
      width: 200,
      ellipsis: { showTitle: false },
      render: (remarks: string) => (
        <Tooltip placement="topLeft" title={remarks}>
          {remarks}
        </Tooltip>
      ),
    },
    ...SERVICES.map((service) => ({ key: service, title: t(`service.${service}`), children: serviceColumns(service) })),
    ...(showRemoved
      ? [
          {
            key: 'removedAt',
            title: t('col.removedAt'),
            dataIndex: 'client_deleted_at',
            width: 150,
            sorter: byNullable((c: Client) => c.client_deleted_at),
            render: (at: string | null) => (at ? dayjs(at).format('YYYY-MM-DD HH:mm') : ''),
          },
        ]
      : []),
    {
      key: 'action',
      title: t('col.action'),
      fixed: 'right',
      width: showRemoved ? 90 : isAdmin ? 130 : 80,
      render: (_, c) =>
        showRemoved ? (
          <Typography.Link onClick={() => void restore(c)} data-testid={`client-restore-${c.client_id}`}>
            {t('action.restore')}
          </Typography.Link>
        ) : (
          <Space size="middle">
            <Link to={`/manage/client/${c.client_id}`} data-testid={`client-detail-${c.client_id}`}>
              {t('action.detail')}
            </Link>
            {isAdmin && (
              <Popconfirm
                title={t('delete.confirm', { name: c.client_name })}
                description={<div style={{ maxWidth: 320 }}>{t('delete.confirmText')}</div>}
                okText={t('action.delete')}
                okButtonProps={{ danger: true }}
                cancelText={t('action.cancel')}
                onConfirm={() => remove(c)}
              >
                <Typography.Link type="danger" data-testid={`client-delete-${c.client_id}`}>
                  {t('action.delete')}
                </Typography.Link>
              </Popconfirm>
            )}
          </Space>
        ),
    },
  ];

  return (
    <>
      <SearchBar<ClientDateField, ClientWordField>
        dateFields={dateOptions}
        wordFields={wordOptions}
        initial={INITIAL}
        onSearch={search}
        onReset={() => setConditions(INITIAL)}
        loading={query.isFetching}
      />
      <Card
        title={t('list.title')}
        extra={
          isAdmin && (
            <Space size="middle">
              <label style={{ cursor: 'pointer' }}>
                <Space size={8}>
                  <Switch size="small" checked={removed} onChange={setRemoved} data-testid="client-show-removed" />
                  <Typography.Text>{t('list.showRemoved')}</Typography.Text>
                </Space>
              </label>
              <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/manage/client/new')} data-testid="client-new">
                {t('list.new')}
              </Button>
            </Space>
          )
        }
      >
        <Flex vertical gap={16}>
          {showRemoved && <Alert type="info" showIcon message={t('list.removedHint')} />}
          {query.isError && (
            <Alert
              type="error"
              showIcon
              message={t('list.loadFailed')}
              description={errorMessage(query.error)}
              action={
                <Button size="small" onClick={() => void query.refetch()}>
                  {t('list.retry')}
                </Button>
              }
            />
          )}
          <Table<Client>
            rowKey="client_id"
            size="small"
            bordered
            loading={query.isFetching}
            dataSource={rows}
            columns={columns}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('list.empty') }}
            data-testid="client-table"
          />
        </Flex>
      </Card>
    </>
  );
}
