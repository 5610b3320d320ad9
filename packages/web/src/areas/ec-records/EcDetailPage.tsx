import { useEffect, useMemo, useState } from 'react';
import { Alert, App, Button, Card, Flex, Form, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, ExportOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ecRecords, isMessageKey, type EcRecord } from '@portal/contract';
import { api } from '../../app/api';
import { DetailMissing } from '../../components/DetailMissing';
import { PageSpin } from '../../components/PageSpin';
import { RecordPager } from './generic/RecordPager';
import { useAccessKeys } from './generic/useAccessKeys';
import { NoCompany } from './generic/RecordList';
import { useDetailRoute, useRecordPager, useRecordSave } from './generic/useRecordDetail';
import { EC_LIST_FIELDS, PAYLOAD_FIELDS, ecKeys, safeUrl, type EcListState, type EcSearchInput, type PayloadField } from './ecModel';
import { useLookups, useMayWrite, type Lookups } from './ecLookups';
import { changedPayload, formFields, formValuesOf, isEmptyUpdate, saveProblem, type RecordFormValues } from './recordForm';
import { CategorizeSection, ReportSection, ResponseSection, usePayloadLabel, type Step } from './detail/RecordSections';
import { RecordTabs } from './detail/RecordTabs';
import { useEcTexts } from './useEcTexts';

/** Spec 2: S update, L back, O open, P previous, N next. */
const ACCESS_KEYS = ['s', 'l', 'o', 'p', 'n'] as const;

const searchRecords = (input: EcSearchInput) => api('/api/ec-data/search-records', input);
const recordKey = (record: EcRecord) => ecKeys.record(record.client_id, record.ec_id);
const detailPath = (record: EcRecord) => `/ec-data/${record.client_id}/${record.ec_id}`;

/**
 * Document 3, section 2 "Marketplace record detail" (/ec-data/{cid}/{rid}?num&total&<the list's query>): the client
 * is the route's for analysts and the user's company for client users.
 */
export default function EcDetailPage() {
  const { t } = useTranslation(['ecRecords', 'common']);
  const { analyst, clientId, recordId, listState, place, backTo, noCompany } = useDetailRoute(EC_LIST_FIELDS, '/ec-list');
  const lookups = useLookups(clientId);
  const ready = clientId !== undefined && recordId !== undefined;
  const record = useQuery({
    queryKey: ecKeys.record(clientId ?? 0, recordId ?? 0),
    queryFn: async () => (await api('/api/ec-data/get-record', { clientId: clientId ?? 0, recordId: recordId ?? 0 })).record,
    enabled: ready,
  });

  if (noCompany) return <NoCompany testId="ec-detail-no-company" />;
  if (!ready) return <DetailMissing title={t('detail.missing')} backTo={backTo} backLabel={t('detail.back')} />;
  if (record.isLoading || !lookups.customColumnsLoaded) return <PageSpin />;
  if (!record.data) return <DetailMissing title={t('detail.missing')} error={record.error} backTo={backTo} backLabel={t('detail.back')} />;

  return <RecordDetail key={record.data.ec_id} record={record.data} clientId={clientId} analyst={analyst} lookups={lookups} listState={listState} place={place} backTo={backTo} />;
}

interface RecordDetailProps {
  record: EcRecord;
  clientId: number;
  analyst: boolean;
  lookups: Lookups;
  listState: EcListState;
  place: { num: number | undefined; total: number | undefined };
  backTo: string;
}

