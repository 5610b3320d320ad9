import { useEffect, useState } from 'react';
import { useCall } from '../../platform/calls';
import { Alert, Card, Empty, Select, Space, Spin, Switch, Table, Tag, Typography } from 'antd';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useTranslation } from 'react-i18next';
import type { SellerCluster } from '@portal/contract';
import { errorMessage } from '../../platform/api';
import { toLocale } from '../../platform/i18n';
import { formatDateTime } from '../../components/dateTime';
import { useClientChoices } from '../../components/clientChoices';
import { useRecordScope } from '../../records/scope';
import { echarts } from './echarts';
import { networkHeight, networkOption, siteLabel } from './graph';

/**
 * /seller-networks (issue 19, point 5): the client's seller networks, each drawn as a graph whose every link says
 * why it is there; repeat offenders (3 takedowns or more) first and in red. Analysts choose among the clients they
 * manage (the server's rule); a client user sees their own company's.
 */
export default function SellerNetworksPage() {
  const { t, i18n } = useTranslation('sellerNetworks');
  const locale = toLocale(i18n.language);
  const { analyst, ownClientId } = useRecordScope();
  const clients = useClientChoices('writable', analyst);
  const [clientId, setClientId] = useState<number | undefined>(analyst ? undefined : ownClientId);
  const [onlyRepeat, setOnlyRepeat] = useState(false);
  useEffect(() => {
    if (analyst && clientId === undefined && clients.data?.[0]) setClientId(clients.data[0].client_id);
  }, [analyst, clientId, clients.data]);

  const networks = useCall('/api/triage/seller-clusters', { clientId: clientId ?? 0 }, { enabled: clientId !== undefined });
  const texts = {
    reason: (r: string) => t(`reason.${r}` as 'reason.name'),
    site: (kind: 'ec' | 'sns', site: string) => siteLabel(kind, site, locale),
    records: t('records'),
    takedowns: t('takedowns'),
  };
  const shown = (networks.data?.clusters ?? []).filter((c) => !onlyRepeat || c.repeatOffender).sort((a, b) => Number(b.repeatOffender) - Number(a.repeatOffender) || a.id - b.id);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="seller-networks">
      <Card>
        <Space wrap size={16}>
          {analyst && (
            <Select
              style={{ minWidth: 240 }}
              placeholder={t('chooseClient')}
              aria-label={t('chooseClient')}
              value={clientId}
              loading={clients.isLoading}
              onChange={setClientId}
              options={(clients.data ?? []).map((c) => ({ value: c.client_id, label: c.client_name }))}
              data-testid="network-client"
            />
          )}
          <Space>
            <Switch checked={onlyRepeat} onChange={setOnlyRepeat} aria-label={t('onlyRepeat')} data-testid="only-repeat" />
            {t('onlyRepeat')}
          </Space>
          {networks.data?.computedAt && <Typography.Text type="secondary">{t('computedAt', { at: formatDateTime(networks.data.computedAt) })}</Typography.Text>}
        </Space>
        <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
          {t('explain')}
        </Typography.Paragraph>
      </Card>
      {networks.isError && <Alert type="error" message={errorMessage(networks.error)} />}
      {networks.isFetching && !networks.data ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : shown.length === 0 ? (
        <Card>
          <Empty description={clientId === undefined ? t('chooseClient') : t('none')} />
        </Card>
      ) : (
        shown.map((c) => <NetworkCard key={c.id} cluster={c} texts={texts} />)
      )}
    </Space>
  );
}

function NetworkCard({ cluster, texts }: { cluster: SellerCluster; texts: Parameters<typeof networkOption>[1] }) {
  const { t } = useTranslation('sellerNetworks');
  const title = (
    <Space>
      {t('network', { id: cluster.id })}
      <Tag>{t('sellerCount', { count: cluster.sellers.length })}</Tag>
      <Tag>{`${texts.takedowns}: ${cluster.takedowns}`}</Tag>
      {cluster.repeatOffender && (
        <Tag color="red" data-testid="repeat-offender">
          {t('repeatOffender')}
        </Tag>
      )}
    </Space>
  );
  const rows = cluster.sellers.map((s, i) => ({ key: i, ...s, place: texts.site(s.kind, s.site) }));
  return (
    <Card title={title} data-testid={`network-${cluster.id}`} style={cluster.repeatOffender ? { borderColor: '#cf1322' } : undefined}>
      <ReactEChartsCore echarts={echarts} option={networkOption(cluster, texts)} notMerge style={{ height: networkHeight(cluster) }} />
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        columns={[
          { title: t('seller'), dataIndex: 'seller' },
          { title: t('site'), dataIndex: 'place' },
          { title: texts.records, dataIndex: 'records', align: 'right' },
          { title: texts.takedowns, dataIndex: 'takedowns', align: 'right' },
        ]}
      />
      <Typography.Paragraph style={{ marginTop: 8, marginBottom: 0 }}>
        {cluster.links.map((l, i) => (
          <Tag key={i}>{`${cluster.sellers[l.from]?.seller ?? ''} — ${cluster.sellers[l.to]?.seller ?? ''}: ${texts.reason(l.reason)}`}</Tag>
        ))}
      </Typography.Paragraph>
    </Card>
  );
}
