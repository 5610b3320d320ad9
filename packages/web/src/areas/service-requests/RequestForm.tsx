import { useEffect } from 'react';
import { App, DatePicker, Form, Input, Modal } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import dayjs, { type Dayjs } from 'dayjs';
import { useCall, useCallMutation } from '../../platform/calls';
import { useTranslation } from 'react-i18next';
import { FIELD_NAMES, SERVICE_REQUEST_TYPES, type CallInput, type ServiceRequest, type ServiceRequestType } from '@portal/contract';
import { errorMessage } from '../../platform/api';
import { useClientChoices } from '../../components/clientChoices';
import { DATE_FIELDS, OFFLINE_KINDS, REQUEST_READS } from './model';

export interface RequestPrefill {
  clientId?: number;
  trademarkId?: number;
  expiryDate?: string | null;
  title?: string;
}

interface Values {
  clientId?: number;
  type: ServiceRequestType;
  title: string;
  dueDate?: Dayjs | null;
  fields: Record<string, string | number | Dayjs | undefined>;
}

/** The create call's input of the form's values: the type's own fields, dates as text. */
function createInput(v: Values): CallInput<'/api/service-request/create'> {
  const fields = Object.fromEntries(
    Object.entries(v.fields ?? {})
      .filter(([name, value]) => value !== undefined && value !== '' && value !== null && (FIELD_NAMES[v.type] as readonly string[]).includes(name))
      .map(([name, value]) => [name, dayjs.isDayjs(value) ? value.format('YYYY-MM-DD') : value]),
  );
  return { clientId: v.clientId, type: v.type, title: v.title, fields, dueDate: v.dueDate ? v.dueDate.format('YYYY-MM-DD') : undefined } as CallInput<'/api/service-request/create'>;
}

/** The New form of a request: staff choose the client; the type's own fields follow the contract's list. */
export function RequestForm(props: { open: boolean; type?: ServiceRequestType; staff: boolean; prefill?: RequestPrefill; onClose: () => void; onCreated: (r: ServiceRequest) => void }) {
  const { open, staff, prefill, onClose, onCreated } = props;
  const { t } = useTranslation(['requests', 'contract']);
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const type = Form.useWatch('type', form) ?? props.type ?? 'case';
  const clientId = Form.useWatch('clientId', form);
  const clients = useClientChoices('writable', staff && open);
  const needsTrademark = (FIELD_NAMES[type] as readonly string[]).includes('trademarkId');
  const trademarks = useCall(
    '/api/trademark/search-trademarks',
    { clientId: staff ? clientId : undefined, current: 1, pageSize: 500, dateFields: [], wordFields: [], keyword: '', searchType: 1 } as CallInput<'/api/trademark/search-trademarks'>,
    { select: (answer) => answer.trademarks, enabled: open && needsTrademark && (!staff || clientId !== undefined),
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({
      type: props.type ?? 'case',
      clientId: prefill?.clientId,
      title: prefill?.title ?? '',
      fields: { trademarkId: prefill?.trademarkId, expiryDate: prefill?.expiryDate ? dayjs(prefill.expiryDate) : undefined },
    });
  }, [open, form, props.type, prefill]);

  const create = useCallMutation('/api/service-request/create', {
    invalidates: REQUEST_READS,
    onSuccess: (data) => {
      void message.success(t('form.created'));
      onCreated(data.request);
    },
    onError: (error) => void message.error(errorMessage(error)),
  });

  const required = [{ required: true, message: t('form.required') }];
  const mandatory = new Set(['mark', 'trademarkId', 'answerDeadline', 'newHolder', 'target', 'kind', 'topic']);
  const fieldInput = (name: string) => {
    if (name === 'trademarkId') {
      return <FormSelect showSearch optionFilterProp="label" loading={trademarks.isFetching} options={(trademarks.data ?? []).map((m) => ({ value: m.trademark_id, label: `${m.trademark_text} (${m.trademark_no}, ${m.trademark_region})` }))} data-testid="field-trademarkId" />;
    }
    if (DATE_FIELDS.has(name)) return <DatePicker style={{ width: '100%' }} data-testid={`field-${name}`} />;
    if (name === 'kind') return <FormSelect options={OFFLINE_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))} data-testid="field-kind" />;
    if (name === 'notes') return <Input.TextArea rows={3} maxLength={2000} data-testid="field-notes" />;
    return <Input maxLength={200} data-testid={`field-${name}`} />;
  };

  return (
    <Modal open={open} title={t('form.title', { type: t(`contract:requestType.${type}`) })} okText={t('form.submit')} onOk={() => form.submit()} confirmLoading={create.isPending} onCancel={onClose} destroyOnHidden>
      <Form<Values> form={form} layout="vertical" onFinish={(v) => create.mutate(createInput({ ...v, type }))} data-testid="request-form">
        {staff && (
          <Form.Item name="clientId" label={t('form.client')} rules={required}>
            <FormSelect showSearch optionFilterProp="label" options={(clients.data ?? []).map((c) => ({ value: c.client_id, label: c.client_name }))} data-testid="field-client" />
          </Form.Item>
        )}
        {!props.type && (
          <Form.Item name="type" label={t('form.type')} rules={required}>
            <FormSelect options={SERVICE_REQUEST_TYPES.map((s) => ({ value: s, label: t(`contract:requestType.${s}`) }))} data-testid="field-type" />
          </Form.Item>
        )}
        <Form.Item name="title" label={t('form.requestTitle')} rules={required}>
          <Input maxLength={200} data-testid="field-title" />
        </Form.Item>
        {FIELD_NAMES[type].map((name) => (
          <Form.Item key={name} name={['fields', name]} label={t(`field.${name}`)} rules={mandatory.has(name) ? required : []}>
            {fieldInput(name)}
          </Form.Item>
        ))}
        <Form.Item name="dueDate" label={t('form.dueDate')}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(dayjs(), 'day')} data-testid="field-dueDate" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
