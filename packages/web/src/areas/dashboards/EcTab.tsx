import { Card, Col, Row, Table } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { DashboardInfo } from '@portal/contract';
import { currentLocale } from '../../platform/i18n';
import { CircleMap } from './WorldCharts';
import { Bars } from './svg/Bars';
import { Donut } from './svg/Donut';
import { Lines } from './svg/Lines';
import { CountryFilter } from './CountryFilter';
import { ecResultName, monthsOf, sumOver } from './labels';
import { categoriesByMonth, categoryLines, siteStack, statusByMonth } from './options';
import type { DashboardSearch } from './SearchForm';
import { SummaryStrip } from './SummaryStrip';
import { TopInfringers } from './TopInfringers';
import { useCountrySelection } from './useCountrySelection';
import { useLabels } from './useLabels';

/** Section 2 "E-commerce tab": every chart of the marketplace records, in the document's order. */
export function EcTab({ info, search }: { info: DashboardInfo; search: DashboardSearch }) {
  const { t } = useTranslation('dashboards');
  const l = useLabels();
  // Months still to come are not drawn (they would fall to zero).
  const months = monthsOf(search.fromDate, search.toDate, dayjs().format('YYYY-MM-DD'));
  const hasData = info.countryFilters.length > 0;
  const infringements = Object.entries(info.countryInfringementCountDict)
    .map(([code, c]) => ({ code, count: c.count }))
    .sort((a, b) => b.count - a.count);

  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <SummaryStrip info={info} search={search} />
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('chart.status')}>
          <StatusChart info={info} months={months} empty={!hasData} />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('chart.types')}>
          <Lines
            testId="chart-types"
            title={t('chart.types')}
            empty={!hasData}
            categories={months}
            lines={categoryLines(categoriesByMonth(info.dateCountryInfringementTypeDict, months, info.infringementFilters), l)}
          />
        </Card>
      </Col>
      <Col span={24}>
        <Card title={t('chart.map')}>
          <CircleMap testId="chart-map" title={t('chart.map')} points={Object.entries(info.countryInfringementCountDict).map(([code, c]) => ({ code, ...c }))} />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('chart.countryBar')}>
          <Bars
            testId="chart-country-bar"
            title={t('chart.countryBar')}
            categories={infringements.map((c) => l.country(c.code))}
            series={[{ name: t('series.infringing'), values: infringements.map((c) => c.count) }]}
          />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('chart.countryPie')}>
          <CountryPie infringements={infringements} />
        </Card>
      </Col>
      <Col span={24}>
        <MonthCategoryTable info={info} months={months} />
      </Col>
      <Col xs={24} xl={12}>
        <SiteStack info={info} />
      </Col>
      <Col xs={24} xl={12}>
        <CategoryPie info={info} />
      </Col>
      <Col span={24}>
        <CategorizationArea info={info} months={months} />
      </Col>
      <Col xs={24} xl={12}>
        <TopInfringers info={info} search={search} />
      </Col>
      <Col xs={24} xl={12}>
        <TakedownPie info={info} />
      </Col>
    </Row>
  );
}

/** Months down, aggregate categories across, with totals: every categorized record of the period. */
function MonthCategoryTable({ info, months }: { info: DashboardInfo; months: string[] }) {
  const { t } = useTranslation('dashboards');
  const l = useLabels();
  const rows = months
    .map((month) => {
      const byCountry = info.dateCountryInfringementTypeDict[month] ?? {};
      return { month, counts: sumOver(byCountry, Object.keys(byCountry)) };
    })
    .filter((r) => Object.keys(r.counts).length > 0);
  const total = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
  return (
    <Card title={t('chart.monthTable')}>
      <Table
        data-testid="month-table"
        size="small"
        bordered
        pagination={false}
        scroll={{ x: true }}
        rowKey="month"
        locale={{ emptyText: t('empty') }}
        dataSource={rows}
        columns={[
          { title: t('table.month'), dataIndex: 'month', fixed: 'left', width: 100 },
          ...info.infringementFilters.map((category) => ({
            title: l.category(category),
            key: String(category),
            align: 'right' as const,
            render: (_: unknown, r: (typeof rows)[number]) => r.counts[category] ?? 0,
          })),
          { title: t('table.total'), key: 'total', align: 'right' as const, render: (_: unknown, r: (typeof rows)[number]) => total(r.counts) },
        ]}
      />
    </Card>
  );
}

