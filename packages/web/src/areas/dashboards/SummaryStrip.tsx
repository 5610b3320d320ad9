import { Alert, Card, Col, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DashboardInfo } from '@portal/contract';
import { currentLocale } from '../../platform/i18n';
import type { DashboardSearch } from './SearchForm';

/** Section 2: impact revenue in USD, the exchange rate and its date, revenue in JPY, the period, the analysts. */
export function SummaryStrip({ info, search }: { info: DashboardInfo; search: DashboardSearch }) {
  const { t } = useTranslation('dashboards');
  const number = new Intl.NumberFormat(currentLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return (
    <Card data-testid="dashboard-summary">
      <Row gutter={[24, 16]}>
        <Col xs={12} lg={5}>
          <Statistic title={t('summary.revenueUSD')} prefix="$" value={number.format(info.impactRevenueUSD)} valueStyle={{ color: '#cf1322' }} data-testid="summary-usd" />
        </Col>
        <Col xs={12} lg={5}>
          <Statistic
            title={t('summary.rate')}
            value={info.JPYRate === null ? t('summary.noRate') : t('summary.rateValue', { rate: info.JPYRate.toFixed(2) })}
            valueStyle={{ fontSize: 18 }}
            data-testid="summary-rate"
          />
          {info.rateDate && <Typography.Text type="secondary">{t('summary.rateDate', { date: info.rateDate })}</Typography.Text>}
        </Col>
        <Col xs={12} lg={5}>
          <Statistic title={t('summary.revenueJPY')} prefix="¥" value={info.impactRevenueJPY === null ? '—' : number.format(info.impactRevenueJPY)} data-testid="summary-jpy" />
        </Col>
        <Col xs={12} lg={5}>
          <Statistic title={t('summary.period')} value={`${search.fromDate} – ${search.toDate}`} valueStyle={{ fontSize: 18 }} />
          <Typography.Text type="secondary">{search.dateType === 1 ? t('form.scanMonth') : t('form.categorizeDate')}</Typography.Text>
        </Col>
        <Col xs={24} lg={4}>
          <Statistic title={t('summary.analysts')} value={info.analysts.length ? info.analysts.join(', ') : '—'} valueStyle={{ fontSize: 16 }} data-testid="summary-analysts" />
        </Col>
      </Row>
      {info.rateAge?.stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          message={t('summary.staleRates', { date: info.rateAge.oldestDate, days: info.rateAge.ageDays, max: info.rateAge.maxAgeDays })}
          data-testid="summary-stale-rates"
        />
      )}
      {(info.unconvertedCount > 0 || info.unpricedCount > 0) && (
        <Typography.Paragraph type="secondary" style={{ margin: '12px 0 0' }} data-testid="summary-notes">
          {info.unconvertedCount > 0 && t('summary.unconverted', { count: info.unconvertedCount })} {info.unpricedCount > 0 && t('summary.unpriced', { count: info.unpricedCount })}
        </Typography.Paragraph>
      )}
    </Card>
  );
}
