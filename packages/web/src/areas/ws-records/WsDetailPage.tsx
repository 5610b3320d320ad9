import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Flex, Form, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, ExportOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isMessageKey, wsRecords, WS_SITE_CATEGORIES, type WsRecord, type WsUpdateField } from '@portal/contract';
import { api } from '../../app/api';
import { DetailMissing } from '../../components/DetailMissing';
import { PageSpin } from '../../components/PageSpin';
import type { Step } from '../ec-records/detail/RecordSections';
import { NoCompany } from '../ec-records/generic/RecordList';
import { RecordPager } from '../ec-records/generic/RecordPager';
import { useAccessKeys } from '../ec-records/generic/useAccessKeys';
import { useDetailRoute, useRecordPager, useRecordSave } from '../ec-records/generic/useRecordDetail';
import { CategorizeSection, ReportSection, ResponseSection, ScrapeSection } from './WsSections';
import { useMayWrite } from '../ec-records/ecLookups';
import { useWsLookups } from './wsLookups';
import {
  WS_LIST_FIELDS,
  WS_UPDATE_FIELD_NAMES,
  isEmptyWsUpdate,
  safeUrl,
  wsChangedPayload,
  wsFieldLabel,
  wsFormFields,
  wsFormValuesOf,
  wsKeys,
  wsSaveProblem,
  type WsFormValues,
  type WsListState,
  type WsSearchInput,
} from './wsModel';

/** Spec 2: S update, L back, O open, P previous, N next. */
const ACCESS_KEYS = ['s', 'l', 'o', 'p', 'n'] as const;

const searchRecords = (input: WsSearchInput) => api('/api/ws-data/search-records', input);
const recordKey = (record: WsRecord) => wsKeys.record(record.client_id, record.id);
const detailPath = (record: WsRecord) => `/ws-data/${record.client_id}/${record.id}`;

/**
 * Document 3, section 2 "Website record detail" (/ws-data/{cid}/{rid}?num&total&<the list's query>): scrape info with
 * the whois, categorized info, the client's response and the report info in four steps.
 */
export default function WsDetailPage() {
  const { t } = useTranslation('ecRecords');
  const { analyst, clientId, recordId, listState, place, backTo, noCompany } = useDetailRoute(WS_LIST_FIELDS, '/ws-list');
  const ready = clientId !== undefined && recordId !== undefined;
  const record = useQuery({
    queryKey: wsKeys.record(clientId ?? 0, recordId ?? 0),
    queryFn: async () => (await api('/api/ws-data/get-record', { clientId: clientId ?? 0, recordId: recordId ?? 0 })).record,
    enabled: ready,
  });

  if (noCompany) return <NoCompany testId="ws-detail-no-company" />;
  if (!ready) return <DetailMissing title={t('detail.missing')} backTo={backTo} backLabel={t('detail.back')} />;
  if (record.isLoading) return <PageSpin />;
  if (!record.data) return <DetailMissing title={t('detail.missing')} error={record.error} backTo={backTo} backLabel={t('detail.back')} />;

  return <WsRecordDetail key={record.data.id} record={record.data} clientId={clientId} analyst={analyst} listState={listState} place={place} backTo={backTo} />;
}

interface WsRecordDetailProps {
  record: WsRecord;
  clientId: number;
  analyst: boolean;
  listState: WsListState;
  place: { num: number | undefined; total: number | undefined };
  backTo: string;
}

