import { useState, type ReactNode } from 'react';
import { Alert, App, Button, Card, Popconfirm, Space, Switch, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { keepPreviousData } from '@tanstack/react-query';
import { useCall, useInvalidateCalls } from '../../platform/calls';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { MatchType, Role, accounts, type AccountListItem, type SearchConditions } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { SearchBar, type SearchFieldOption } from '../../components/SearchBar';
import { KINDS, ROLE_LABELS, roleBits, type AccountKind, type UserDateField, type UserWordField } from './model';
import { formatDateTime } from '../../components/dateTime';
import { ACCOUNT_READS } from './queries';

type Conditions = SearchConditions<UserDateField, UserWordField>;
type Column = ColumnType<AccountListItem>;

/** A keyword searches every keyword field until the user narrows them. */
const INITIAL: Conditions = {
  dateFields: [],
  startDate: null,
  endDate: null,
  wordFields: [...accounts.USER_WORD_FIELDS],
  keyword: '',
  searchType: MatchType.FUZZY,
};

const TEXT = {
  staff: { title: 'list.staffTitle', removedTitle: 'list.staffRemovedTitle' },
  client: { title: 'list.userTitle', removedTitle: 'list.userRemovedTitle' },
} as const;

/** The columns of each kind, in the order of spec 2.10 and 2.11; the action column comes last. */
const COLUMNS = {
  staff: ['id', 'name', 'role', 'mail', 'tel', 'remarks', 'lastLogin', 'created'],
  client: ['id', 'name', 'mail', 'tel', 'department', 'company', 'lastLogin', 'created', 'remarks'],
} as const;

/** Mails, phones and dates read badly when broken over lines; names and remarks may wrap. */
function NoWrap({ children }: { children: ReactNode }) {
  return <span style={{ whiteSpace: 'nowrap' }}>{children}</span>;
}

const byNumber = (a: number, b: number) => a - b;
const byText = (a: string | null, b: string | null) => (a ?? '').localeCompare(b ?? '');

/**
 * Spec 2.10 and 2.11: the administrator's list of staff accounts or client users. Search bar, an unpaginated table
 * sorted in the browser, detail and delete per row. "Show removed" lists removed accounts to restore them.
 */
export function AccountList({ kind }: { kind: AccountKind }) {
  const { t } = useTranslation(['accounts', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidateCalls();
  const [conditions, setConditions] = useState<Conditions>(INITIAL);
  const [removed, setRemoved] = useState(false);
  const { basePath, listRole } = KINDS[kind];

  const list = useCall('/api/admin/search-users', { role: listRole, removed, ...conditions }, { select: (answer) => answer.users, placeholderData: keepPreviousData });

  const search = (next: Conditions) => {
    // The same conditions again still mean "look again".
    if (JSON.stringify(next) === JSON.stringify(conditions)) void list.refetch();
    else setConditions(next);
  };

  const reload = () => invalidate(ACCOUNT_READS);

  const remove = async (user: AccountListItem) => {
    try {
      await api('/api/admin/remove-user', { userId: user.user_id });
      void message.success(t('remove.success', { name: user.user_name }));
    } catch (failure) {
      void message.error(t('remove.failure', { message: errorMessage(failure) }));
    }
    await reload();
  };

  const restore = async (user: AccountListItem) => {
    try {
      await api('/api/admin/restore-user', { userId: user.user_id });
      void message.success(t('restore.success', { name: user.user_name }));
    } catch (failure) {
      void message.error(t('restore.failure', { message: errorMessage(failure) }));
    }
    await reload();
  };

  const dateOptions: SearchFieldOption<UserDateField>[] = [
    { value: 'user_last_used_date', label: t('col.lastLogin') },
    { value: 'user_create_at', label: t('col.createdAt') },
  ];
  const wordOptions: SearchFieldOption<UserWordField>[] = [
    { value: 'user_name', label: t('col.name') },
    { value: 'user_mail', label: t('col.mail') },
    { value: 'user_remarks', label: t('col.remarks') },
  ];

  const columns = ((): Column[] => {
    const all: Record<(typeof COLUMNS)[AccountKind][number], Column> = {
      id: {
        key: 'id',
        title: t('col.id'),
        dataIndex: 'user_id',
        sorter: (a, b) => byNumber(a.user_id, b.user_id),
      },
      name: {
        key: 'name',
        title: t('col.name'),
        dataIndex: 'user_name',
        sorter: (a, b) => byText(a.user_name, b.user_name),
        render: (_, user) => (removed ? user.user_name : <Link to={`${basePath}/${user.user_id}`}>{user.user_name}</Link>),
      },
      role: {
        key: 'role',
        title: t('col.role'),
        dataIndex: 'user_role',
        sorter: (a, b) => byNumber(a.user_role, b.user_role),
        render: (_, user) => (
          <Space size={4} wrap>
            {roleBits(user.user_role).map((bit) => (
              <Tag key={bit} color={bit === Role.ADMIN ? 'gold' : 'blue'} style={{ marginInlineEnd: 0 }}>
                {t(ROLE_LABELS[bit as keyof typeof ROLE_LABELS])}
              </Tag>
            ))}
          </Space>
        ),
      },
      mail: {
        key: 'mail',
        title: t('col.mail'),
        dataIndex: 'user_mail',
        sorter: (a, b) => byText(a.user_mail, b.user_mail),
        render: (_, user) => <NoWrap>{user.user_mail}</NoWrap>,
      },
      tel: {
        key: 'tel',
        title: t('col.tel'),
        dataIndex: 'user_tel',
        sorter: (a, b) => byText(a.user_tel, b.user_tel),
        render: (_, user) => <NoWrap>{user.user_tel}</NoWrap>,
      },
      department: {
        key: 'department',
        title: t('col.department'),
        dataIndex: 'user_department',
        sorter: (a, b) => byText(a.user_department, b.user_department),
      },
      company: {
        key: 'company',
        title: t('col.company'),
        dataIndex: 'client_name',
        sorter: (a, b) => byText(a.client_name, b.client_name),
        render: (_, user) => user.client_name ?? '—',
      },
      remarks: {
        key: 'remarks',
        title: t('col.remarks'),
        dataIndex: 'user_remarks',
        render: (_, user) => (
          <Typography.Paragraph ellipsis={{ rows: 2, tooltip: user.user_remarks }} style={{ marginBottom: 0, minWidth: 100, maxWidth: 240 }}>
            {user.user_remarks}
          </Typography.Paragraph>
        ),
        sorter: (a, b) => byText(a.user_remarks, b.user_remarks),
      },
      lastLogin: {
        key: 'lastLogin',
        title: t('col.lastLogin'),
        dataIndex: 'user_last_used_date',
        sorter: (a, b) => byText(a.user_last_used_date, b.user_last_used_date),
        render: (_, user) => <NoWrap>{formatDateTime(user.user_last_used_date)}</NoWrap>,
      },
      created: {
        key: 'created',
        title: t('col.createdAt'),
        dataIndex: 'user_create_at',
        sorter: (a, b) => byText(a.user_create_at, b.user_create_at),
        render: (_, user) => <NoWrap>{formatDateTime(user.user_create_at)}</NoWrap>,
      },
    };
    const removedAt: Column = {
      key: 'removedAt',
      title: t('col.removedAt'),
      dataIndex: 'user_deleted_at',
      sorter: (a, b) => byText(a.user_deleted_at, b.user_deleted_at),
      render: (_, user) => <NoWrap>{formatDateTime(user.user_deleted_at)}</NoWrap>,
    };
    const action: Column = {
      key: 'action',
      title: t('col.action'),
      render: (_, user) =>
        removed ? (
          <Popconfirm
            title={t('restore.confirm', { name: user.user_name })}
            okText={t('action.restore')}
            cancelText={t('action.cancel')}
            onConfirm={() => restore(user)}
          >
            <Typography.Link>{t('action.restore')}</Typography.Link>
          </Popconfirm>
        ) : (
          <Space size={12} style={{ whiteSpace: 'nowrap' }}>
            <Link to={`${basePath}/${user.user_id}`}>{t('action.detail')}</Link>
            <Popconfirm
              title={t('remove.confirm', { name: user.user_name })}
              description={t('remove.confirmText')}
              okText={t('action.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('action.cancel')}
              onConfirm={() => remove(user)}
            >
              <Typography.Link type="danger">{t('action.delete')}</Typography.Link>
            </Popconfirm>
          </Space>
        ),
    };
    return [...COLUMNS[kind].map((name) => all[name]), ...(removed ? [removedAt] : []), action];
  })();

  return (
    <>
      <SearchBar<UserDateField, UserWordField>
        dateFields={dateOptions}
        wordFields={wordOptions}
        initial={INITIAL}
        onSearch={search}
        onReset={() => setConditions(INITIAL)}
        loading={list.isFetching}
      />
      {list.isError && <Alert type="error" showIcon message={errorMessage(list.error)} style={{ marginBottom: 16 }} />}
      <Card
        title={t(removed ? TEXT[kind].removedTitle : TEXT[kind].title)}
        extra={
          <Space size="middle">
            <label style={{ display: 'inline-flex', alignItems: 'center', gap: 8, cursor: 'pointer' }}>
              <Switch size="small" checked={removed} onChange={setRemoved} data-testid="account-show-removed" />
              {t('list.showRemoved')}
            </label>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate(`${basePath}/new`)} data-testid="account-new">
              {t('list.new')}
            </Button>
          </Space>
        }
        styles={{ body: { padding: 0 } }}
      >
        <Table<AccountListItem>
          rowKey="user_id"
          columns={columns}
          dataSource={list.data ?? []}
          loading={list.isFetching}
          pagination={false}
          size="middle"
          scroll={{ x: true }}
        />
      </Card>
    </>
  );
}
