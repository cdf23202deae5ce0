import { useEffect, useRef } from 'react';
import { type ChartOption, echarts } from '../../../components/chart/echarts.ts';
import '../../../components/chart/echartsExtras.ts';

export type { ChartOption };

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
