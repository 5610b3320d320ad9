import { useEffect, useState } from 'react';
import { Alert, App, Button, Card, Empty, Modal, Popconfirm, Select, Space, Switch, Table, Tag, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CLIENT_WEBHOOK_EVENTS, WEBHOOK_EVENTS, type WebhookEndpoint } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { useCall, useInvalidateCalls } from '../../platform/calls';
import { formatDateTime } from '../../components/dateTime';
import { useClientChoices } from '../../components/clientChoices';
import { useRecordScope } from '../../records/scope';
import { DeliveryLog } from './DeliveryLog';
import { EndpointForm, type EndpointValues } from './EndpointForm';

/**
 * /webhooks (issue 30, point 4): a client's webhook endpoints. Analysts choose among the clients they manage; a
 * client user manages their own company's (and is offered only posted records and takedown results). The signing
 * secret is shown once, after adding or rotating; each endpoint's deliveries open in a drawer.
 */
export default function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  const { message } = App.useApp();
  const invalidate = useInvalidateCalls();
  const { analyst, ownClientId } = useRecordScope();
  const clients = useClientChoices('writable', analyst);
  const [params] = useSearchParams();
  const asked = Number(params.get('clientId')) || undefined;
  const [clientId, setClientId] = useState<number | undefined>(analyst ? asked : ownClientId);
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<WebhookEndpoint | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  useEffect(() => {
    if (analyst && clientId === undefined && clients.data?.[0]) setClientId(clients.data[0].client_id);
  }, [analyst, clientId, clients.data]);

  const list = useCall('/api/webhook/fetch', { clientId: clientId ?? 0 }, { enabled: clientId !== undefined, select: (a) => a.endpoints });
  const reload = () => invalidate(['/api/webhook/fetch', '/api/webhook/fetch-deliveries']);
  const run = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) void message.success(done);
    } catch (e) {
      void message.error(errorMessage(e));
    }
    await reload();
  };

  const submit = async (v: EndpointValues) => {
    setBusy(true);
    setFormError(null);
    try {
      if (editing) await api('/api/webhook/update', { endpointId: editing.id, url: v.url, events: v.events, description: v.description ?? '' });
      else setSecret((await api('/api/webhook/create', { clientId: clientId!, url: v.url, events: v.events, description: v.description ?? '' })).endpoint.secret);
      setFormOpen(false);
      await reload();
    } catch (e) {
      setFormError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  const rotate = (e: WebhookEndpoint) => run(async () => setSecret((await api('/api/webhook/update', { endpointId: e.id, rotateSecret: true })).endpoint.secret ?? null));

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="webhooks">
      <Card>
        <Space wrap size={16}>
          {analyst && (
            <Select style={{ minWidth: 240 }} placeholder={t('chooseClient')} aria-label={t('chooseClient')} value={clientId} loading={clients.isLoading} onChange={setClientId}
              options={(clients.data ?? []).map((c) => ({ value: c.client_id, label: c.client_name }))} data-testid="webhook-client" />
          )}
          <Button type="primary" disabled={clientId === undefined} onClick={() => { setEditing(null); setFormError(null); setFormOpen(true); }} data-testid="webhook-add">
            {t('add')}
          </Button>
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>{t('intro')}</Typography.Paragraph>
      </Card>
      {list.isError && <Alert type="error" showIcon message={errorMessage(list.error)} />}
      <Card>
        <Table<WebhookEndpoint>
          rowKey="id"
          loading={list.isLoading}
          dataSource={list.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description={clientId === undefined ? t('chooseClient') : t('none')} /> }}
          data-testid="webhook-list"
          columns={[
            { title: t('url'), dataIndex: 'url', render: (url: string, e) => (<Space direction="vertical" size={0}><Typography.Text copyable>{url}</Typography.Text>{e.slack && <Tag>Slack</Tag>}<Typography.Text type="secondary">{e.description}</Typography.Text></Space>) },
            { title: t('events'), dataIndex: 'events', render: (events: string[]) => events.map((ev) => <Tag key={ev}>{ev}</Tag>) },
            {
              title: t('enabled'), dataIndex: 'enabled',
              render: (enabled: boolean, e) => (
                <Space direction="vertical" size={0}>
                  <Switch checked={enabled} onChange={(on) => run(() => api('/api/webhook/update', { endpointId: e.id, enabled: on }))} data-testid={`webhook-enabled-${e.id}`} />
                  {e.disabledAt && <Typography.Text type="danger">{t('disabledAt', { at: formatDateTime(e.disabledAt) })}</Typography.Text>}
                  {e.failingSince && enabled && <Typography.Text type="warning">{t('failingSince', { at: formatDateTime(e.failingSince) })}</Typography.Text>}
                </Space>
              ),
            },
            { title: t('createdBy'), dataIndex: 'createdBy', render: (by: string, e) => `${by} · ${formatDateTime(e.createdAt)}` },
            {
              title: t('actions'), key: 'actions',
              render: (_, e) => (
                <Space wrap>
                  <Button size="small" onClick={() => setLogOf(e)} data-testid={`webhook-log-${e.id}`}>{t('deliveries')}</Button>
                  <Button size="small" onClick={() => run(() => api('/api/webhook/send-test', { endpointId: e.id }), t('testSent'))} data-testid={`webhook-test-${e.id}`}>{t('sendTest')}</Button>
                  <Button size="small" onClick={() => { setEditing(e); setFormError(null); setFormOpen(true); }}>{t('edit')}</Button>
                  <Popconfirm title={t('rotateConfirm')} onConfirm={() => rotate(e)} okText={t('yes')} cancelText={t('no')}><Button size="small">{t('rotate')}</Button></Popconfirm>
                  <Popconfirm title={t('removeConfirm')} onConfirm={() => run(() => api('/api/webhook/remove', { endpointId: e.id }), t('removed'))} okText={t('yes')} cancelText={t('no')}>
                    <Button size="small" danger>{t('remove')}</Button>
                  </Popconfirm>
                </Space>
              ),
            },
          ]}
        />
      </Card>
      <EndpointForm open={formOpen} editing={editing} events={analyst ? WEBHOOK_EVENTS : CLIENT_WEBHOOK_EVENTS} busy={busy} error={formError} onSubmit={(v) => void submit(v)} onCancel={() => setFormOpen(false)} />
      <DeliveryLog endpoint={logOf} onClose={() => setLogOf(null)} />
      <Modal open={secret !== null} title={t('secretTitle')} onCancel={() => setSecret(null)} destroyOnHidden footer={<Button type="primary" onClick={() => setSecret(null)}>{t('secretCopied')}</Button>}>
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="warning" showIcon message={t('secretShownOnce')} />
          <Typography.Paragraph copyable={{ text: secret ?? '' }} code data-testid="webhook-secret" style={{ wordBreak: 'break-all' }}>{secret}</Typography.Paragraph>
          <Typography.Text type="secondary">{t('secretHowTo')}</Typography.Text>
        </Space>
      </Modal>
    </Space>
  );
}
