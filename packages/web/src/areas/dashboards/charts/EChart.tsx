import ReactEChartsCore from 'echarts-for-react/esm/core';
import { echarts, type ChartOption } from './echarts';

/** The chart renderer itself: ECharts and its React wrapper, a chunk of their own that Chart loads when it draws. */
export default function EChart({ option, height }: { option: ChartOption; height: number }) {
  return <ReactEChartsCore echarts={echarts} option={option} notMerge style={{ height }} />;
}
