import { Alert, Card, Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Role, hasRole, type CallOutput } from '@portal/contract';
import { errorMessage } from '../../platform/api';
import { useCall } from '../../platform/calls';
import type { User } from '../../platform/session';

type ManagedClient = CallOutput<'/api/analyst/fetch-clients'>['client'][number];

/**
 * Spec 2.5 (analysts): the clients the analyst manages, each linking to its detail. fetch-clients answers an
 * administrator with every client, so an analyst who is also an administrator gets the list of the search
 * filtered to the clients they manage.
 */
export function ManagedClientsCard({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  // The clients area's calls: a client changed there refreshes this list too.
  const admin = hasRole(user.user_role, Role.ADMIN);
  const managed = useCall('/api/analyst/fetch-clients', {}, { enabled: !admin, select: (answer): ManagedClient[] => answer.client });
  const searched = useCall('/api/admin/search-clients', {}, {
    enabled: admin,
    select: (answer): ManagedClient[] => answer.client.filter((c) => c.analystInfo.some((a) => a.user_id === user.user_id)),
  });
  const query = admin ? searched : managed;
  return (
    <Card title={t('clients.title')}>
      {query.isError && (
        <Alert type="error" showIcon message={t('clients.loadFailed')} description={errorMessage(query.error)} style={{ marginBottom: 16 }} />
      )}
      <Table<ManagedClient>
        rowKey="client_id"
        size="small"
        pagination={false}
        loading={query.isLoading}
        dataSource={query.data ?? []}
        locale={{ emptyText: t('clients.empty') }}
        data-testid="profile-clients"
        columns={[
          { key: 'id', title: t('clients.id'), dataIndex: 'client_id', width: 70 },
          {
            key: 'name',
            title: t('clients.name'),
            dataIndex: 'client_name',
            render: (name: string, c) => <Link to={`/manage/client/${c.client_id}`}>{name}</Link>,
          },
          { key: 'tel', title: t('clients.tel'), dataIndex: 'client_tel' },
          { key: 'address', title: t('clients.address'), dataIndex: 'client_address' },
          { key: 'remarks', title: t('clients.remarks'), dataIndex: 'client_remarks' },
        ]}
      />
    </Card>
  );
}
