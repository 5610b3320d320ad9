import * as echarts from 'echarts/core';
import { GraphChart, type GraphSeriesOption } from 'echarts/charts';
import { TooltipComponent, type TooltipComponentOption } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { ComposeOption } from 'echarts/core';

/** The network page's chart: the graph series only, loaded with its page (ARCHITECTURE: through echarts/core). */
echarts.use([GraphChart, TooltipComponent, CanvasRenderer]);

export { echarts };
export type GraphOption = ComposeOption<GraphSeriesOption | TooltipComponentOption>;
