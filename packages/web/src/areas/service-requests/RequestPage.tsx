import { useState } from 'react';
import { App, Alert, Button, Card, Col, DatePicker, Descriptions, Empty, Form, Input, InputNumber, List, Popconfirm, Row, Select, Space, Spin, Steps, Tag, Typography, Upload } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callKey, invalidateCalls, setCallData, useCall, useCallMutation } from '../../platform/calls';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CLIENT_CANCELLABLE, FIELD_NAMES, SERVICE_CURRENCIES, STAFF_ROLES, STATUS_STEPS, hasRole, isClosed, type CallInput, type ServiceFile, type ServiceRequest, type ServiceRequestStatus } from '@portal/contract';
import { errorMessage } from '../../platform/api';
import { upload } from '../../platform/upload';
import { useUser } from '../../platform/session';
import { REQUEST_READS, STATUS_COLORS, fileUrl } from './model';
import { formatDateTime } from '../../components/dateTime';

/** A request: its status steps, details, messages (newest last, with attachments) and files; answer, attach, cancel; staff handle it. */
export default function RequestPage() {
  const { id } = useParams();
  const requestId = Number(id);
  const { t } = useTranslation(['requests', 'contract']);
  const request = useCall('/api/service-request/get', { requestId }, { select: (answer) => answer.request, enabled: Number.isInteger(requestId) && requestId > 0 });
  if (request.isError) return <Alert type="error" showIcon message={errorMessage(request.error)} />;
  if (!request.data) return <Spin />;
  return <RequestView request={request.data} t={t} />;
}

function FileLink({ file }: { file: ServiceFile }) {
  return (
    <a href={fileUrl(file.name)} download={file.originalName} data-testid="request-file">
      <PaperClipOutlined /> {file.originalName} ({Math.ceil(file.size / 1024)} KB)
    </a>
  );
}

