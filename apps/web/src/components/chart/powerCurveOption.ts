import type { PowerCurve } from '@solarops/contracts';
import type { ChartOption } from './Chart.tsx';

type Translate = (key: string) => string;

const kw = (w: number | null) => (w === null ? null : Math.round(w) / 1000);

/**
 * The chart of a plant's day: power [kW] on the left axis and, when the plant has a weather station, the
 * plane-of-array irradiance [W/m²] and module temperature [°C] on two right axes, so that a dip in power can be
 * told apart from a cloud (irradiance dips too) or heat (temperature high, power below irradiance).
 * `slotLabel` formats a slot's time in the plant's zone.
 */
export function powerCurveOption(
  curve: Pick<PowerCurve, 'points' | 'hasWeather'>,
  t: Translate,
  slotLabel: (ts: string) => string,
): ChartOption {
  const { points, hasWeather } = curve;
  const power = {
    name: t('station.plant.power'),
    type: 'line',
    showSymbol: false,
    areaStyle: { opacity: 0.15 },
    itemStyle: { color: '#009cff' },
    data: points.map((p) => kw(p.powerW)),
  };
  const xAxis = { type: 'category', data: points.map((p) => slotLabel(p.ts)) };
  if (!hasWeather) {
    return {
      tooltip: { trigger: 'axis' },
      grid: { left: 56, right: 16, top: 24, bottom: 32 },
      xAxis,
      yAxis: { type: 'value', name: 'kW' },
      series: [power],
    };
  }
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 104, top: 48, bottom: 32 },
    xAxis,
    yAxis: [
      { type: 'value', name: 'kW' },
      { type: 'value', name: 'W/m²', position: 'right', splitLine: { show: false } },
      { type: 'value', name: '°C', position: 'right', offset: 52, splitLine: { show: false } },
    ],
    series: [
      power,
      {
        name: t('station.weather.irradiance'),
        type: 'line',
        yAxisIndex: 1,
        showSymbol: false,
        itemStyle: { color: '#fa8c16' },
        lineStyle: { width: 1.5 },
        data: points.map((p) => (p.irradianceWm2 === null ? null : Math.round(p.irradianceWm2))),
      },
      {
        name: t('station.weather.moduleTemp'),
        type: 'line',
        yAxisIndex: 2,
        showSymbol: false,
        itemStyle: { color: '#cf1322' },
        lineStyle: { width: 1.5, type: 'dashed' },
        data: points.map((p) => (p.moduleTempC === null ? null : Math.round(p.moduleTempC * 10) / 10)),
      },
    ],
  };
}
