import { useEffect, useState } from 'react';
import { Card, Empty, Space, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Role, hasRole } from '@portal/contract';
import { useUser } from '../../platform/session';
import { EcTab } from './EcTab';
import { CLIENT_FETCH_DELAY_MS, useDashboard } from './queries';
import { SearchForm, defaultPeriod, type DashboardSearch } from './SearchForm';
import { WsTab } from './WsTab';

/**
 * /online-dashboard (document 3, section 2): the search form and the E-commerce and Web Site tabs. Staff choose a
 * brand and press Find; a client user's own company loads by itself. Failed loads are ignored (section 8).
 */
export default function OnlineDashboardPage() {
  const { t } = useTranslation('dashboards');
  const user = useUser();
  const staff = hasRole(user.user_role, Role.ANALYST | Role.ADMIN);
  const ownClientId = user.companyInfo?.client_id;
  const [search, setSearch] = useState<DashboardSearch | null>(null);
  const dashboard = useDashboard(search);

  useEffect(() => {
    if (staff || ownClientId === undefined) return;
    const period = defaultPeriod();
    const timer = setTimeout(
      () => setSearch((s) => s ?? { clientId: ownClientId, dateType: 1, fromDate: period.from.format('YYYY-MM-DD'), toDate: period.to.format('YYYY-MM-DD') }),
      CLIENT_FETCH_DELAY_MS,
    );
    return () => clearTimeout(timer);
  }, [staff, ownClientId]);

  const info = dashboard.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="online-dashboard">
      <Card>
        <SearchForm staff={staff} ownClientId={ownClientId} onSearch={setSearch} />
      </Card>
      {dashboard.isFetching && !info ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : info && search ? (
        <Tabs
          defaultActiveKey="ec"
          items={[
            { key: 'ec', label: t('tab.ec'), children: <EcTab info={info} search={search} /> },
            { key: 'ws', label: t('tab.ws'), children: <WsTab info={info} /> },
          ]}
        />
      ) : (
        <Card>
          <Empty description={staff ? t('chooseBrand') : t('empty')} />
        </Card>
      )}
    </Space>
  );
}
