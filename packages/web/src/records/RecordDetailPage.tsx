import { useEffect, useMemo, useRef } from 'react';
import { Alert, App, Button, Card, Col, ConfigProvider, Flex, Form, Row, Space, Tag, Typography } from 'antd';
import { ArrowLeftOutlined, ExportOutlined, SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isMessageKey } from '@portal/contract';
import { DetailMissing } from '../components/DetailMissing';
import { PageSpin } from '../components/PageSpin';
import { NoCompany } from './RecordList';
import { RecordPager } from './RecordPager';
import { CaptureEvidence } from './CaptureEvidence';
import { RecordPicture } from './RecordPicture';
import { PictureMatches } from './PictureMatches';
import { RecheckPanel } from './RecheckPanel';
import { SentNotices } from './SentNotices';
import { useAccessKeys } from './useAccessKeys';
import { useDetailRoute, useRecordPager, useRecordSave } from './useRecordDetail';
import { useMayWrite } from './scope';
import { isEmptyUpdate, type KindTypes, type RecordKind } from './kind';
import { useInvalidateCalls } from '../platform/calls';
import { problemField } from './saveField';
import type { ListState } from './listQuery';

import { SuggestionCard } from '../areas/triage/SuggestionCard';
/** Spec 2: S update, L back, O open, P previous, N next. */
const ACCESS_KEYS = ['s', 'l', 'o', 'p', 'n'] as const;

/**
 * Document 3, section 2, a record detail (/ec-data/{cid}/{rid}?num&total&<the list's query>, /ws-data/…,
 * /sns-data/…) of a kind: the client is the route's for analysts and the user's company for client users.
 */
export function RecordDetailPage<T extends KindTypes>({ kind }: { kind: RecordKind<T> }) {
  const { t } = useTranslation('records');
  const { useLookups } = kind;
  const { analyst, clientId, recordId, listState, place, backTo, noCompany } = useDetailRoute(kind.fields, kind.listPath);
  const lookups = useLookups(clientId);
  const ready = clientId !== undefined && recordId !== undefined;
  const record = useQuery({ ...kind.calls.getRecord.query({ clientId: clientId ?? 0, recordId: recordId ?? 0 }), enabled: ready });

  if (noCompany) return <NoCompany testId={`${kind.name}-detail-no-company`} />;
  if (!ready) return <DetailMissing title={t('detail.missing')} backTo={backTo} backLabel={t('detail.back')} />;
  if (record.isLoading || !lookups.ready) return <PageSpin />;
  if (!record.data) return <DetailMissing title={t('detail.missing')} error={record.error} backTo={backTo} backLabel={t('detail.back')} />;

  const { data } = record;
  return <RecordDetail key={kind.recordId(data)} kind={kind} record={data} clientId={clientId} analyst={analyst} lookups={lookups} listState={listState} place={place} backTo={backTo} />;
}

interface RecordDetailProps<T extends KindTypes> {
  kind: RecordKind<T>;
  record: T['record'];
  clientId: number;
  analyst: boolean;
  lookups: T['lookups'];
  listState: ListState<T['date'], T['word'], T['filter'], T['sort']>;
  place: { num: number | undefined; total: number | undefined };
  backTo: string;
}

