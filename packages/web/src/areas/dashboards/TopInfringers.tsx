import { Badge, Card, Empty, List, Space, Tag, Tooltip, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DashboardInfo } from '@portal/contract';
import { CountryFilter } from './CountryFilter';
import { topInfringerHref } from './links';
import type { DashboardSearch } from './SearchForm';
import { useCountrySelection } from './useCountrySelection';
import { useLabels } from './useLabels';

/**
 * Section 2: the first three ribboned gold, blue and cyan, in shades white text reads on (WCAG 1.4.3: antd's preset
 * ribbons are white on gold-6, blue-6 and cyan-6, 1.9-4.1:1): gold-9 6.8:1, the theme's blue 6.2:1, cyan-9 6.1:1.
 */
const RIBBONS = ['#874d00', '#0958d9', '#006d75'] as const;
/**
 * Whole rows a page: a list scrolled inside a fixed height (section 9's 240 px) cut its last row in half (issue 35),
 * so the rows come five a page instead.
 */
const PAGE_SIZE = 5;

/**
 * Top Infringers: the sellers of the checked countries with the most infringing records (the server keeps 20 per
 * country), each row opening the record list on exactly those records.
 */
export function TopInfringers({ info, search }: { info: DashboardInfo; search: DashboardSearch }) {
  const { t } = useTranslation('dashboards');
  const { t: n } = useTranslation('sellerNetworks');
  const l = useLabels();
  const countries = info.countryFilters.filter((c) => c in info.countrySellerDict);
  const [chosen, setChosen] = useCountrySelection(countries);
  const rows = chosen
    .flatMap((country) => (info.countrySellerDict[country] ?? []).map((s) => ({ ...s, country })))
    .sort((a, b) => b.total - a.total || (a.seller < b.seller ? -1 : a.seller > b.seller ? 1 : a.country.localeCompare(b.country)));
  return (
    <Card title={t('chart.topInfringers')}>
      <CountryFilter testId="filter-sellers" countries={countries} value={chosen} onChange={setChosen} />
      {rows.length === 0 ? (
        <Empty description={t('empty')} data-testid="top-infringers-empty" />
      ) : (
        <div data-testid="top-infringers">
          <List
            size="small"
            dataSource={rows}
            pagination={{ pageSize: PAGE_SIZE, size: 'small', hideOnSinglePage: true, showSizeChanger: false, align: 'center' }}
            renderItem={(row, index) => {
              const href = topInfringerHref({
                clientId: search.clientId,
                seller: row.seller,
                regions: info.countryRegionDict[row.country] ?? [],
                dateType: search.dateType,
                from: search.fromDate,
                to: search.toDate,
              });
              const name = row.seller === '' ? t('seller.blank') : row.seller;
              const ribbon = RIBBONS[index];
              const content = (
                <div style={{ width: '100%', paddingRight: ribbon ? 56 : 0 }}>
                  <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 8 }}>
                    <Typography.Text ellipsis>
                      <Typography.Text strong>{index + 1}.</Typography.Text>{' '}
                      <Link to={href} data-testid={`top-infringer-${index}`}>
                        {name}
                      </Link>{' '}
                      <Typography.Text type="secondary">{l.country(row.country)}</Typography.Text>
                      {row.repeatOffender && (
                        <Tooltip title={n('repeatOffenderHint')}>
                          <Tag color="red" style={{ marginInlineStart: 4 }} data-testid={`top-infringer-repeat-${index}`}>
                            {n('repeatOffender')}
                          </Tag>
                        </Tooltip>
                      )}
                    </Typography.Text>
                    <Typography.Text strong style={{ whiteSpace: 'nowrap' }}>
                      {t('seller.total', { count: row.total })}
                    </Typography.Text>
                  </div>
                  <Space size={[4, 4]} wrap style={{ marginTop: 4 }}>
                    {Object.entries(row.sites).map(([site, n]) => (
                      <Tag key={site} style={{ marginInlineEnd: 0 }}>
                        {site} {n}
                      </Tag>
                    ))}
                  </Space>
                </div>
              );
              return (
                <List.Item>
                  {ribbon ? (
                    <div style={{ width: '100%' }}>
                      <Badge.Ribbon text={t('seller.rank', { rank: index + 1 })} color={ribbon} style={{ top: 0 }}>
                        {content}
                      </Badge.Ribbon>
                    </div>
                  ) : (
                    content
                  )}
                </List.Item>
              );
            }}
          />
        </div>
      )}
    </Card>
  );
}