function RecordDetail({ record, clientId, analyst, lookups, listState, place, backTo }: RecordDetailProps) {
  const { t } = useTranslation(['ecRecords', 'contract']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const label = usePayloadLabel();
  const texts = useEcTexts();
  const [form] = Form.useForm<RecordFormValues>();
  const { busy, saving, run } = useRecordSave();
  const { moving, go } = useRecordPager({ clientId, listState, search: searchRecords, recordKey, detailPath });
  useAccessKeys(ACCESS_KEYS);
  // Every analyst reads every client's records; only the client's managers change them (the server's rule).
  const readOnly = useMayWrite(clientId) === false;
  const [step, setStep] = useState<Step>(1);
  const customNames = useMemo(() => lookups.customColumns.map((c) => c.column_name), [lookups.customColumns]);
  const initialValues = useMemo(() => formValuesOf(record, customNames), [record, customNames]);
  const productUrl = safeUrl(record.ec_product_url);
  // A saved record (or new custom columns) gives new starting values: the form shows them.
  useEffect(() => form.resetFields(), [form, initialValues]);

  const setRecord = (next: EcRecord) => queryClient.setQueryData(ecKeys.record(clientId, record.ec_id), next);

  const save = async () => {
    if (saving.current) return;
    const values = form.getFieldsValue(true) as RecordFormValues;
    // Section 5, in its order, before anything is sent (analysts; the server checks the same).
    if (analyst) {
      const problem = saveProblem(formFields(values, record));
      if (problem) {
        void message.error(t(`contract:${problem.key}`, problem.params ?? {}));
        return;
      }
    }
    const payload = changedPayload({ clientId, record, values, analyst });
    const checked = ecRecords.updateRecordInput.safeParse(payload);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = issue?.path[0];
      const name = typeof field === 'string' && field in PAYLOAD_FIELDS ? label(field as PayloadField) : '';
      const maximum = issue && 'maximum' in issue ? Number(issue.maximum) : undefined;
      void message.error(issue && isMessageKey(issue.message) ? t(`contract:${issue.message}`, { field: name, maximum }) : (issue?.message ?? t('detail.saveFailed', { message: '' })));
      return;
    }
    if (isEmptyUpdate(payload)) {
      void message.info(t('detail.nothingChanged'));
      return;
    }
    await run(async () => {
      const answer = await api('/api/ec-data/update-record', payload);
      // The form refreshes from the answer's record (section 4).
      setRecord({ ...answer.record, ec_upload_image_names: answer.ec_upload_image_names });
      void queryClient.invalidateQueries({ queryKey: ecKeys.lists });
      void queryClient.invalidateQueries({ queryKey: ecKeys.history(clientId, record.ec_id) });
    });
  };

  const onEvidence = (names: string) => setRecord({ ...record, ec_upload_image_names: names });

  return (
    <Flex vertical>
      <Card size="small" style={{ marginBottom: 16 }} data-testid="ec-detail-page" data-record={record.ec_id}>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
            <Typography.Title level={5} style={{ margin: 0 }} ellipsis={{ tooltip: record.ec_product_title }}>
              {record.ec_product_title || `#${record.ec_id}`}
            </Typography.Title>
            <Space size={4} wrap>
              <Tag>ID {record.ec_id}</Tag>
              {record.ec_site && <Tag color="blue">{record.ec_site}</Tag>}
              {analyst && record.is_error && <Tag color="error">{t('detail.errorTag')}</Tag>}
              {record.is_repeat && <Tag color="warning">{t('detail.repeatTag')}</Tag>}
              {analyst && !record.published && <Tag>{t('detail.unpublishedTag')}</Tag>}
            </Space>
          </Flex>
          <Space wrap>
            <Button type="primary" icon={<SaveOutlined />} loading={busy} disabled={readOnly} accessKey="s" onClick={() => void save()} data-testid="ec-detail-save">
              {t('detail.save')}
            </Button>
            <Button icon={<ArrowLeftOutlined />} accessKey="l" onClick={() => void navigate(backTo)} data-testid="ec-detail-back">
              {t('detail.back')}
            </Button>
            <Button icon={<ExportOutlined />} accessKey="o" href={productUrl ?? undefined} disabled={!productUrl} target="_blank" rel="noopener noreferrer" data-testid="ec-detail-open">
              {t('detail.open')}
            </Button>
            {place.num !== undefined && place.total !== undefined && (
              <RecordPager num={place.num} total={place.total} disabled={moving || busy} onGo={(num) => void go(num)} testId="ec-detail-pager" />
            )}
          </Space>
        </Flex>
      </Card>

      {readOnly && <Alert type="info" showIcon message={t('ecRecords:detail.notManager')} style={{ marginBottom: 16 }} data-testid="ec-detail-read-only" />}
      <Form<RecordFormValues> form={form} layout="vertical" initialValues={initialValues} disabled={readOnly} data-testid="ec-detail-form" onFinish={() => void save()}>
        <RecordTabs record={record} clientId={clientId} analyst={analyst} lookups={lookups} texts={texts} onEvidence={onEvidence} />
        <CategorizeSection analyst={analyst} lookups={lookups} />
        <ResponseSection analyst={analyst} lookups={lookups} />
        <ReportSection analyst={analyst} lookups={lookups} step={step} onStep={setStep} record={record} />
      </Form>
    </Flex>
  );
}
