import { useMemo, useState } from 'react';
import { Alert, App, Button, Card, Dropdown, Flex, Form, Popconfirm, Space } from 'antd';
import { DeleteOutlined, DownOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { invalidateCalls, setCallData, useCall } from '../../platform/calls';
import dayjs from 'dayjs';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EXPORT_TYPES, TaskStatus, crawlerTasks, taskActions, type CrawlerSubtask, type CrawlerTask } from '@portal/contract';
import { api, errorMessage } from '../../platform/api';
import { DetailMissing } from '../../components/DetailMissing';
import { PageSpin } from '../../components/PageSpin';
import { exportTypeOf, subtaskChanges, taskDownloadHref, taskChanges, TASK_LISTS, type SubtaskValues } from './model';
import { useLiveTasks } from './queries';
import { SubtaskModal } from './SubtaskModal';
import { SubtaskTable } from './SubtaskTable';
import { reportListPath } from '../../records/reports/model';
import { TaskFields, taskValuesOf, type TaskFormValues } from './TaskFields';
import { StatusTag, TaskProgress } from './TaskProgress';
import { KeepWatchingButton } from '../watches/KeepWatchingButton';

const LIST = '/task/ec-crawler-task';

/** Document 3 "Task detail": the same form prefilled, with update; live progress; subtasks editable only while new. */
export default function TaskDetailPage() {
  const { t } = useTranslation('crawlerTasks');
  const taskId = Number(useParams().id);
  const valid = Number.isSafeInteger(taskId) && taskId > 0;
  const detail = useCall('/api/ec-crawler-task/detail', { taskId }, { select: (answer) => answer.task, enabled: valid });
  if (!valid || detail.isError) return <DetailMissing title={t('form.notFound')} error={detail.error} backTo={LIST} backLabel={t('form.back')} />;
  if (!detail.data) return <PageSpin />;
  // Keyed by the task: the form's initial values are the task as first loaded.
  return <TaskDetail key={detail.data.id} saved={detail.data} />;
}

