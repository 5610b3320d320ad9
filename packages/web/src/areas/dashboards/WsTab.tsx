import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardInfo } from '@portal/contract';
import { currentLocale } from '../../platform/i18n';
import { CountryFilter } from './CountryFilter';
import { sumOver, wsCategoryName, wsResultName } from './labels';
import { Donut } from './svg/Donut';
import { useCountrySelection } from './useCountrySelection';

/** Section 2 "Web Site tab": the takedown pie and the site-category pie, each with its region filter. */
export function WsTab({ info }: { info: DashboardInfo }) {
  const { t } = useTranslation('dashboards');
  const locale = currentLocale();
  const regions = info.ws.regionFilters;
  const takedownRegions = [...new Set([...regions, ...Object.keys(info.ws.wsTakedownByFilterRegion)])].filter((r) => r in info.ws.wsTakedownByFilterRegion);
  const [takedown, setTakedown] = useCountrySelection(takedownRegions);
  const [categories, setCategories] = useCountrySelection(regions);
  const results = Object.entries(sumOver(info.ws.wsTakedownByFilterRegion, takedown)).map(([r, value]) => ({ name: r === '0' ? t('result.none') : wsResultName(r, locale), value }));
  const sites = Object.entries(sumOver(info.ws.wsCategoryByFilterRegion, categories)).map(([c, value]) => ({ name: wsCategoryName(c, locale), value }));
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} xl={12}>
        <Card title={t('chart.wsTakedown')}>
          <CountryFilter testId="filter-ws-takedown" countries={takedownRegions} value={takedown} onChange={setTakedown} />
          <Donut testId="chart-ws-takedown" title={t('chart.wsTakedown')} slices={results} />
        </Card>
      </Col>
      <Col xs={24} xl={12}>
        <Card title={t('chart.wsCategory')}>
          <CountryFilter testId="filter-ws-category" countries={regions} value={categories} onChange={setCategories} />
          <Donut testId="chart-ws-category" title={t('chart.wsCategory')} slices={sites} />
        </Card>
      </Col>
    </Row>
  );
}
