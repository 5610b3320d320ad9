import { Alert, Card, Col, Empty, Image, Row, Space, Tag, Tooltip, Typography } from 'antd';
import { useCall } from '../platform/calls';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import dayjs from 'dayjs';
import type { Evidence, EvidenceKind, RecordRecheck } from '@portal/contract';
import { formatDateTime } from '../components/dateTime';
import { CaptureCard } from './CaptureEvidence';

/**
 * Issue 18: the re-check of a record after its takedown: the verdict (gone or still live, and why), the listing as
 * it was (the newest capture before the re-check) beside the re-check's capture. Nothing shows for a record
 * without a takedown result. Polls while the re-check is queued.
 */
export function RecheckPanel({ kind, clientId, recordId }: { kind: EvidenceKind; clientId: number; recordId: number }) {
  const { t } = useTranslation('records');
  const query = useCall('/api/takedown-recheck/get-record', { clientId, kind, recordId }, {
    select: (answer) => answer.recheck,
    refetchInterval: (q) => (q.state.data?.recheck?.recheck?.state === 'pending' ? 3_000 : false),
  });
  const r = query.data;
  if (!r) return null;
  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={<Tooltip title={t('recheck.help')}>{t('recheck.title', { round: r.round })}</Tooltip>}
      extra={<VerdictTag recheck={r} />}
      data-testid={`${kind}-recheck`}
    >
      <Space direction="vertical" size={8} style={{ width: '100%' }}>
        {r.verdict === null ? (
          <Alert
            type="info"
            showIcon
            message={r.recheck?.state === 'pending' ? t('recheck.running') : t('recheck.due', { date: r.dueOn })}
            description={r.verdictReason ? reasonText(t, r.verdictReason) : undefined}
          />
        ) : (
          <Typography.Text type="secondary" data-testid="recheck-reason">
            {t('recheck.checked', { date: formatDateTime(r.checkedAt), reason: reasonText(t, r.verdictReason) })}
          </Typography.Text>
        )}
        <Image.PreviewGroup>
          <Row gutter={12}>
            <Col xs={24} md={12}>
              <Side label={t('recheck.before', { date: dayjs(r.takedownAt).format('YYYY-MM-DD') })} evidence={r.original} clientId={clientId} testId="recheck-original" />
            </Col>
            <Col xs={24} md={12}>
              <Side label={t('recheck.after')} evidence={r.recheck} clientId={clientId} testId="recheck-capture" />
            </Col>
          </Row>
        </Image.PreviewGroup>
      </Space>
    </Card>
  );
}

/**
 * The server's reason (`status 404`, `phrase "…"`, `redirect to /search?q=…`, `page answers 200`, `capture failed:
 * timeout`) in the user's language; the phrase, the address and the failure code stay as they are.
 */
const REASON_KEYS = { status: 'status', phrase: 'phrase', 'redirect to': 'redirect', 'page answers': 'live', 'capture failed:': 'failed' } as const;
function reasonText(t: TFunction<'records'>, reason: string | null): string {
  if (!reason) return '';
  const [, kind, detail = ''] = /^(status|phrase|redirect to|page answers|capture failed:) ?(.*)$/.exec(reason) ?? [];
  const key = kind === undefined ? undefined : REASON_KEYS[kind as keyof typeof REASON_KEYS];
  return key ? t(`recheck.reason.${key}`, { detail }) : reason;
}

function VerdictTag({ recheck }: { recheck: RecordRecheck }) {
  const { t } = useTranslation('records');
  if (recheck.verdict === 'gone') return <Tag color="success" data-testid="recheck-verdict" data-verdict="gone">{t('recheck.gone')}</Tag>;
  if (recheck.verdict === 'live') return <Tag color="error" data-testid="recheck-verdict" data-verdict="live">{t('recheck.live')}</Tag>;
  return <Tag data-testid="recheck-verdict" data-verdict="open">{t('recheck.open')}</Tag>;
}

function Side({ label, evidence, clientId, testId }: { label: string; evidence: Evidence | null; clientId: number; testId: string }) {
  const { t } = useTranslation('records');
  return (
    <div data-testid={testId}>
      <Typography.Text strong style={{ display: 'block', marginBottom: 4 }}>{label}</Typography.Text>
      {evidence ? <CaptureCard evidence={evidence} clientId={clientId} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('recheck.noCapture')} />}
    </div>
  );
}
