import { App, Button, Card, Flex, Form, Popconfirm, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { domainWatch as contract, type DomainWatch } from '@portal/contract';
import { api } from '../../platform/api';
import { invalidateCalls, setCallData, useCall } from '../../platform/calls';
import { useUser } from '../../platform/session';
import { DetailMissing } from '../../components/DetailMissing';
import { PageSpin } from '../../components/PageSpin';
import { formatDateTime } from '../../components/dateTime';
import { useSchemaForm } from '../../components/useSchemaForm';
import { ScrolledFormErrorAlert } from '../clients/ScrolledFormErrorAlert';
import { scheduleWords, type Translate } from '../watches/model';
import { useDomainWatchActions } from './actions';
import { CandidatesTable } from './CandidatesTable';
import { DomainRuns } from './DomainRuns';
import { DomainWatchFields } from './DomainWatchFields';
import { DomainRunCounts } from './RunBits';
import { DOMAIN_WATCH_LIST_PATH, RUN_POLL_MS, domainWatchUpdateOf, formValuesOf, isRunning, mayChange, type DomainWatchFormValues } from './model';

/** A domain watch: what it watches, run now, its runs, its candidates, and (for staff) its settings. */
export default function DomainWatchDetailPage() {
  const { t } = useTranslation('domainWatch');
  const watchId = Number(useParams().id);
  const valid = Number.isSafeInteger(watchId) && watchId > 0;
  const detail = useCall('/api/domain-watch/detail', { watchId }, {
    select: (answer) => answer.watch,
    enabled: valid,
    // While its run goes on, the watch is fetched again until the run settles (the runs table follows it too).
    refetchInterval: (query) => (isRunning(query.state.data?.watch.lastRun?.status) ? RUN_POLL_MS : false),
  });
  if (!valid || detail.isError) return <DetailMissing title={t('form.notFound')} error={detail.error} backTo={DOMAIN_WATCH_LIST_PATH} backLabel={t('action.back')} />;
  if (!detail.data) return <PageSpin />;
  return <DomainWatchDetail watch={detail.data} />;
}

function DomainWatchDetail({ watch }: { watch: DomainWatch }) {
  const { t } = useTranslation('domainWatch');
  const { t: tw } = useTranslation('watches');
  const navigate = useNavigate();
  const staff = mayChange(useUser().user_role);
  const { act, busy } = useDomainWatchActions();
  const running = isRunning(watch.lastRun?.status);

  const remove = async () => {
    if (await act(watch, 'remove')) void navigate(DOMAIN_WATCH_LIST_PATH);
  };

  return (
    <Flex vertical gap={16}>
      <Card
        title={
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="dw-title">
            {watch.domains.join(', ')}
          </Typography.Title>
        }
        extra={
          staff && (
            <Space wrap>
              <Button type="primary" disabled={running} loading={busy(watch, 'runNow') || running} onClick={() => void act(watch, 'runNow')} data-testid="dw-run">
                {t('action.runNow')}
              </Button>
              <Popconfirm title={t('confirm.remove', { name: watch.clientName })} okText={t('action.remove')} okButtonProps={{ danger: true }} cancelText={t('action.cancel')} onConfirm={remove}>
                <Button danger loading={busy(watch, 'remove')} data-testid="dw-remove">
                  {t('action.remove')}
                </Button>
              </Popconfirm>
            </Space>
          )
        }
      >
        <Flex vertical gap={8}>
          <Typography.Text>
            {watch.clientName} · {watch.schedule ? scheduleWords(watch.schedule, tw as Translate) : t('field.byHand')} · {t('field.nextRun')}: {formatDateTime(watch.nextRunAt)}
          </Typography.Text>
          {watch.lastRun && <DomainRunCounts run={watch.lastRun} testId="dw-last-counts" />}
        </Flex>
      </Card>
      <Card title={t('runs.title')}>
        <DomainRuns watchId={watch.id} />
      </Card>
      <Card title={t('candidates.title')}>
        <CandidatesTable watchId={watch.id} clientId={watch.clientId} staff={staff} />
      </Card>
      {staff && <DomainWatchSettings key={watch.id} watch={watch} />}
      <div>
        <Button onClick={() => void navigate(DOMAIN_WATCH_LIST_PATH)}>{t('action.back')}</Button>
      </div>
    </Flex>
  );
}

/** The settings form: everything but the client may change; the next run uses it. */
function DomainWatchSettings({ watch }: { watch: DomainWatch }) {
  const { t } = useTranslation('domainWatch');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const schema = { safeParse: (values: unknown) => contract.updateDomainWatchInput.safeParse(domainWatchUpdateOf(watch.id, values as DomainWatchFormValues)) };
  const { error, busy, onFinish, onValuesChange } = useSchemaForm({
    schema,
    fields: {},
    onValid: async (input) => {
      const answer = await api('/api/domain-watch/update', input);
      setCallData(queryClient, '/api/domain-watch/detail', { watchId: watch.id }, answer);
      await invalidateCalls(queryClient, ['/api/domain-watch/fetch']);
      void message.success(t('toast.saved'));
    },
  });
  return (
    <Form<DomainWatchFormValues> layout="vertical" initialValues={formValuesOf(watch)} onFinish={onFinish} onValuesChange={onValuesChange} data-testid="dw-settings">
      <ScrolledFormErrorAlert error={error} />
      <Card title={t('form.settings')}>
        <DomainWatchFields fixedClient={{ id: watch.clientId, name: watch.clientName }} />
        <Button type="primary" htmlType="submit" loading={busy} data-testid="dw-save">
          {t('action.save')}
        </Button>
      </Card>
    </Form>
  );
}
