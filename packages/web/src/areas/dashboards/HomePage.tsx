import { useEffect, useState } from 'react';
import { Button, Card, Col, Empty, List, Row, Select, Space, Statistic, Typography } from 'antd';
import { LinkOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Role, hasRole } from '@portal/contract/shell';
import type { HomeInfo } from '@portal/contract';
import { useUser } from '../../platform/session';
import { CircleMap, HeatMap } from './WorldCharts';
import { Donut } from './svg/Donut';
import { Bars } from './svg/Bars';
import { CLIENT_FETCH_DELAY_MS, useClientOptions, useHome } from './queries';
import { useLabels } from './useLabels';

/**
 * Home (document 3, section 2) for every role. Analysts choose a brand and press Find (disabled until the clients
 * load); a client user's company loads by itself one second after the page appears; administrators see every
 * client's figures at first and may choose one.
 */
export default function HomePage() {
  const { t } = useTranslation('dashboards');
  const user = useUser();
  const analyst = hasRole(user.user_role, Role.ANALYST);
  const staff = analyst || hasRole(user.user_role, Role.ADMIN);
  const clients = useClientOptions(staff);
  const [choice, setChoice] = useState<number | undefined>(undefined);
  const [asked, setAsked] = useState<{ clientId: number | undefined } | null>(null);
  const home = useHome(asked?.clientId, asked !== null);

  useEffect(() => {
    if (analyst) return;
    // Client users: their company (the server fills it in); administrators: every client.
    const timer = setTimeout(() => setAsked((a) => a ?? { clientId: undefined }), CLIENT_FETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [analyst]);

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="home">
      {staff && (
        <Card>
          <Space wrap>
            <Typography.Text>{t('form.brand')}</Typography.Text>
            <Select
              style={{ width: 260 }}
              showSearch
              allowClear={!analyst}
              optionFilterProp="label"
              placeholder={analyst ? t('form.brandPlaceholder') : t('home.allClients')}
              loading={clients.isLoading}
              value={choice}
              onChange={setChoice}
              options={(clients.data ?? []).map((c) => ({ value: c.client_id, label: c.client_name }))}
              aria-label={t('form.brand')}
              data-testid="home-client"
            />
            <Button type="primary" icon={<SearchOutlined />} disabled={!clients.data || (analyst && choice === undefined)} onClick={() => setAsked({ clientId: choice })} data-testid="home-find">
              {t('form.find')}
            </Button>
          </Space>
        </Card>
      )}
      {home.data ? (
        <HomeFigures home={home.data} />
      ) : (
        <Card loading={home.isFetching}>
          <Empty description={analyst ? t('chooseBrand') : t('empty')} />
        </Card>
      )}
    </Space>
  );
}

function HomeFigures({ home }: { home: HomeInfo }) {
  const { t } = useTranslation('dashboards');
  const l = useLabels();
  const counters = [
    ['online', home.onlineProtectionCount, t('home.online')],
    ['offline', home.offlineProtectionCount, t('home.offline')],
    ['ipr', home.iprRegistrationCount, t('home.ipr')],
    ['purchase', home.testPurchaseData.reduce((sum, p) => sum + p.count, 0), t('home.purchase')],
  ] as const;
  const regions = [...new Set(home.testPurchaseData.map((p) => p.region))];
  const sites = [...new Set(home.testPurchaseData.map((p) => p.site))].sort();
  return (
    <Row gutter={[16, 16]}>
      {counters.map(([key, value, title]) => (
        <Col xs={12} lg={6} key={key}>
          <Card>
            <Statistic title={title} value={value} data-testid={`home-count-${key}`} />
          </Card>
        </Col>
      ))}
      <Col xs={24} xl={10}>
        <Card title={t('home.iprPie')}>
          <Donut testId="home-ipr" title={t('home.iprPie')} slices={Object.entries(home.iprByCountry).map(([region, value]) => ({ name: l.country(region), value }))} />
        </Card>
      </Col>
      <Col xs={24} xl={14}>
        <Card title={t('home.sellerMap')}>
          <HeatMap testId="home-sellers" title={t('home.sellerMap')} values={home.countrySellerInfo.map((c) => ({ code: c.regionCode, value: c.sellerCount }))} />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('home.purchaseBar')}>
          <Bars
            stacked
            testId="home-purchases"
            title={t('home.purchaseBar')}
            categories={regions.map((r) => l.country(r))}
            series={sites.map((site) => ({
              name: site,
              values: regions.map((r) => home.testPurchaseData.filter((p) => p.region === r && p.site === site).reduce((sum, p) => sum + p.count, 0)),
            }))}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('home.actionMap')}>
          <CircleMap
            testId="home-actions"
            title={t('home.actionMap')}
            height={320}
            points={Object.entries(home.onlineActionCountryDict).map(([code, c]) => ({ code, count: c.count, lat: c.lat, lng: c.lng, detail: t('home.takedowns', { count: c.takedown }) }))}
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('home.news')}>
          <List
            data-testid="home-news"
            locale={{ emptyText: t('empty') }}
            dataSource={home.news}
            renderItem={(item) => (
              <List.Item extra={<Typography.Text type="secondary">{item.date}</Typography.Text>}>
                <a href={item.url} target="_blank" rel="noopener noreferrer">
                  <LinkOutlined /> {item.title}
                </a>
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}
