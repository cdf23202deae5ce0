import { useEffect, useRef } from 'react';
import { type ChartOption, echarts } from '../../../components/chart/echarts.ts';

export type { ChartOption };

/** An ECharts chart that fills its box and follows its size; animation off so that screenshots are stable. */
export function EChart({
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
  }, [option]);
  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} className="station-chart" />;
}
