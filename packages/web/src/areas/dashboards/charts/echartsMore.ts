import { MapChart, PieChart, ScatterChart } from 'echarts/charts';
import { GeoComponent, VisualMapContinuousComponent } from 'echarts/components';

/**
 * The chart types of the home page and the online dashboard beyond bars and lines (./echarts.ts loads them when a
 * chart draws one); of the visual maps only the continuous one, the heat map's colour scale.
 */
export const chartsMore = [PieChart, MapChart, ScatterChart, GeoComponent, VisualMapContinuousComponent];
