import { useEffect, useRef } from 'react';
import { BarChart, LineChart, PieChart } from 'echarts/charts';
import {
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';

// Only the parts the alarm screens draw, so that the chart chunk stays small (ARCHITECTURE §7); this module is
// reached through lazily loaded pages only, so the login page never loads it.
echarts.use([
  LineChart,
  BarChart,
  PieChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  MarkAreaComponent,
  MarkLineComponent,
  CanvasRenderer,
]);

export type ChartOption = echarts.EChartsCoreOption;

/** An ECharts chart that fills its box and follows its size; no animation, so screenshots are stable. */
export function AlarmChart({
  option,
  height = 300,
  testId,
}: {
  option: ChartOption;
  height?: number;
  testId?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  useEffect(() => {
    if (!box.current) return;
    chart.current = echarts.init(box.current);
    const observer = new ResizeObserver(() => chart.current?.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => {
    chart.current?.setOption({ animation: false, ...option }, true);
    box.current?.setAttribute('data-rendered', 'true');
  }, [option]);
  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} />;
}

/** Colours of levels 1, 2, 3 (Ant Design's success, warning and error). */
export const LEVEL_CHART_COLORS: Record<number, string> = { 1: '#52c41a', 2: '#faad14', 3: '#ff4d4f' };
