import { lazy, Suspense } from 'react';
import { Card, Spin, Table } from 'antd';
import { useCall } from '../../platform/calls';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/dateTime';

const PriceChart = lazy(() => import('./PriceChart'));

/**
 * The listing's price history (issue 15): what the client's price-monitoring crawler tasks read on each run, as a
 * table and a line chart. Shown only for records that have one.
 */
export function PriceHistory({ clientId, recordId }: { clientId: number; recordId: number }) {
  const { t } = useTranslation('ecRecords');
  const prices = useCall('/api/ec-data/fetch-price-history', { clientId, recordId }, { select: (answer) => answer.prices });
  const rows = prices.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card size="small" title={t('prices.title', { count: rows.length })} style={{ marginBottom: 16 }} data-testid="ec-price-history">
      {/* The card sits in the detail's narrow column: the chart over the table, each the card's full width. */}
      <Suspense fallback={<Spin />}>
        <PriceChart points={rows} />
      </Suspense>
      <Table
        size="small"
        bordered
        style={{ marginTop: 12 }}
        rowKey={(r) => `${r.taskId}-${r.runNo}`}
        dataSource={[...rows].reverse()}
        pagination={rows.length > 8 ? { pageSize: 8, size: 'small' } : false}
        columns={[
          { title: t('prices.seenAt'), dataIndex: 'seenAt', render: (v: string) => <span style={{ whiteSpace: 'nowrap' }}>{formatDateTime(v)}</span> },
          { title: t('prices.price'), dataIndex: 'price', align: 'right', render: (v: string | null, r) => <span style={{ whiteSpace: 'nowrap' }}>{v === null ? t('prices.none') : `${v}${r.currency ? ` ${r.currency}` : ''}`}</span> },
          { title: t('prices.task'), dataIndex: 'taskTitle', render: (v: string, r) => t('prices.run', { task: v, run: r.runNo }) },
        ]}
      />
    </Card>
  );
}
