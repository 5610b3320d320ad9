import { App, Button, Card, Empty, Flex, Image, Space, Tag, Typography } from 'antd';
import { CameraOutlined, DownloadOutlined } from '@ant-design/icons';
import { callKey, useCall, useCallMutation } from '../platform/calls';
import { useTranslation } from 'react-i18next';
import type { Evidence, EvidenceKind } from '@portal/contract';
import { errorMessage } from '../platform/api';
import dayjs from 'dayjs';
import { captureFileUrl } from './picture';

/** The capture file's address (moved beside the picture choice; imported from here by others). */
export { captureFileUrl };

export interface CaptureEvidenceProps {
  kind: EvidenceKind;
  clientId: number;
  recordId: number;
  /** The client's managers (analysts) may ask for a capture; everyone who sees the record sees its captures. */
  mayCapture: boolean;
}

/**
 * Evidence captures of a record, for every kind (issue 18): the browser's screenshot and the page's HTML with their
 * SHA-256, so a printed page can be checked against the file. Pending captures are polled until the queue is done.
 */
export function CaptureEvidence({ kind, clientId, recordId, mayCapture }: CaptureEvidenceProps) {
  const { t } = useTranslation('records');
  const { message } = App.useApp();
  const input = { clientId, kind, recordId };
  const list = useCall('/api/evidence/list', input, {
    select: (answer) => answer.evidence,
    refetchInterval: (q) => (q.state.data?.evidence.some((e) => e.state === 'pending') ? 2_000 : false),
  });
  const capture = useCallMutation('/api/evidence/capture', {
    invalidates: [callKey('/api/evidence/list', input)],
    onSuccess: () => void message.success(t('evidence.queued')),
    onError: (error) => void message.error(t('evidence.captureFailed', { message: errorMessage(error) })),
  });
  const items = list.data ?? [];

  return (
    <Card
      size="small"
      style={{ marginBottom: 16 }}
      title={t('evidence.title', { count: items.length })}
      data-testid={`${kind}-captures`}
      extra={
        mayCapture && (
          <Button icon={<CameraOutlined />} loading={capture.isPending} onClick={() => capture.mutate(input)} data-testid={`${kind}-capture-now`}>
            {t('evidence.captureNow')}
          </Button>
        )
      }
    >
      {items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={list.isLoading ? t('evidence.loading') : t('evidence.none')} />
      ) : (
        <Image.PreviewGroup>
          <Flex gap={12} style={{ overflowX: 'auto' }}>
            {items.map((e) => (
              <CaptureCard key={e.id} evidence={e} clientId={clientId} />
            ))}
          </Flex>
        </Image.PreviewGroup>
      )}
    </Card>
  );
}

export function CaptureCard({ evidence: e, clientId }: { evidence: Evidence; clientId: number }) {
  const { t } = useTranslation('records');
  const hash = (label: string, value: string | null) =>
    value && (
      <Typography.Text style={{ fontSize: 11 }} copyable={{ text: value }}>
        {label} <code style={{ wordBreak: 'break-all' }}>{value}</code>
      </Typography.Text>
    );
  return (
    <Card size="small" style={{ width: 300, flex: '0 0 auto' }} styles={{ body: { padding: 8 } }} data-testid="capture-item" data-state={e.state}>
      <Flex vertical gap={4}>
        {e.state === 'done' ? (
          <Image src={captureFileUrl(clientId, e.id, 'png')} alt={e.finalUrl ?? e.url} height={160} style={{ objectFit: 'cover', objectPosition: 'top', background: '#fafafa' }} />
        ) : (
          <Flex align="center" justify="center" style={{ height: 160, background: '#fafafa' }}>
            {e.state === 'pending' ? <Tag color="processing">{t('evidence.pending')}</Tag> : <Tag color="error">{t('evidence.failed')}</Tag>}
          </Flex>
        )}
        <Space size={4} wrap>
          <Typography.Text strong>{dayjs(e.capturedAt).format('YYYY-MM-DD HH:mm:ss')}</Typography.Text>
          {e.status !== null && <Tag color={e.status >= 400 ? 'warning' : 'default'}>HTTP {e.status}</Tag>}
          {e.recheckRound !== null && <Tag color="purple">{t('recheck.tag', { round: e.recheckRound })}</Tag>}
        </Space>
        <Typography.Text type="secondary" ellipsis={{ tooltip: e.finalUrl ?? e.url }} style={{ fontSize: 12 }}>
          {e.finalUrl ?? e.url}
        </Typography.Text>
        {e.state === 'failed' && e.reason && (
          <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="capture-reason">
            {t(`evidence.reason.${e.reason}`)}
          </Typography.Text>
        )}
        {hash('PNG', e.sha256Png)}
        {hash('HTML', e.sha256Html)}
        <Flex justify="space-between" align="center">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('evidence.by', { name: e.byUserName || '-' })}
          </Typography.Text>
          {e.state === 'done' && (
            <Button size="small" type="link" icon={<DownloadOutlined />} href={captureFileUrl(clientId, e.id, 'html')} download data-testid="capture-html">
              HTML
            </Button>
          )}
        </Flex>
      </Flex>
    </Card>
  );
}
