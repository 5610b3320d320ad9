import { Drawer, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WebhookDeliveryStatus, type WebhookDelivery, type WebhookEndpoint } from '@portal/contract';
import { useCall } from '../../platform/calls';
import { formatDateTime } from '../../components/dateTime';

const STATUS_COLOR: Record<number, string> = { [WebhookDeliveryStatus.PENDING]: 'gold', [WebhookDeliveryStatus.DELIVERED]: 'green', [WebhookDeliveryStatus.FAILED]: 'red' };
const PAGE = 20;

/** An endpoint's deliveries, newest first: status, attempts, the last answer, and the times. */
export function DeliveryLog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const { t } = useTranslation('webhooks');
  const [page, setPage] = useState(1);
  const log = useCall('/api/webhook/fetch-deliveries', { endpointId: endpoint?.id ?? 0, offset: (page - 1) * PAGE, limit: PAGE }, { enabled: endpoint !== null, refetchInterval: 10_000 });
  return (
    <Drawer open={endpoint !== null} onClose={onClose} width={900} title={t('logTitle', { url: endpoint?.url ?? '' })} destroyOnHidden>
      <Table<WebhookDelivery>
        rowKey="id"
        size="small"
        loading={log.isLoading}
        dataSource={log.data?.deliveries ?? []}
        pagination={{ current: page, pageSize: PAGE, total: log.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        data-testid="webhook-deliveries"
        columns={[
          { title: t('event'), dataIndex: 'event' },
          { title: t('status'), dataIndex: 'status', render: (s: number) => <Tag color={STATUS_COLOR[s]}>{t(`status.${s}` as 'status.1')}</Tag> },
          { title: t('attempts'), dataIndex: 'attempts' },
          { title: t('lastStatusCode'), dataIndex: 'lastStatusCode', render: (c: number | null) => c ?? '—' },
          { title: t('lastAnswer'), dataIndex: 'lastAnswer', render: (a: string | null) => <Typography.Text ellipsis={{ tooltip: a }} style={{ maxWidth: 220 }}>{a ?? '—'}</Typography.Text> },
          { title: t('createdAt'), dataIndex: 'createdAt', render: formatDateTime },
          { title: t('deliveredAt'), dataIndex: 'deliveredAt', render: formatDateTime },
          { title: t('nextAttemptAt'), dataIndex: 'nextAttemptAt', render: formatDateTime },
        ]}
      />
    </Drawer>
  );
}
