import { Suspense, lazy, useState } from 'react';
import { Alert, App, Button, Card, Descriptions, Flex, Form, Popconfirm, Tabs, Tooltip, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { callKey, invalidateCalls, removeCalls, setCallData, useCall } from '../../platform/calls';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateTime';
import { Role, SERVICES, clients, hasRole, type Client } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { DetailMissing } from '../../components/DetailMissing';
import { useUser } from '../../platform/session';
import { PageSpin } from '../../components/PageSpin';
import { useSchemaForm } from '../../components/useSchemaForm';
import { BasicFields, ContractSection } from './ClientFields';
import { ScrolledFormErrorAlert } from './ScrolledFormErrorAlert';
import {
  CLIENT_FIELDS,
  basicChanges,
  basicValuesOf,
  CLIENT_LISTS,
  CLIENT_READS,
  contractChanges,
  contractValuesOf,
  type BasicValues,
  type ContractsValues,
  type UpdateClientPayload,
} from './clientModel';

// Its own chunk, with the country list: only the client's managers open it.
const DataSettingsTab = lazy(() => import('../client-settings/DataSettingsTab'));

type Changes = (client: Client, values: BasicValues & ContractsValues) => Omit<UpdateClientPayload, 'clientId'>;

/**
 * Spec 2.12, basic info and contract tabs: everyone who reaches the page reads the client; only administrators
 * edit it (the inputs are disabled for others) and delete it. The data settings tab opens for the client's own
 * analysts only (areas/client-settings).
 */
export default function ClientDetailPage() {
  const { t } = useTranslation(['clients', 'common']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const user = useUser();
  const isAdmin = hasRole(user.user_role, Role.ADMIN);
  const clientId = Number(useParams().id);
  const validId = Number.isInteger(clientId) && clientId > 0;

  const query = useCall('/api/admin/get-client', { clientId }, { select: (answer) => answer.client, enabled: validId });
  const [tab, setTab] = useState('basic');

  if (!validId || query.isError) {
    return (
      <DetailMissing title={t('detail.loadFailed')} error={query.isError ? query.error : undefined} backTo="/manage/client" backLabel={t('detail.back')} />
    );
  }
  const client = query.data;
  if (!client) return <PageSpin />;

  const remove = async () => {
    try {
      await api('/api/admin/remove-client', { clientId });
      void message.success(t('delete.success'));
      removeCalls(queryClient, [callKey('/api/admin/get-client', { clientId })]);
      await invalidateCalls(queryClient, CLIENT_READS);
      void navigate('/manage/client');
    } catch (error) {
      void message.error(t('delete.failure', { message: errorMessage(error) }));
    }
  };

  const manages = client.analystInfo.some((a) => a.user_id === user.user_id);
  // A saved client remounts the forms (key), so they start again from what the server saved.
  const version = query.dataUpdatedAt;
  return (
    <Card
      title={t('detail.title')}
      extra={
        isAdmin && (
          <Popconfirm
            title={t('delete.confirm', { name: client.client_name })}
            description={<div style={{ maxWidth: 320 }}>{t('delete.confirmText')}</div>}
            okText={t('action.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('action.cancel')}
            onConfirm={remove}
          >
            <Button danger icon={<DeleteOutlined />} data-testid="client-delete">
              {t('action.delete')}
            </Button>
          </Popconfirm>
        )
      }
    >
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2 }}
        style={{ marginBottom: 8 }}
        items={[
          { key: 'id', label: t('detail.id'), children: client.client_id },
          { key: 'created', label: t('detail.createdAt'), children: formatDateTime(client.client_create_at) },
        ]}
      />
      {!isAdmin && <Alert type="info" showIcon message={t('detail.readOnly')} style={{ marginBottom: 8 }} />}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          {
            key: 'basic',
            label: t('detail.tab.basic'),
            children: <ClientForm key={version} client={client} editable={isAdmin} part="basic" changes={basicChanges} />,
          },
          {
            key: 'contract',
            label: t('detail.tab.contract'),
            children: <ClientForm key={version} client={client} editable={isAdmin} part="contract" changes={contractChanges} />,
          },
          {
            key: 'data',
            label: manages ? (
              t('detail.tab.data')
            ) : (
              <Tooltip title={t('detail.dataDisabled')}>
                <span data-testid="client-data-tab-disabled">{t('detail.tab.data')}</span>
              </Tooltip>
            ),
            disabled: !manages,
            children: manages && (
              <Suspense fallback={<PageSpin />}>
                <DataSettingsTab clientId={client.client_id} />
              </Suspense>
            ),
          },
        ]}
      />
    </Card>
  );
}

/** One tab's form: sends only what differs from the saved client (spec 5), with the spec 8 toasts. */
function ClientForm({
  client,
  editable,
  part,
  changes,
}: {
  client: Client;
  editable: boolean;
  part: 'basic' | 'contract';
  changes: Changes;
}) {
  const { t } = useTranslation('clients');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema: clients.updateClientInput,
    fields: CLIENT_FIELDS,
    onValid: async ({ clientId, ...changed }) => {
      if (Object.keys(changed).length === 0) {
        void message.info(t('detail.noChanges'));
        return;
      }
      const answer = await api('/api/admin/update-client', { clientId, ...changed });
      void message.success(t('update.success'));
      setCallData(queryClient, '/api/admin/get-client', { clientId }, { client: answer.client });
      await invalidateCalls(queryClient, CLIENT_LISTS);
    },
    onFailure: () => void message.error(t('update.failure')),
  });
  const initialValues = part === 'basic' ? basicValuesOf(client) : contractValuesOf(client);

  return (
    <Form<BasicValues & ContractsValues>
      layout="vertical"
      disabled={!editable}
      initialValues={initialValues}
      onFinish={(values) => onFinish({ clientId: client.client_id, ...changes(client, values) })}
      onValuesChange={onValuesChange}
      data-testid={`client-${part}-form`}
    >
      <ScrolledFormErrorAlert error={error} />
      {part === 'basic' ? (
        <BasicFields managers={client.analystInfo} editable={editable} />
      ) : (
        <Flex vertical gap={16} style={{ marginBottom: 24 }}>
          {editable && <Typography.Text type="secondary">{t('contract.clearHint')}</Typography.Text>}
          {SERVICES.map((service) => (
            <ContractSection key={service} service={service} editable={editable} />
          ))}
        </Flex>
      )}
      {editable && (
        <Button type="primary" htmlType="submit" loading={busy} data-testid={`client-update-${part}`}>
          {t('detail.update')}
        </Button>
      )}
    </Form>
  );
}