function RecordDetail<T extends KindTypes>({ kind, record, clientId, analyst, lookups, listState, place, backTo }: RecordDetailProps<T>) {
  const { t } = useTranslation(['records', 'contract']);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { detail } = kind;
  const { useHeading, Before, Sections } = detail;
  const heading = useHeading(record, lookups);
  const [form] = Form.useForm<T['values']>();
  const { busy, saving, run } = useRecordSave();
  const invalidate = useInvalidateCalls();
  const seed = (r: T['record']) => kind.calls.getRecord.seed(queryClient, { clientId, recordId: kind.recordId(r) }, r);
  const { moving, go } = useRecordPager({ clientId, listState, search: kind.calls.search.run, seed, detailPath: kind.detailPath });
  useAccessKeys(ACCESS_KEYS);
  // Every analyst reads every client's records; only the client's managers change them (the server's rule).
  const readOnly = useMayWrite(clientId) === false;
  const id = kind.recordId(record);
  const prefix = kind.name;
  // Only the record and the basis of its form give new starting values (not every lookup that arrives).
  const basis = detail.formBasis(lookups);
  const initialValues = useMemo(() => detail.formValues(record, basis), [detail, record, basis]);
  // The user's own save gives every field its saved value; starting values that change otherwise (the record read
  // again after someone else's change, evidence added, custom columns arriving) leave the fields the user has
  // touched as they are, so an edit in progress is never wiped.
  const savedByUser = useRef(false);
  useEffect(() => {
    if (savedByUser.current) {
      savedByUser.current = false;
      form.resetFields();
      return;
    }
    const untouched = Object.keys(initialValues as object).filter((name) => !form.isFieldTouched(name as never));
    form.resetFields(untouched as never[]);
  }, [form, initialValues]);

  const setRecord = (next: T['record']) => kind.calls.getRecord.seed(queryClient, { clientId, recordId: id }, next);

  /** A save refused on a field: the field shows why and comes into view, focused (a field the form lacks: the toast only). */
  const markField = (name: string, text: string) => {
    if (!(name in (form.getFieldsValue(true) as object))) return;
    form.setFields([{ name: name as never, errors: [text] }]);
    form.scrollToField(name as never, { block: 'center', behavior: 'smooth', focus: true });
  };

  const save = async () => {
    if (saving.current) return;
    const values = form.getFieldsValue(true) as T['values'];
    // Section 5, in its order, before anything is sent (analysts; the server checks the same).
    if (analyst) {
      const problem = detail.saveProblem(values, record);
      if (problem) {
        const text = t(`contract:${problem.key}`, problem.params ?? {});
        markField(problemField(problem, values as Record<string, unknown>), text);
        void message.error(text);
        return;
      }
    }
    const payload = detail.changedPayload({ clientId, record, values, analyst });
    const checked = detail.payloadSchema.safeParse(payload);
    if (!checked.success) {
      const issue = checked.error.issues[0];
      const field = issue?.path[0];
      const name = typeof field === 'string' ? heading.payloadLabel(field) : '';
      const maximum = issue && 'maximum' in issue ? Number(issue.maximum) : undefined;
      const text = issue && isMessageKey(issue.message) ? t(`contract:${issue.message}`, { field: name, maximum }) : (issue?.message ?? t('detail.saveFailed', { message: '' }));
      if (typeof field === 'string') markField(field, text);
      void message.error(text);
      return;
    }
    if (isEmptyUpdate(payload)) {
      void message.info(t('detail.nothingChanged'));
      return;
    }
    await run(async () => {
      // The form refreshes from the answer's record (section 4).
      const saved = await kind.calls.update(payload);
      savedByUser.current = true;
      setRecord(saved);
      void invalidate([kind.calls.search.path, kind.calls.history.key({ clientId, recordId: id })]);
    });
  };

  const published = kind.published(record);
  const picture = useMemo(() => detail.picture(record), [detail, record]);
  const partProps = { record, clientId, analyst, lookups, setRecord };
  return (
    <Flex vertical>
      <Card size="small" style={{ marginBottom: 16 }} data-testid={`${prefix}-detail-page`} data-record={id}>
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
            {/* A listing's title wraps (up to three lines, the rest in the tooltip) rather than being cut after a word. */}
            <Typography.Title level={5} style={{ margin: 0, overflowWrap: 'anywhere' }} ellipsis={{ rows: 3, tooltip: heading.tooltip }}>
              {heading.title}
            </Typography.Title>
            <Space size={4} wrap>
              <Tag>ID {id}</Tag>
              {heading.tags}
              {analyst && kind.isError(record) && <Tag color="error">{t('detail.errorTag')}</Tag>}
              {analyst && !published && <Tag>{t('detail.unpublishedTag')}</Tag>}
            </Space>
          </Flex>
          <Space wrap>
            <Button type="primary" icon={<SaveOutlined />} loading={busy} disabled={readOnly} accessKey="s" onClick={() => void save()} data-testid={`${prefix}-detail-save`}>
              {t('detail.save')}
            </Button>
            <Button icon={<ArrowLeftOutlined />} accessKey="l" onClick={() => void navigate(backTo)} data-testid={`${prefix}-detail-back`}>
              {t('detail.back')}
            </Button>
            <Button
              icon={<ExportOutlined />}
              accessKey="o"
              href={heading.openUrl ?? undefined}
              disabled={!heading.openUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid={`${prefix}-detail-open`}
            >
              {heading.openLabel}
            </Button>
            {place.num !== undefined && place.total !== undefined && (
              <RecordPager num={place.num} total={place.total} disabled={moving || busy} onGo={(num) => void go(num)} testId={`${prefix}-detail-pager`} />
            )}
          </Space>
        </Flex>
      </Card>

      {readOnly && <Alert type="info" showIcon message={t('detail.notManager')} style={{ marginBottom: 16 }} data-testid={`${prefix}-detail-read-only`} />}
      {/* A workspace (issue 18): the picture and the scraped facts on the side, the forms beside them, both in view on
          a laptop's screen; one column on narrow screens. The form holds both sides (EC's custom scraped columns). */}
      <Form<T['values']> form={form} layout="vertical" initialValues={initialValues} disabled={readOnly} data-testid={`${prefix}-detail-form`} onFinish={() => void save()}>
        <Row gutter={16} data-testid={`${prefix}-detail-workspace`}>
          <Col xs={24} xl={10} data-testid={`${prefix}-detail-side`}>
            {/* Looking at the picture, the page and the captures is reading: not disabled with a read-only form. */}
            <ConfigProvider componentDisabled={false}>
              <RecordPicture kind={kind.name} clientId={clientId} recordId={id} parts={picture} title={heading.title} pageUrl={heading.openUrl} />
              {kind.pictureFacts && <PictureMatches kind={kind.name} clientId={clientId} recordId={id} facts={kind.pictureFacts(record)} />}
            </ConfigProvider>
            {Before && <Before {...partProps} />}
            <ConfigProvider componentDisabled={false}>
              <CaptureEvidence kind={kind.name} clientId={clientId} recordId={id} mayCapture={analyst && !readOnly} />
              <RecheckPanel kind={kind.name} clientId={clientId} recordId={id} />
              <SentNotices kind={kind.name} clientId={clientId} recordId={id} />
            </ConfigProvider>
          </Col>
          <Col xs={24} xl={14} data-testid={`${prefix}-detail-main`}>
            {analyst && <SuggestionCard kind={kind.name} clientId={clientId} recordId={id} />}
            <Sections {...partProps} />
          </Col>
        </Row>
      </Form>
    </Flex>
  );
}