function RequestView({ request, t }: { request: ServiceRequest; t: ReturnType<typeof useTranslation<['requests', 'contract']>>['t'] }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = useUser();
  const staff = hasRole(user.user_role, STAFF_ROLES);
  const [body, setBody] = useState('');
  const [attached, setAttached] = useState<ServiceFile[]>([]);
  const closed = isClosed(request.status);
  // A change answers the request: its page shows the answer at once, the lists (and the page) load again.
  const refresh = (r: ServiceRequest) => setCallData(queryClient, '/api/service-request/get', { requestId: r.id }, { request: r });
  const failed = (error: unknown) => void message.error(errorMessage(error));

  const send = useCallMutation('/api/service-request/add-message', {
    invalidates: REQUEST_READS,
    onSuccess: (d) => {
      setBody('');
      setAttached([]);
      void message.success(t('detail.sent'));
      refresh(d.request);
    },
    onError: failed,
  });
  const attach = useMutation({
    mutationFn: (file: File) => upload('/api/service-request/upload-file', { requestId: request.id }, file),
    onSuccess: (d) => {
      setAttached((list) => [...list, d.file]);
      void invalidateCalls(queryClient, [callKey('/api/service-request/get', { requestId: request.id })]);
    },
    onError: failed,
  });
  const update = useCallMutation('/api/service-request/update', {
    invalidates: REQUEST_READS,
    onSuccess: (d) => {
      void message.success(t('detail.saved'));
      refresh(d.request);
    },
    onError: failed,
  });
  const remove = useCallMutation('/api/service-request/remove', {
    invalidates: REQUEST_READS,
    onSuccess: () => {
      void message.success(t('detail.removed'));
      navigate('/case-management');
    },
    onError: failed,
  });

  const cancelled = request.status === 5;
  const stepOf = (s: number) => (s === 5 ? 0 : s === 4 ? 3 : s - 1);
  const steps = [1, 2, 3, 4].map((s) => ({ title: t(`contract:requestStatus.${s as 1}`) }));
  if (cancelled) steps.push({ title: t('contract:requestStatus.5') });
  const fieldValue = (name: string, value: unknown) => {
    if (value === undefined || value === '' || value === null) return t('detail.none');
    if (name === 'kind') return t(`kind.${value as 'raid'}`);
    if (name === 'trademarkId') return <a onClick={() => navigate(`/trademark/${String(value)}`)}>#{String(value)}</a>;
    return String(value);
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24}>
        <Card title={<Space>{`#${request.id} ${request.title}`}<Tag>{t(`contract:requestType.${request.type}`)}</Tag><Tag color={STATUS_COLORS[request.status]} data-testid="request-status">{t(`contract:requestStatus.${request.status as 1}`)}</Tag></Space>}>
          <Steps current={cancelled ? 4 : stepOf(request.status)} status={cancelled ? 'error' : request.status === 4 ? 'finish' : 'process'} items={steps} size="small" style={{ marginBottom: 16 }} />
          {request.draft && (
            <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('detail.draft')} action={!staff && <Button type="primary" onClick={() => update.mutate({ requestId: request.id, confirm: true })} data-testid="confirm-request">{t('detail.confirm')}</Button>} />
          )}
          <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
            {staff && <Descriptions.Item label={t('col.client')}>{request.clientName}</Descriptions.Item>}
            {FIELD_NAMES[request.type].map((name) => (
              <Descriptions.Item key={name} label={t(`field.${name}`)}>{fieldValue(name, request.fields[name])}</Descriptions.Item>
            ))}
            <Descriptions.Item label={t('col.assignee')}>{request.assigneeName ?? t('detail.none')}</Descriptions.Item>
            <Descriptions.Item label={t('col.dueDate')}>{request.dueDate ?? t('detail.none')}</Descriptions.Item>
            <Descriptions.Item label={t('col.fee')}>
              <span data-testid="request-fee">{request.fee === null ? t('detail.none') : `${request.fee.toLocaleString()} ${request.currency ?? ''}`}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('detail.created')}>
              {request.createdByName ? t('detail.createdBy', { name: request.createdByName, date: formatDateTime(request.createdAt).slice(0, 10) }) : t('detail.byPortal', { date: formatDateTime(request.createdAt).slice(0, 10) })}
            </Descriptions.Item>
          </Descriptions>
          <Space style={{ marginTop: 16 }}>
            {!staff && CLIENT_CANCELLABLE.includes(request.status as ServiceRequestStatus) && (
              <Popconfirm title={t('detail.cancelConfirm')} onConfirm={() => update.mutate({ requestId: request.id, status: 5 })}>
                <Button danger data-testid="cancel-request">{t('detail.cancel')}</Button>
              </Popconfirm>
            )}
            {(staff || request.status === 1) && (
              <Popconfirm title={t('detail.removeConfirm')} onConfirm={() => remove.mutate({ requestId: request.id })}>
                <Button>{t('detail.remove')}</Button>
              </Popconfirm>
            )}
          </Space>
        </Card>
      </Col>
      {staff && (
        <Col xs={24}>
          <StaffPanel request={request} t={t} onSave={(input) => update.mutate(input)} saving={update.isPending} />
        </Col>
      )}
      <Col xs={24} lg={16}>
        <Card title={t('detail.messages')}>
          {request.messages.length === 0 ? (
            <Empty description={t('detail.noMessages')} />
          ) : (
            <List
              data-testid="request-messages"
              dataSource={request.messages}
              renderItem={(m) => (
                <List.Item>
                  <List.Item.Meta
                    title={<Space>{m.byUserName}{m.byStaff && <Tag color="blue">{t('detail.staffBadge')}</Tag>}<Typography.Text type="secondary" style={{ fontWeight: 'normal' }}>{formatDateTime(m.createdAt)}</Typography.Text></Space>}
                    description={
                      <>
                        <div style={{ whiteSpace: 'pre-wrap', color: 'inherit' }}>{m.body}</div>
                        {m.files.map((f) => <div key={f.name}><FileLink file={f} /></div>)}
                      </>
                    }
                  />
                </List.Item>
              )}
            />
          )}
          {!closed && (
            <Space direction="vertical" style={{ width: '100%', marginTop: 16 }}>
              <Input.TextArea rows={3} maxLength={5000} value={body} onChange={(e) => setBody(e.target.value)} placeholder={t('detail.answer')} data-testid="message-body" />
              {attached.map((f) => <Tag key={f.name}>{t('detail.attached', { name: f.originalName })}</Tag>)}
              <Space>
                <Upload showUploadList={false} beforeUpload={(file) => { attach.mutate(file); return false; }}>
                  <Button icon={<PaperClipOutlined />} loading={attach.isPending} data-testid="attach-file">{t('detail.attach')}</Button>
                </Upload>
                <Button type="primary" disabled={body.trim() === ''} loading={send.isPending} onClick={() => send.mutate({ requestId: request.id, body, files: attached.map((f) => f.name) })} data-testid="send-message">
                  {t('detail.send')}
                </Button>
              </Space>
            </Space>
          )}
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card title={t('detail.files')}>
          {request.files.length === 0 ? <Empty description={t('detail.noFiles')} /> : request.files.map((f) => <div key={f.name}><FileLink file={f} /></div>)}
        </Card>
      </Col>
    </Row>
  );
}

