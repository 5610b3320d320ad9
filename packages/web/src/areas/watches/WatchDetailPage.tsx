import { Button, Card, Flex, Form, Space, Tag, Typography, App } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { watches as contract, type Watch } from '@portal/contract';
import { api } from '../../platform/api';
import { invalidateCalls, setCallData, useCall } from '../../platform/calls';
import { DetailMissing } from '../../components/DetailMissing';
import { PageSpin } from '../../components/PageSpin';
import { useSchemaForm } from '../../components/useSchemaForm';
import { ScrolledFormErrorAlert } from '../clients/ScrolledFormErrorAlert';
import { formatDateTime } from '../../components/dateTime';
import { useWatchActions } from './actions';
import { RunChanges } from './RunChanges';
import { ScheduleFields, SettingsFields, SourceRows } from './WatchFields';
import { WatchRuns } from './WatchRuns';
import { WATCH_LIST_PATH, formValuesOf, isRunning, scheduleWords, watchInputOf, type Translate, type WatchFormValues } from './model';

/** A watch: its settings (editable), its runs, and the changes of the run chosen (`?run=`, where a run's notice leads). */
export default function WatchDetailPage() {
  const { t } = useTranslation('watches');
  const watchId = Number(useParams().id);
  const valid = Number.isSafeInteger(watchId) && watchId > 0;
  const detail = useCall('/api/watch/detail', { watchId }, { select: (answer) => answer.watch, enabled: valid });
  if (!valid || detail.isError) return <DetailMissing title={t('form.notFound')} error={detail.error} backTo={WATCH_LIST_PATH} backLabel={t('action.back')} />;
  if (!detail.data) return <PageSpin />;
  return <WatchDetail watch={detail.data} />;
}

function WatchDetail({ watch }: { watch: Watch }) {
  const { t } = useTranslation('watches');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { act, busy } = useWatchActions();
  const runParam = Number(params.get('run'));
  // The run asked for, else the last one.
  const runId = Number.isSafeInteger(runParam) && runParam > 0 ? runParam : (watch.lastRun?.id ?? null);
  const selectRun = (id: number) => setParams({ run: String(id) }, { replace: true });

  const runNow = async () => {
    const { runId: started } = await act(watch, 'runNow');
    if (started) selectRun(started);
  };

  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <Space wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="watch-title">
              {watch.name}
            </Typography.Title>
            {watch.paused ? <Tag color="warning">{t('status.paused')}</Tag> : <Tag color="success">{t('status.active')}</Tag>}
          </Space>
        }
        extra={
          <Space wrap>
            <Button type="primary" disabled={isRunning(watch.lastRun?.status)} loading={busy(watch, 'runNow')} onClick={() => void runNow()} data-testid="watch-run">
              {t('action.runNow')}
            </Button>
            {watch.paused ? (
              <Button loading={busy(watch, 'resume')} onClick={() => void act(watch, 'resume')} data-testid="watch-resume">
                {t('action.resume')}
              </Button>
            ) : (
              <Button loading={busy(watch, 'pause')} onClick={() => void act(watch, 'pause')} data-testid="watch-pause">
                {t('action.pause')}
              </Button>
            )}
          </Space>
        }
      >
        <Typography.Paragraph style={{ margin: 0 }}>
          {watch.clientName} · {scheduleWords(watch.schedule, t as Translate)} · {t('field.nextRun')}: {watch.paused ? '—' : formatDateTime(watch.nextRunAt)}
        </Typography.Paragraph>
      </Card>
      <Card title={t('runs.title')}>
        <WatchRuns watchId={watch.id} clientId={watch.clientId} selected={runId} onSelect={(run) => selectRun(run.id)} />
      </Card>
      <Card title={t('changes.caption')} data-testid="watch-changes-card">
        {runId === null ? <Typography.Text type="secondary">{t('changes.pick')}</Typography.Text> : <RunChanges key={runId} runId={runId} clientId={watch.clientId} />}
      </Card>
      <WatchSettings key={watch.id} watch={watch} />
      <div>
        <Button onClick={() => void navigate(WATCH_LIST_PATH)}>{t('action.back')}</Button>
      </div>
    </Flex>
  );
}

/** The settings form: everything but the client may change; nothing is sent when nothing changed. */
function WatchSettings({ watch }: { watch: Watch }) {
  const { t } = useTranslation('watches');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const initial = formValuesOf(watch);
  const schema = {
    safeParse: (values: unknown) => {
      const { clientId: _client, ...input } = watchInputOf(values as WatchFormValues);
      return contract.updateWatchInput.safeParse({ watchId: watch.id, ...input });
    },
  };
  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema,
    fields: { name: 'field.name' },
    onValid: async (input) => {
      const { clientId: _client, ...before } = watchInputOf(initial);
      const { watchId: _id, ...after } = input;
      if (JSON.stringify(before) === JSON.stringify(after)) return void message.info(t('toast.nothingChanged'));
      const answer = await api('/api/watch/update', input);
      setCallData(queryClient, '/api/watch/detail', { watchId: watch.id }, answer);
      await invalidateCalls(queryClient, ['/api/watch/fetch']);
      void message.success(t('toast.saved'));
    },
  });
  return (
    <Form<WatchFormValues> layout="vertical" initialValues={initial} onFinish={onFinish} onValuesChange={onValuesChange} data-testid="watch-settings">
      <ScrolledFormErrorAlert error={error} />
      <Card title={t('form.settings')}>
        <SettingsFields fixedClient={{ id: watch.clientId, name: watch.clientName }} />
        <Typography.Title level={5}>{t('form.schedule')}</Typography.Title>
        <ScheduleFields zone={watch.schedule.timezone} />
        <Typography.Title level={5}>{t('form.sources')}</Typography.Title>
        <SourceRows />
        <div style={{ marginTop: 16 }}>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="watch-save">
            {t('action.save')}
          </Button>
        </div>
      </Card>
    </Form>
  );
}
