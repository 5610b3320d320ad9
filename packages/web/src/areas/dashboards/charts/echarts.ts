import { dispose, getInstanceByDom, init, registerMap, use as install } from 'echarts/core';
import { BarChart, LineChart, MapChart, PieChart, ScatterChart, type BarSeriesOption, type LineSeriesOption, type MapSeriesOption, type PieSeriesOption, type ScatterSeriesOption } from 'echarts/charts';
import {
  GeoComponent,
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  VisualMapComponent,
  type GeoComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type MarkLineComponentOption,
  type TooltipComponentOption,
  type VisualMapComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';

/** Only the chart types the dashboards draw (ARCHITECTURE: import through echarts/core, nothing else). */
install([BarChart, LineChart, PieChart, MapChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, VisualMapComponent, GeoComponent, CanvasRenderer]);

/**
 * The parts of ECharts' core that echarts-for-react (init, getInstanceByDom, dispose) and the world map (registerMap)
 * call, by name: passing the `echarts/core` namespace around would keep every one of its exports in the bundle.
 */
export const echarts = { init, getInstanceByDom, dispose, registerMap };
export type ChartOption = ComposeOption<
  | BarSeriesOption
  | LineSeriesOption
  | PieSeriesOption
  | MapSeriesOption
  | ScatterSeriesOption
  | GridComponentOption
  | TooltipComponentOption
  | LegendComponentOption
  | MarkLineComponentOption
  | VisualMapComponentOption
  | GeoComponentOption
>;