function CountryPie({ infringements }: { infringements: readonly { code: string; count: number }[] }) {
  const { t } = useTranslation('dashboards');
  const l = useLabels();
  const slices = infringements.map((c) => ({ name: l.country(c.code), value: c.count }));
  return <Donut testId="chart-country-pie" title={t('chart.countryPie')} slices={slices} />;
}

function SiteStack({ info }: { info: DashboardInfo }) {
  const { t } = useTranslation('dashboards');
  const l = useLabels();
  const [countries, setCountries] = useCountrySelection(info.countryFilters);
  return (
    <Card title={t('chart.siteStack')}>
      <CountryFilter testId="filter-site" countries={info.countryFilters} value={countries} onChange={setCountries} />
      <Bars stacked testId="chart-site-stack" title={t('chart.siteStack')} empty={countries.length === 0} {...siteStack(info.countrySiteInfringementTypeDict, countries, l)} />
    </Card>
  );
}

function CategoryPie({ info }: { info: DashboardInfo }) {
  const { t } = useTranslation('dashboards');
  const l = useLabels();
  const [countries, setCountries] = useCountrySelection(info.countryFilters);
  const byCategory: Record<string, number> = {};
  for (const country of countries) {
    for (const sites of Object.values(info.countrySiteInfringementTypeDict[country] ?? {})) {
      for (const [category, n] of Object.entries(sites)) byCategory[category] = (byCategory[category] ?? 0) + n;
    }
  }
  const slices = Object.entries(byCategory).map(([category, value]) => ({ name: l.category(category), value }));
  return (
    <Card title={t('chart.categoryPie')}>
      <CountryFilter testId="filter-category" countries={info.countryFilters} value={countries} onChange={setCountries} />
      <Donut testId="chart-category-pie" title={t('chart.categoryPie')} slices={slices} />
    </Card>
  );
}

function CategorizationArea({ info, months }: { info: DashboardInfo; months: string[] }) {
  const { t } = useTranslation('dashboards');
  const l = useLabels();
  const [countries, setCountries] = useCountrySelection(info.countryFilters);
  return (
    <Card title={t('chart.area')}>
      <CountryFilter testId="filter-area" columns={6} countries={info.countryFilters} value={countries} onChange={setCountries} />
      <Lines
        area
        testId="chart-area"
        title={t('chart.area')}
        empty={countries.length === 0}
        categories={months}
        lines={categoryLines(categoriesByMonth(info.dateCountryInfringementTypeDict, months, info.infringementFilters, countries), l)}
      />
    </Card>
  );
}

/** Final results of the infringing records: none yet, in review, taken down, no action. */
function TakedownPie({ info }: { info: DashboardInfo }) {
  const { t } = useTranslation('dashboards');
  const locale = currentLocale();
  const countries = info.countryFilters.filter((c) => c in info.countryResultDict);
  const [chosen, setChosen] = useCountrySelection(countries);
  const slices = Object.entries(sumOver(info.countryResultDict, chosen)).map(([result, value]) => ({ name: result === '0' ? t('result.none') : ecResultName(result, locale), value }));
  return (
    <Card title={t('chart.takedown')}>
      <CountryFilter testId="filter-takedown" countries={countries} value={chosen} onChange={setChosen} />
      <Donut testId="chart-takedown" title={t('chart.takedown')} slices={slices} />
    </Card>
  );
}

/** Section 4: categorized and infringing records per month as bars, the infringement percent as a line. */
function StatusChart({ info, months, empty }: { info: DashboardInfo; months: string[]; empty: boolean }) {
  const { t } = useTranslation('dashboards');
  const l = useLabels();
  const rows = statusByMonth(info.dateCountryInfringementTypeDict, months);
  return (
    <Lines
      testId="chart-status"
      title={t('chart.status')}
      empty={empty}
      categories={months}
      bars={[
        { name: l.categorized, values: rows.map((r) => r.categorized) },
        { name: l.infringing, values: rows.map((r) => r.infringing) },
      ]}
      percent={{ name: l.percent, values: rows.map((r) => r.percent) }}
    />
  );
}