interface StaffValues {
  status: number;
  assigneeId: number | null;
  dueDate: Dayjs | null;
  fee: number | null;
  currency: string | null;
}

/** Staff: status along the allowed steps, assignee among the client's managing analysts, due date and fee quote. */
function StaffPanel({ request, t, onSave, saving }: { request: ServiceRequest; t: ReturnType<typeof useTranslation<['requests', 'contract']>>['t']; onSave: (input: CallInput<'/api/service-request/update'>) => void; saving: boolean }) {
  const analysts = useCall('/api/admin/get-client', { clientId: request.clientId }, { select: (answer) => answer.client.analystInfo });
  const next = [request.status, ...STATUS_STEPS[request.status as ServiceRequestStatus]];
  const managers = analysts.data ?? [];
  const save = (v: StaffValues) =>
    onSave({
      requestId: request.id,
      ...(v.status !== request.status ? { status: v.status as ServiceRequestStatus } : {}),
      assigneeId: v.assigneeId ?? null,
      dueDate: v.dueDate ? v.dueDate.format('YYYY-MM-DD') : null,
      fee: v.fee ?? null,
      currency: (v.currency as (typeof SERVICE_CURRENCIES)[number] | null) ?? null,
    });
  return (
    <Card title={t('detail.staff')}>
      <Form<StaffValues>
        layout="inline"
        key={request.updatedAt}
        initialValues={{ status: request.status, assigneeId: request.assigneeId, dueDate: request.dueDate ? dayjs(request.dueDate) : null, fee: request.fee, currency: request.currency }}
        onFinish={save}
        data-testid="staff-panel"
      >
        <Form.Item name="status" label={t('detail.status')}>
          <Select style={{ width: 200 }} options={next.map((s) => ({ value: s, label: t(`contract:requestStatus.${s as 1}`) }))} data-testid="staff-status" />
        </Form.Item>
        <Form.Item name="assigneeId" label={t('detail.assignee')}>
          <Select allowClear style={{ width: 180 }} options={managers.map((m) => ({ value: m.user_id, label: m.user_name }))} data-testid="staff-assignee" />
        </Form.Item>
        <Form.Item name="dueDate" label={t('col.dueDate')}>
          <DatePicker disabledDate={(d) => d.isBefore(dayjs(), 'day')} />
        </Form.Item>
        <Form.Item name="fee" label={t('detail.fee')}>
          <InputNumber min={0} precision={2} style={{ width: 140 }} data-testid="staff-fee" />
        </Form.Item>
        <Form.Item name="currency" label={t('detail.currency')}>
          <Select allowClear style={{ width: 100 }} options={SERVICE_CURRENCIES.map((c) => ({ value: c, label: c }))} data-testid="staff-currency" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving} disabled={isClosed(request.status) && request.status === 5} data-testid="staff-save">
          {t('detail.save')}
        </Button>
      </Form>
    </Card>
  );
}
