import { dispose, getInstanceByDom, init, use as install } from 'echarts/core';
import { GraphChart, type GraphSeriesOption } from 'echarts/charts';
import { TooltipComponent, type TooltipComponentOption } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';

/** The network page's chart: the graph series only, loaded with its page (ARCHITECTURE: through echarts/core). */
install([GraphChart, TooltipComponent, CanvasRenderer]);

/** What echarts-for-react calls, by name: the `echarts/core` namespace passed around would keep all of its exports. */
export const echarts = { init, getInstanceByDom, dispose };
export type GraphOption = ComposeOption<GraphSeriesOption | TooltipComponentOption>;
