import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// What every chart of the console draws (the dashboard's too): ECharts' core with these parts only. Screens that
// need more import `echartsExtras.ts` beside their chart.
echarts.use([LineChart, BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

export { echarts };
export type ChartOption = echarts.EChartsCoreOption;
