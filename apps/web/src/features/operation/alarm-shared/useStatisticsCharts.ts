import { useMemo } from 'react';
import type { Dayjs } from 'dayjs';
import type { AlarmStatistics } from '@solarops/contracts';
import { useTranslation } from 'react-i18next';
import type { ChartOption } from '../../../components/chart/Chart.tsx';
import { LEVEL_CHART_COLORS } from './levelColors.ts';

/** The figures and charts of the statistics screens (statistics, overview), from one statistics answer. */
export function useStatisticsCharts(s: AlarmStatistics | undefined, range?: [Dayjs, Dayjs]) {
  const { t } = useTranslation();
  return useMemo(() => {
    if (!s) return undefined;
    // Every day of the range, so that days without alarms read as 0 rather than vanish.
    const counts = new Map(s.byDay.map((r) => [r.key, r.count]));
    const days: string[] = [];
    if (range) {
      for (let d = range[0].startOf('day'); !d.isAfter(range[1], 'day'); d = d.add(1, 'day'))
        days.push(d.format('YYYY-MM-DD'));
    } else days.push(...counts.keys());
    const bar = (rows: { label: string; count: number }[], name: string): ChartOption => ({
      tooltip: { trigger: 'axis' },
      grid: { left: 48, right: 16, top: 24, bottom: 80 },
      xAxis: {
        type: 'category',
        data: rows.map((r) => r.label),
        axisLabel: { rotate: 30, width: 120, overflow: 'truncate' },
      },
      yAxis: { type: 'value', minInterval: 1 },
      series: [
        {
          name,
          type: 'bar',
          barMaxWidth: 40,
          data: rows.map((r) => r.count),
          itemStyle: { color: '#009cff' },
        },
      ],
    });
    return {
      /** No alarm in the range: every chart says "no data" rather than drawing a row of zeros. */
      empty: s.total === 0,
      level: {
        tooltip: { trigger: 'item' },
        legend: { bottom: 0 },
        series: [
          {
            type: 'pie',
            radius: ['40%', '70%'],
            data: s.byLevel.map((r) => ({
              name: t(`alarm.levels.${r.key}`),
              value: r.count,
              itemStyle: { color: LEVEL_CHART_COLORS[r.key] },
            })),
          },
        ],
      } satisfies ChartOption,
      code: bar(
        s.byCode.map((r) => ({ label: `#${r.key} ${r.label}`, count: r.count })),
        t('operation.alarms.count'),
      ),
      plant: bar(s.byPlant, t('operation.alarms.count')),
      day: {
        tooltip: { trigger: 'axis' },
        grid: { left: 48, right: 16, top: 24, bottom: 32 },
        xAxis: { type: 'category', data: days },
        yAxis: { type: 'value', minInterval: 1 },
        series: [
          {
            name: t('operation.alarms.count'),
            type: 'line',
            data: days.map((d) => counts.get(d) ?? 0),
            areaStyle: {},
          },
        ],
      } satisfies ChartOption,
    };
  }, [s, t, range]);
}
