import { useEffect, useState } from 'react';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { echarts, loadMoreFor, type ChartOption } from './echarts';

/**
 * The chart renderer itself: ECharts and its React wrapper, a chunk of their own that Chart loads when it draws; a
 * pie, map or scatter chart is drawn once the chart types that draw it are in (Chart keeps its place meanwhile).
 */
export default function EChart({ option, height }: { option: ChartOption; height: number }) {
  const [, setLoaded] = useState(false);
  const pending = loadMoreFor(option);
  useEffect(() => {
    if (pending) void pending.then(() => setLoaded(true));
  }, [pending]);
  if (pending) return null;
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height }} />;
}
