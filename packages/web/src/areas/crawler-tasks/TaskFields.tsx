import { Col, DatePicker, Form, Input, Row, Switch } from 'antd';
import { FormSelect } from '../../components/FormSelect';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { TASK_TYPES, crawlerTasks } from '@portal/contract';
import { useClientChoices } from '../../components/clientChoices';
import { DATE_FORMAT } from './model';

/** The form's own values: the start date as a Dayjs for the picker. */
export interface TaskFormValues {
  planStartDate: Dayjs | null;
  clientId: number | undefined;
  title: string;
  type: number | undefined;
  remarks: string;
  captureEvidence: boolean;
}

/**
 * Section 5's task fields, shared by the new form and the detail. The client is chosen among those the user may
 * change (the server's manager rule); a saved task's client cannot change, so the detail shows it fixed.
 */
export function TaskFields({ fixedClient }: { fixedClient?: { id: number; name: string } }) {
  const { t } = useTranslation(['crawlerTasks', 'contract']);
  const clients = useClientChoices('writable', !fixedClient);
  const options = fixedClient ? [{ value: fixedClient.id, label: fixedClient.name }] : (clients.data ?? []).map((c) => ({ value: c.client_id, label: c.client_name }));
  return (
    <Row gutter={16}>
      <Col xs={24} md={8}>
        <Form.Item name="planStartDate" label={t('field.planStartDate')} rules={[{ required: true, message: t('contract:validation.taskStartDateRequired') }]}>
          <DatePicker format={DATE_FORMAT} style={{ width: '100%' }} data-testid="task-start-date" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="clientId" label={t('field.client')} rules={[{ required: true, message: t('contract:validation.taskClientRequired') }]}>
          <FormSelect options={options} disabled={Boolean(fixedClient)} loading={clients.isLoading} showSearch optionFilterProp="label" data-testid="task-client" />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item name="type" label={t('field.type')} rules={[{ required: true, message: t('contract:validation.taskTypeRequired') }]}>
          <FormSelect options={TASK_TYPES.map((n) => ({ value: n, label: t(`type.${n}`) }))} data-testid="task-type" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="title" label={t('field.title')} rules={[{ required: true, whitespace: true, message: t('contract:validation.taskTitleRequired') }]}>
          <Input maxLength={crawlerTasks.TASK_TITLE_MAX} data-testid="task-title" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="remarks" label={t('field.remarks')}>
          <Input.TextArea rows={3} maxLength={crawlerTasks.TASK_REMARKS_MAX} showCount data-testid="task-remarks" />
        </Form.Item>
      </Col>
      <Col span={24}>
        <Form.Item name="captureEvidence" label={t('field.captureEvidence')} valuePropName="checked" extra={t('field.captureEvidenceHelp')}>
          <Switch data-testid="task-capture-evidence" />
        </Form.Item>
      </Col>
    </Row>
  );
}

export const taskValuesOf = (v: TaskFormValues) => ({
  planStartDate: v.planStartDate ? v.planStartDate.format(DATE_FORMAT) : '',
  clientId: v.clientId,
  title: v.title ?? '',
  type: v.type,
  remarks: v.remarks ?? '',
  captureEvidence: Boolean(v.captureEvidence),
});