function TaskDetail({ saved }: { saved: CrawlerTask }) {
  const { t } = useTranslation('crawlerTasks');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const live = useLiveTasks(useMemo(() => [saved], [saved]));
  const task = live[0] ?? saved;
  const [busy, setBusy] = useState<string | null>(null);
  const [editing, setEditing] = useState<CrawlerSubtask | 'new' | null>(null);
  const allowed = taskActions(task.status);

  /** A call answering the task: the detail shows the answer, the lists fetch again. */
  const run = async (action: string, call: () => Promise<{ task: CrawlerTask }>, success?: string) => {
    setBusy(action);
    try {
      const answer = await call();
      setCallData(queryClient, '/api/ec-crawler-task/detail', { taskId: saved.id }, (old) => ({ ...old, task: answer.task }));
      await invalidateCalls(queryClient, TASK_LISTS);
      if (success) void message.success(success);
      return true;
    } catch (error) {
      void message.error(t('toast.failed', { message: errorMessage(error) }));
      return false;
    } finally {
      setBusy(null);
    }
  };

  const update = (values: TaskFormValues) => {
    const changes = taskChanges(saved, taskValuesOf(values));
    // Section 5: nothing is sent when nothing changed.
    if (Object.keys(changes).length === 0) return void message.info(t('toast.nothingChanged'));
    void run('update', () => api('/api/ec-crawler-task/update', { taskId: saved.id, ...changes }), t('toast.saved'));
  };

  const saveSubtask = async (values: SubtaskValues) => {
    const ok =
      editing === 'new' || editing === null
        ? await run('subtask', () => api('/api/ec-crawler-subtask/create', { taskId: saved.id, detail: values }))
        : await run('subtask', () => api('/api/ec-crawler-subtask/update', { taskId: saved.id, subtaskId: editing.id, ...subtaskChanges(editing, values) }));
    if (ok) setEditing(null);
  };

  return (
    <Form<TaskFormValues>
      layout="vertical"
      initialValues={{ planStartDate: dayjs(saved.planStartDate), clientId: saved.clientId, title: saved.title, type: saved.type, remarks: saved.remarks, captureEvidence: saved.captureEvidence }}
      onFinish={update}
      onFinishFailed={({ errorFields }) => errorFields[0]?.errors[0] && void message.error(errorFields[0].errors[0])}
    >
      <Flex vertical gap={16}>
        <Card
          title={
            <Space>
              {t('form.detailTitle', { id: saved.id })}
              <StatusTag status={task.status} />
            </Space>
          }
          extra={<TaskProgress subtasks={task.subtasks} testId="task-detail-progress" />}
          styles={{ header: { paddingBlock: 8 } }}
        >
          <TaskFields fixedClient={{ id: saved.clientId, name: saved.clientName }} />
        </Card>
        <Card
          title={t('form.subtasks')}
          extra={
            <Space wrap>
              {allowed.stop ? (
                <Popconfirm title={t('confirm.stop', { title: saved.title })} okText={t('action.stop')} cancelText={t('action.cancel')} onConfirm={() => run('stop', () => api('/api/ec-crawler-command/stop', { taskId: saved.id, subtaskIds: [] }), t('toast.stopped'))}>
                  <Button danger loading={busy === 'stop'} data-testid="task-detail-stop">
                    {t('action.stop')}
                  </Button>
                </Popconfirm>
              ) : (
                <Button
                  disabled={!allowed.start || task.subtasks.length === 0}
                  loading={busy === 'start'}
                  onClick={() => void run('start', () => api('/api/ec-crawler-command/start', { taskId: saved.id, subtaskIds: [] }), t('toast.started'))}
                  data-testid="task-detail-start"
                >
                  {t('action.start')}
                </Button>
              )}
              <Dropdown
                disabled={!allowed.download}
                trigger={['click']}
                menu={{ items: EXPORT_TYPES.map((n) => ({ key: String(n), label: t(`export.${n}`) })), onClick: ({ key }) => window.open(taskDownloadHref(saved.id, exportTypeOf(key)), '_blank', 'noopener') }}
              >
                <Button disabled={!allowed.download} data-testid="task-detail-download">
                  {t('action.download')} <DownOutlined />
                </Button>
              </Dropdown>
              {task.reportId !== null && (
                <Button onClick={() => void navigate(reportListPath('/ec-list', 'report_id', { clientId: saved.clientId, reportId: task.reportId ?? 0 }))} data-testid="task-detail-report">
                  {t('action.report')}
                </Button>
              )}
              {task.status === TaskStatus.FINISHED && <KeepWatchingButton task={saved} />}
              <Button
                icon={<PlusOutlined />}
                disabled={!allowed.editSubtasks || task.subtasks.length >= crawlerTasks.SUBTASKS_MAX}
                onClick={() => setEditing('new')}
                data-testid="subtask-add"
              >
                {t('subtask.add')}
              </Button>
            </Space>
          }
        >
          {!allowed.editSubtasks && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('subtask.locked')} />}
          <SubtaskTable
            rows={task.subtasks}
            testId="task-detail-subtasks"
            actions={(row) => (
              <Space size={0}>
                <Button type="link" size="small" icon={<EditOutlined />} disabled={!allowed.editSubtasks} onClick={() => setEditing(row)}>
                  {t('action.edit')}
                </Button>
                <Popconfirm
                  disabled={!allowed.editSubtasks}
                  title={t('confirm.removeSubtask')}
                  okText={t('action.delete')}
                  okButtonProps={{ danger: true }}
                  cancelText={t('action.cancel')}
                  onConfirm={() => run(`remove-${row.id}`, () => api('/api/ec-crawler-subtask/remove', { subtaskId: row.id }))}
                >
                  <Button type="link" size="small" danger icon={<DeleteOutlined />} disabled={!allowed.editSubtasks} loading={busy === `remove-${row.id}`}>
                    {t('action.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            )}
          />
        </Card>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={busy === 'update'} data-testid="task-update">
            {t('form.update')}
          </Button>
          <Button onClick={() => void navigate(LIST)}>{t('form.back')}</Button>
        </Flex>
      </Flex>
      <SubtaskModal open={editing !== null} initial={editing && editing !== 'new' ? editing : undefined} busy={busy === 'subtask'} onOk={saveSubtask} onCancel={() => setEditing(null)} />
    </Form>
  );
}
