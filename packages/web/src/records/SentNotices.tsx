import { Card, Collapse, Space, Tag, Typography } from 'antd';
import { useCall } from '../platform/calls';
import { useTranslation } from 'react-i18next';
import type { EvidenceKind } from '@portal/contract';
import { formatDateTime } from '../components/dateTime';

/**
 * Issue 18: the takedown notices sent for a record (marked sent from the compose drawer), newest first, each as it
 * was sent: channel, recipient, subject and body. Client users read the notices sent for their company here.
 * Nothing shows for a record without one.
 */
export function SentNotices({ kind, clientId, recordId }: { kind: EvidenceKind; clientId: number; recordId: number }) {
  const { t } = useTranslation('takedown');
  const query = useCall('/api/takedown/fetch-notices', { clientId, kind, recordId }, { select: (answer) => answer.notices });
  const notices = query.data ?? [];
  if (notices.length === 0) return null;
  return (
    <Card size="small" style={{ marginBottom: 16 }} title={t('sent.title', { count: notices.length })} data-testid={`${kind}-sent-notices`}>
      <Collapse
        size="small"
        items={notices.map((n) => ({
          key: n.id,
          label: (
            <Space wrap>
              <Tag color="blue">{t(`channel.${n.channel}`)}</Tag>
              <Typography.Text>{n.subject}</Typography.Text>
              <Typography.Text type="secondary">{t('sent.by', { name: n.sentByName, date: formatDateTime(n.sentAt) })}</Typography.Text>
            </Space>
          ),
          children: (
            <Space direction="vertical" style={{ width: '100%' }}>
              <Typography.Text type="secondary">
                {t('to')}: {n.to || '—'}
              </Typography.Text>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 12, marginBottom: 0 }}>{n.body}</Typography.Paragraph>
            </Space>
          ),
        }))}
      />
    </Card>
  );
}
