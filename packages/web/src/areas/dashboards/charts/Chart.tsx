import { Empty } from 'antd';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useTranslation } from 'react-i18next';
import { echarts, type ChartOption } from './echarts';

/** One chart, or the empty state when there is nothing to draw (an empty period never shows a broken chart). */
export function Chart({ option, empty, height = 320, testId }: { option: ChartOption; empty: boolean; height?: number; testId: string }) {
  const { t } = useTranslation('dashboards');
  if (empty) {
    return (
      <div style={{ height, display: 'flex', alignItems: 'center', justifyContent: 'center' }} data-testid={`${testId}-empty`}>
        <Empty description={t('empty')} />
      </div>
    );
  }
  return (
    <div data-testid={testId}>
      <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height }} />
    </div>
  );
}
