import { lazy, Suspense } from 'react';
import { Card, Col, Row, Spin, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { api } from '../../../app/api';

const PriceChart = lazy(() => import('./PriceChart'));

/**
 * The listing's price history (issue 15): what the client's price-monitoring crawler tasks read on each run, as a
 * table and a line chart. Shown only for records that have one.
 */
export function PriceHistory({ clientId, recordId }: { clientId: number; recordId: number }) {
  const { t } = useTranslation('ecRecords');
  const prices = useQuery({ queryKey: ['ec-price-history', clientId, recordId], queryFn: async () => (await api('/api/ec-data/fetch-price-history', { clientId, recordId })).prices });
  const rows = prices.data ?? [];
  if (rows.length === 0) return null;
  return (
    <Card size="small" title={t('prices.title', { count: rows.length })} style={{ marginBottom: 16 }} data-testid="ec-price-history">
      <Row gutter={16}>
        <Col xs={24} lg={10}>
          <Table
            size="small"
            bordered
            rowKey={(r) => `${r.taskId}-${r.runNo}`}
            dataSource={[...rows].reverse()}
            pagination={rows.length > 8 ? { pageSize: 8, size: 'small' } : false}
            columns={[
              { title: t('prices.seenAt'), dataIndex: 'seenAt', render: (v: string) => dayjs(v).format('YYYY-MM-DD HH:mm') },
              { title: t('prices.price'), dataIndex: 'price', render: (v: string | null, r) => (v === null ? t('prices.none') : `${v}${r.currency ? ` ${r.currency}` : ''}`) },
              { title: t('prices.task'), dataIndex: 'taskTitle', render: (v: string, r) => t('prices.run', { task: v, run: r.runNo }) },
            ]}
          />
        </Col>
        <Col xs={24} lg={14}>
          <Suspense fallback={<Spin />}>
            <PriceChart points={rows} />
          </Suspense>
        </Col>
      </Row>
    </Card>
  );
}
