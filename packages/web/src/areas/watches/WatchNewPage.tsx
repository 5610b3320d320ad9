import { App, Button, Card, Flex, Form } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { watches as contract } from '@portal/contract';
import { api } from '../../platform/api';
import { invalidateCalls, setCallData } from '../../platform/calls';
import { useSchemaForm } from '../../components/useSchemaForm';
import { ScrolledFormErrorAlert } from '../clients/ScrolledFormErrorAlert';
import { ScheduleFields, SettingsFields, SourceRows } from './WatchFields';
import { DEFAULT_SCHEDULE, WATCH_LIST_PATH, watchInputOf, watchPath, type WatchFormValues } from './model';

/** The form read as the call's input, then checked by the contract's own schema (its messages in the user's language). */
const schema = { safeParse: (values: unknown) => contract.createWatchInput.safeParse(watchInputOf(values as WatchFormValues)) };

/** A new watch: its client, name, sources and schedule; success opens the watch. */
export default function WatchNewPage() {
  const { t } = useTranslation('watches');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema,
    fields: { clientId: 'field.client', name: 'field.name' },
    onValid: async (input) => {
      const { watch } = await api('/api/watch/create', input);
      setCallData(queryClient, '/api/watch/detail', { watchId: watch.id }, { watch });
      await invalidateCalls(queryClient, ['/api/watch/fetch']);
      void message.success(t('toast.created'));
      void navigate(watchPath(watch.id));
    },
    keepBusyOnSuccess: true,
  });

  return (
    <Form<WatchFormValues>
      layout="vertical"
      initialValues={{ ...DEFAULT_SCHEDULE, name: '', targetCount: 100, captureEvidence: false, sources: [{ keyword: '', startUrl: '' }] }}
      onFinish={onFinish}
      onValuesChange={onValuesChange}
      data-testid="watch-new-form"
    >
      <ScrolledFormErrorAlert error={error} />
      <Flex vertical gap={16}>
        <Card title={t('form.newTitle')}>
          <SettingsFields />
        </Card>
        <Card title={t('form.schedule')}>
          <ScheduleFields />
        </Card>
        <Card title={t('form.sources')}>
          <SourceRows />
        </Card>
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="watch-submit">
            {t('action.create')}
          </Button>
          <Button onClick={() => void navigate(WATCH_LIST_PATH)}>{t('action.back')}</Button>
        </Flex>
      </Flex>
    </Form>
  );
}

