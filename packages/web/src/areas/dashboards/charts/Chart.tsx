import { lazy, Suspense } from 'react';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from './echarts';

/**
 * ECharts (about 150 kB compressed) is loaded the first time a chart has something to draw, after the page's own
 * content; until then its place is kept at the chart's height, so nothing moves when it arrives.
 */
const EChart = lazy(() => import('./EChart'));

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
    <div data-testid={testId} style={{ minHeight: height }}>
      <Suspense fallback={null}>
        <EChart option={option} height={height} />
      </Suspense>
    </div>
  );
}
