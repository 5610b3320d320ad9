import { useState } from 'react';
import { App, Button, Card, Flex, Form, Space } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useInvalidateCalls } from '../../platform/calls';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { crawlerTasks } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { TASK_LISTS, type DraftSubtask, type SubtaskValues } from './model';
import { SubtaskModal } from './SubtaskModal';
import { SubtaskTable } from './SubtaskTable';
import { TaskFields, taskValuesOf, type TaskFormValues } from './TaskFields';

const LIST = '/task/ec-crawler-task';

/** Document 3 "New task form": the task and its subtasks, kept here until "Standby (register)" creates them together. */
export default function TaskNewPage() {
  const { t } = useTranslation('crawlerTasks');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invalidate = useInvalidateCalls();
  const [form] = Form.useForm<TaskFormValues>();
  const [subtasks, setSubtasks] = useState<DraftSubtask[]>([]);
  const [editing, setEditing] = useState<DraftSubtask | 'new' | null>(null);
  const [nextKey, setNextKey] = useState(1);
  const [busy, setBusy] = useState(false);

  const saveSubtask = (values: SubtaskValues) => {
    if (editing && editing !== 'new') setSubtasks((rows) => rows.map((r) => (r.key === editing.key ? { ...values, key: r.key } : r)));
    else {
      setSubtasks((rows) => [...rows, { ...values, key: `new-${nextKey}` }]);
      setNextKey((n) => n + 1);
    }
    setEditing(null);
  };

  const submit = async (formValues: TaskFormValues) => {
    const v = taskValuesOf(formValues);
    setBusy(true);
    try {
      await api('/api/ec-crawler-task/create', {
        planStartDate: v.planStartDate,
        clientId: v.clientId ?? 0,
        title: v.title.trim(),
        type: v.type as 0 | 1 | 2,
        remarks: v.remarks,
        captureEvidence: v.captureEvidence,
        subtasksInfo: subtasks.map((s) => ({ site: s.site, keyword: s.keyword, startUrl: s.startUrl, targetCount: s.targetCount, key: s.key })),
      });
      void message.success(t('toast.saved'));
      await invalidate(TASK_LISTS);
      void navigate(LIST);
    } catch (error) {
      void message.error(t('toast.failed', { message: errorMessage(error) }));
      setBusy(false);
    }
  };

  return (
    <Form<TaskFormValues>
      form={form}
      layout="vertical"
      initialValues={{ planStartDate: dayjs(), type: 0, title: '', remarks: '', captureEvidence: false }}
      onFinish={(values) => void submit(values)}
      // Section 5: a field error is shown as a toast too.
      onFinishFailed={({ errorFields }) => errorFields[0]?.errors[0] && void message.error(errorFields[0].errors[0])}
    >
      <Flex vertical gap={16}>
        <Card title={t('form.newTitle')}>
          <TaskFields />
        </Card>
        <Card
          title={t('form.subtasks')}
          extra={
            <Button icon={<PlusOutlined />} disabled={subtasks.length >= crawlerTasks.SUBTASKS_MAX} onClick={() => setEditing('new')} data-testid="subtask-add">
              {t('subtask.add')}
            </Button>
          }
        >
          <SubtaskTable
            rows={subtasks}
            testId="task-new-subtasks"
            actions={(row) => (
              <Space size={0}>
                <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(row)}>
                  {t('action.edit')}
                </Button>
                <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => setSubtasks((rows) => rows.filter((r) => r.key !== row.key))}>
                  {t('action.delete')}
                </Button>
              </Space>
            )}
          />
        </Card>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="task-submit">
            {t('form.submit')}
          </Button>
          <Button onClick={() => void navigate(LIST)}>{t('form.back')}</Button>
        </Flex>
      </Flex>
      <SubtaskModal open={editing !== null} initial={editing && editing !== 'new' ? editing : undefined} onOk={saveSubtask} onCancel={() => setEditing(null)} />
    </Form>
  );
}
