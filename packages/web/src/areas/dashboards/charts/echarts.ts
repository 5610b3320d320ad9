import { dispose, getInstanceByDom, init, use as install } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  type GridComponentOption,
  type LegendComponentOption,
  type MarkLineComponentOption,
  type TooltipComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';

/**
 * Only the chart types the dashboards draw with ECharts (ARCHITECTURE: import through echarts/core, nothing else):
 * the bars and lines of the online dashboard and the takedown acceptance page. Pies and the world maps are SVG
 * components of their own (../svg/, issue 35: the home page draws without ECharts).
 */
install([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, CanvasRenderer]);

/**
 * The parts of ECharts' core that echarts-for-react calls (init, getInstanceByDom, dispose), by name: passing the
 * `echarts/core` namespace around would keep every one of its exports in the bundle.
 */
export const echarts = { init, getInstanceByDom, dispose };
export type ChartOption = ComposeOption<BarSeriesOption | LineSeriesOption | GridComponentOption | TooltipComponentOption | LegendComponentOption | MarkLineComponentOption>;
