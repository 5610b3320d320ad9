import { Button, Popconfirm, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiKey } from '@portal/contract';
import { formatDateTime } from '../../components/dateTime';

/** A key's rows on the profile (own keys) and on an account's page (administrators): never the secret itself. */
export function ApiKeyTable<K extends ApiKey>({ keys, loading, now, onRevoke, testId }: {
  keys: K[];
  loading: boolean;
  now: number;
  onRevoke: (key: K) => Promise<unknown>;
  testId: string;
}) {
  const { t } = useTranslation('profile');
  const expired = (k: K) => k.expiresAt !== null && new Date(k.expiresAt).getTime() <= now;
  return (
    <Table<K>
      rowKey="id"
      size="small"
      pagination={false}
      loading={loading}
      dataSource={keys}
      locale={{ emptyText: t('apiKeys.empty') }}
      data-testid={testId}
      columns={[
        { key: 'name', title: t('apiKeys.name'), dataIndex: 'name', render: (name: string, k) => <>{name} {expired(k) && <Tag color="default">{t('apiKeys.expired')}</Tag>}</> },
        { key: 'created', title: t('apiKeys.createdAt'), render: (_, k) => formatDateTime(k.createdAt) },
        { key: 'expires', title: t('apiKeys.expiresAt'), render: (_, k) => (k.expiresAt ? formatDateTime(k.expiresAt) : t('apiKeys.never')) },
        { key: 'used', title: t('apiKeys.lastUsedAt'), render: (_, k) => (k.lastUsedAt ? formatDateTime(k.lastUsedAt) : t('apiKeys.neverUsed')) },
        {
          key: 'revoke',
          title: '',
          width: 100,
          render: (_, k) => (
            <Popconfirm title={t('apiKeys.revokeConfirm', { name: k.name })} okText={t('apiKeys.revoke')} cancelText={t('apiKeys.cancel')} onConfirm={() => onRevoke(k)}>
              <Button danger size="small">{t('apiKeys.revoke')}</Button>
            </Popconfirm>
          ),
        },
      ]}
    />
  );
}
