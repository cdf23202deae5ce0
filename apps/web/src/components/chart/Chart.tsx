import { useEffect, useRef } from 'react';
import { ChartEmpty } from './ChartEmpty.tsx';
import { type ChartOption, echarts } from './echarts.ts';

export type { ChartOption };

type Series = { data?: unknown };

/** A data point's value: a number, `[x, y]`, or `{ value }` as ECharts takes them; null when missing. */
function pointValue(point: unknown): unknown {
  if (Array.isArray(point)) return point[point.length - 1];
  if (point !== null && typeof point === 'object' && 'value' in point) return pointValue(point.value);
  return point;
}

/**
 * true when no series of the option has a single number to draw (no series, empty data, or only gaps): the chart
 * would show a bare axis, so it says "no data" instead.
 */
export function hasNoData(option: ChartOption): boolean {
  const series = option.series;
  const list: Series[] = Array.isArray(series) ? (series as Series[]) : series ? [series as Series] : [];
  return !list.some((s) => Array.isArray(s.data) && s.data.some((p) => typeof pointValue(p) === 'number'));
}

/**
 * An ECharts chart that fills its box and follows its size; animation off so that screenshots are stable. With
 * nothing to draw (see `hasNoData`, or `empty` when the caller knows better, e.g. counts that are all zero) it
 * shows a "no data" note of the same height instead of a bare axis.
 */
export function Chart({
  option,
  height = 300,
  testId,
  empty,
  emptyText,
}: {
  option: ChartOption;
  height?: number;
  testId?: string;
  empty?: boolean;
  emptyText?: string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const nothing = empty ?? hasNoData(option);
  useEffect(() => {
    if (nothing || !box.current) return;
    chart.current = echarts.init(box.current);
    const observer = new ResizeObserver(() => chart.current?.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [nothing]);
  useEffect(() => {
    if (nothing) return;
    chart.current?.setOption({ animation: false, ...option }, true);
    box.current?.setAttribute('data-rendered', 'true');
  }, [option, nothing]);
  if (nothing) return <ChartEmpty height={height} testId={testId} text={emptyText} />;
  return <div ref={box} style={{ width: '100%', height }} data-testid={testId} className="app-chart" />;
}
