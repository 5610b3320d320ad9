import { Alert, Checkbox, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpoint, WebhookEvent } from '@portal/contract';

export interface EndpointValues {
  url: string;
  events: WebhookEvent[];
  description: string;
}

/**
 * The add and edit form of a webhook endpoint: the address, the events (a client user is offered only those the
 * server lets them receive) and a description. The server checks the address again (https, no private network).
 */
export function EndpointForm(props: {
  open: boolean;
  editing: WebhookEndpoint | null;
  events: readonly WebhookEvent[];
  busy: boolean;
  /** The server's refusal, in the user's language. */
  error: string | null;
  onSubmit: (values: EndpointValues) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('webhooks');
  const [form] = Form.useForm<EndpointValues>();
  const initial: EndpointValues = props.editing
    ? { url: props.editing.url, events: props.editing.events as WebhookEvent[], description: props.editing.description }
    : { url: '', events: ['records.posted'], description: '' };
  return (
    <Modal
      open={props.open}
      title={props.editing ? t('editTitle') : t('addTitle')}
      okText={props.editing ? t('save') : t('add')}
      cancelText={t('cancel')}
      confirmLoading={props.busy}
      onOk={() => form.submit()}
      onCancel={props.onCancel}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'webhook-submit' } as Record<`data-${string}`, string>}
    >
      {props.error && <Alert type="error" showIcon message={props.error} style={{ marginBottom: 16 }} data-testid="webhook-error" />}
      <Form form={form} layout="vertical" initialValues={initial} preserve={false} onFinish={props.onSubmit}>
        <Form.Item name="url" label={t('url')} extra={t('urlHelp')} rules={[{ required: true, message: t('urlRequired') }]}>
          <Input placeholder="https://example.com/webhooks/portal" maxLength={2000} data-testid="webhook-url" />
        </Form.Item>
        <Form.Item name="events" label={t('events')} rules={[{ required: true, type: 'array', min: 1, message: t('eventsRequired') }]}>
          <Checkbox.Group
            style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
            options={props.events.map((e) => ({ value: e, label: `${t(`event.${e}` as 'event.records.posted')} (${e})` }))}
            data-testid="webhook-events"
          />
        </Form.Item>
        <Form.Item name="description" label={t('description')}>
          <Input maxLength={200} data-testid="webhook-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
