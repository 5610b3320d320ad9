import * as echarts from 'echarts/core';
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
echarts.use([BarChart, LineChart, PieChart, MapChart, ScatterChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, VisualMapComponent, GeoComponent, CanvasRenderer]);

export { echarts };
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
