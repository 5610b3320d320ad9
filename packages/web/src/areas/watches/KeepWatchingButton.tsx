import { useState } from 'react';
import { Button, Form, Input, Modal, Typography, type ButtonProps } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { watches as contract, type CrawlerTask } from '@portal/contract';
import { api } from '../../platform/api';
import { invalidateCalls, setCallData } from '../../platform/calls';
import { useSchemaForm } from '../../components/useSchemaForm';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { ScheduleFields } from './WatchFields';
import { DEFAULT_SCHEDULE, scheduleOf, watchPath, type WatchFormValues } from './model';

/** "Keep watching this" (crawler task detail): the task's sources become a watch, named and scheduled here; success opens it. */
export function KeepWatchingButton({ task }: { task: Pick<CrawlerTask, 'id' | 'title'> }) {
  const { t } = useTranslation('watches');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<WatchFormValues>();
  const schema = { safeParse: (values: unknown) => contract.watchFromTaskInput.safeParse({ taskId: task.id, name: (values as WatchFormValues).name, schedule: scheduleOf(values as WatchFormValues) }) };
  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema,
    fields: { name: 'field.name' },
    onValid: async (input) => {
      const { watch } = await api('/api/watch/create-from-task', input);
      setCallData(queryClient, '/api/watch/detail', { watchId: watch.id }, { watch });
      await invalidateCalls(queryClient, ['/api/watch/fetch']);
      void navigate(watchPath(watch.id));
    },
    keepBusyOnSuccess: true,
  });
  return (
    <>
      <Button icon={<EyeOutlined />} onClick={() => setOpen(true)} data-testid="task-keep-watching">
        {t('action.keepWatching')}
      </Button>
      <Modal
        open={open}
        title={t('form.fromTaskTitle')}
        okText={t('action.create')}
        cancelText={t('action.cancel')}
        confirmLoading={busy}
        width={760}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
        okButtonProps={{ 'data-testid': 'keep-watching-ok' } as ButtonProps}
        destroyOnClose
      >
        <Typography.Paragraph type="secondary">{t('form.fromTaskHelp')}</Typography.Paragraph>
        <Form<WatchFormValues> form={form} layout="vertical" initialValues={{ ...DEFAULT_SCHEDULE, name: task.title }} onFinish={onFinish} onValuesChange={onValuesChange} data-testid="keep-watching-form">
          <FormErrorAlert error={error} />
          <Form.Item name="name" label={t('field.name')}>
            <Input maxLength={contract.WATCH_NAME_MAX} data-testid="watch-name" />
          </Form.Item>
          <ScheduleFields />
        </Form>
      </Modal>
    </>
  );
}
