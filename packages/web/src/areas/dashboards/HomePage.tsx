import { useEffect, useId, useState, type ReactNode } from 'react';
import { Button, Empty, Spin } from 'antd';
import { LinkOutlined, SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Role, hasRole } from '@portal/contract/shell';
import type { HomeInfo } from '@portal/contract';
import { currentLocale } from '../../platform/i18n';
import { useUser } from '../../platform/session';
import { CircleMap, HeatMap } from './WorldCharts';
import { Donut } from './svg/Donut';
import { Bars } from './svg/Bars';
import { CLIENT_FETCH_DELAY_MS, useClientOptions, useHome } from './queries';
import { useLabels } from './useLabels';
// Cards, grid, counters and the news list as plain elements: antd's Card, List, Statistic, Select and grid weigh
// 60 kB on the home page, which must stay under 400 kB (issue 35, docs/benchmarks.md).
import './home.css';

/**
 * Home (document 3, section 2) for every role. Analysts choose a brand and press Find (disabled until the clients
 * load); a client user's company loads by itself one second after the page appears; administrators see every
 * client's figures at first and may choose one.
 */
export default function HomePage() {
  const { t } = useTranslation(['dashboards', 'common']);
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

  const selectId = useId();
  return (
    <div className="home" data-testid="home">
      {staff && (
        <div className="home-card home-card-body home-brand">
          <label htmlFor={selectId}>{t('form.brand')}</label>
          {/* A native select: the browser's own list, with type-ahead, for a list of brand names. */}
          <select
            id={selectId}
            className="home-select"
            value={choice ?? ''}
            disabled={!clients.data}
            aria-busy={clients.isLoading}
            onChange={(event) => setChoice(event.target.value === '' ? undefined : Number(event.target.value))}
            data-testid="home-client"
          >
            <option value="" disabled={analyst}>
              {analyst ? t('form.brandPlaceholder') : t('home.allClients')}
            </option>
            {(clients.data ?? []).map((c) => (
              <option key={c.client_id} value={c.client_id}>
                {c.client_name}
              </option>
            ))}
          </select>
          <Button type="primary" icon={<SearchOutlined />} disabled={!clients.data || (analyst && choice === undefined)} onClick={() => setAsked({ clientId: choice })} data-testid="home-find">
            {t('form.find')}
          </Button>
        </div>
      )}
      {home.data ? (
        <HomeFigures home={home.data} />
      ) : (
        <div className="home-card home-card-body home-waiting">
          {home.isFetching ? <Spin aria-label={t('common:loading')} /> : <Empty description={analyst ? t('chooseBrand') : t('empty')} />}
        </div>
      )}
    </div>
  );
}

/** A card with a title bar, like antd's. */
function HomeCard({ title, className, children }: { title: string; className: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={`home-card ${className}`} aria-labelledby={id}>
      <h2 className="home-card-title" id={id}>
        {title}
      </h2>
      <div className="home-card-body">{children}</div>
    </section>
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
  const number = new Intl.NumberFormat(currentLocale());
  return (
    <div className="home-grid">
      {counters.map(([key, value, title]) => (
        <div className="home-card home-card-body home-counter" key={key} data-testid={`home-count-${key}`}>
          <div className="home-counter-title">{title}</div>
          <div className="home-counter-value">{number.format(value)}</div>
        </div>
      ))}
      <HomeCard title={t('home.iprPie')} className="home-span-10">
        <Donut testId="home-ipr" title={t('home.iprPie')} slices={Object.entries(home.iprByCountry).map(([region, value]) => ({ name: l.country(region), value }))} />
      </HomeCard>
      <HomeCard title={t('home.sellerMap')} className="home-span-14">
        <HeatMap testId="home-sellers" title={t('home.sellerMap')} values={home.countrySellerInfo.map((c) => ({ code: c.regionCode, value: c.sellerCount }))} />
      </HomeCard>
      <HomeCard title={t('home.purchaseBar')} className="home-span-12">
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
      </HomeCard>
      <HomeCard title={t('home.actionMap')} className="home-span-12">
        <CircleMap
          testId="home-actions"
          title={t('home.actionMap')}
          height={320}
          points={Object.entries(home.onlineActionCountryDict).map(([code, c]) => ({ code, count: c.count, lat: c.lat, lng: c.lng, detail: t('home.takedowns', { count: c.takedown }) }))}
        />
      </HomeCard>
      <HomeCard title={t('home.news')} className="home-span-24">
        {home.news.length ? (
          <ul className="home-news" data-testid="home-news">
            {home.news.map((item) => (
              <li key={item.id}>
                <a href={item.url} target="_blank" rel="noopener noreferrer">
                  <LinkOutlined /> {item.title}
                </a>
                <span className="home-secondary">{item.date}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="home-secondary" data-testid="home-news">
            {t('empty')}
          </p>
        )}
      </HomeCard>
    </div>
  );
}
