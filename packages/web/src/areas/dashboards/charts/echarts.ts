import { dispose, getInstanceByDom, init, registerMap, use as install } from 'echarts/core';
import { BarChart, LineChart, type BarSeriesOption, type LineSeriesOption, type MapSeriesOption, type PieSeriesOption, type ScatterSeriesOption } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkLineComponent,
  TooltipComponent,
  type GeoComponentOption,
  type GridComponentOption,
  type LegendComponentOption,
  type MarkLineComponentOption,
  type TooltipComponentOption,
  type VisualMapComponentOption,
} from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';

/**
 * Only the chart types the dashboards draw (ARCHITECTURE: import through echarts/core, nothing else): here the bars
 * and lines every chart page draws (the takedown acceptance page only these); pies, maps and scatter circles are a
 * chunk of their own (./echartsMore.ts), loaded by the charts that draw them (issue 35: the first load's weight).
 */
install([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, MarkLineComponent, CanvasRenderer]);

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

let more: Promise<void> | undefined;
let moreIn = false;
/** Pies, maps, scatter circles, the map's geography and its colour scale (./echartsMore.ts), fetched and installed once. */
export function loadMore(): Promise<void> {
  more ??= import('./echartsMore').then(({ chartsMore }) => {
    install(chartsMore);
    moreIn = true;
  });
  return more;
}

/** The promise of ./echartsMore.ts while an `option` that needs it waits for it; undefined when it can be drawn now. */
export function loadMoreFor(option: ChartOption): Promise<void> | undefined {
  if (moreIn) return undefined;
  const series = [option.series ?? []].flat();
  const needed = Boolean(option.geo ?? option.visualMap) || series.some((s) => s.type === 'pie' || s.type === 'map' || s.type === 'scatter');
  return needed ? loadMore() : undefined;
}