function WsRecordDetail({ record, clientId, analyst, listState, place, backTo }: WsRecordDetailProps) {
  const { t } = useTranslation(['ecRecords', 'wsRecords', 'contract']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lookups = useWsLookups(clientId);
  const locale = lookups.locale;
  const [form] = Form.useForm<WsFormValues>();
  const { busy, saving, run } = useRecordSave();
  const { moving, go } = useRecordPager({ clientId, listState, search: searchRecords, recordKey, detailPath });
  useAccessKeys(ACCESS_KEYS);
  // Every analyst reads every client's records; only the client's managers change them (the server's rule).
  const readOnly = useMayWrite(clientId) === false;
  const [step, setStep] = useState<Step>(1);
  const initialValues = useMemo(() => wsFormValuesOf(record), [record]);
  const pageUrl = safeUrl(record.pageURL);
  // A saved record gives new starting values: the form shows them.
  useEffect(() => form.resetFields(), [form, initialValues]);

  const save = async () => {
    if (saving.current) return;
    const values = form.getFieldsValue(true) as WsFormValues;
    // Section 5, in its order, before anything is sent (analysts; the server checks the same).
    if (analyst) {
      const problem = wsSaveProblem(wsFormFields(values));
      if (problem) {
        void message.error(t(`contract:${problem.key}`, problem.params ?? {}));
        return;
      }
    }
    const payload = wsChangedPayload({ clientId, record, values, analyst });
    const checked = wsRecords.updateRecordInput.safeParse(payload);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = issue?.path[0];
      const name = typeof field === 'string' && field in WS_UPDATE_FIELD_NAMES ? wsFieldLabel(WS_UPDATE_FIELD_NAMES[field as WsUpdateField], locale) : '';
      const maximum = issue && 'maximum' in issue ? Number(issue.maximum) : undefined;
      void message.error(issue && isMessageKey(issue.message) ? t(`contract:${issue.message}`, { field: name, maximum }) : (issue?.message ?? t('detail.saveFailed', { message: '' })));
      return;
    }
    if (isEmptyWsUpdate(payload)) {
      void message.info(t('detail.nothingChanged'));
      return;
    }
    await run(async () => {
      const answer = await api('/api/ws-data/update-record', payload);
      // The form refreshes from the answer's record.
      queryClient.setQueryData(wsKeys.record(clientId, record.id), answer.record);
      void queryClient.invalidateQueries({ queryKey: wsKeys.lists });
      void queryClient.invalidateQueries({ queryKey: wsKeys.history(clientId, record.id) });
    });
  };

  const category = record.categoryId === null ? undefined : WS_SITE_CATEGORIES[record.categoryId as keyof typeof WS_SITE_CATEGORIES]?.[locale];

  return (
    <Flex vertical>
      <Card size="small" style={{ marginBottom: 16 }} data-testid="ws-detail-page" data-record={record.id}>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Typography.Title level={5} style={{ margin: 0 }} ellipsis={{ tooltip: record.pageURL }}>
              {record.pageDomain || t('wsRecords:detail.untitled', { id: record.id })}
            </Typography.Title>
            <Space size={4} wrap>
              <Tag>ID {record.id}</Tag>
              {record.searchEngine && <Tag color="blue">{record.searchEngine}</Tag>}
              {category && <Tag color="purple">{category}</Tag>}
              {analyst && record.is_error && <Tag color="error">{t('detail.errorTag')}</Tag>}
              {analyst && !record.published && <Tag>{t('detail.unpublishedTag')}</Tag>}
            </Space>
          </Flex>
          <Space wrap>
            <Button type="primary" icon={<SaveOutlined />} loading={busy} disabled={readOnly} accessKey="s" onClick={() => void save()} data-testid="ws-detail-save">
              {t('detail.save')}
            </Button>
            <Button icon={<ArrowLeftOutlined />} accessKey="l" onClick={() => void navigate(backTo)} data-testid="ws-detail-back">
              {t('detail.back')}
            </Button>
            <Button icon={<ExportOutlined />} accessKey="o" href={pageUrl ?? undefined} disabled={!pageUrl} target="_blank" rel="noopener noreferrer" data-testid="ws-detail-open">
              {t('wsRecords:detail.openPage')}
            </Button>
            {place.num !== undefined && place.total !== undefined && (
              <RecordPager num={place.num} total={place.total} disabled={moving || busy} onGo={(num) => void go(num)} testId="ws-detail-pager" />
            )}
          </Space>
        </Flex>
      </Card>

      <ScrapeSection record={record} lookups={lookups} />
      {readOnly && <Alert type="info" showIcon message={t('ecRecords:detail.notManager')} style={{ marginBottom: 16 }} data-testid="ws-detail-read-only" />}
      <Form<WsFormValues> form={form} layout="vertical" initialValues={initialValues} disabled={readOnly} data-testid="ws-detail-form" onFinish={() => void save()}>
        <CategorizeSection analyst={analyst} locale={locale} />
        <ResponseSection lookups={lookups} trademarkList={lookups.trademarkList} />
        <ReportSection analyst={analyst} locale={locale} step={step} onStep={setStep} />
      </Form>
    </Flex>
  );
}
