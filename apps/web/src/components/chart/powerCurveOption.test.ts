import { describe, expect, it } from 'vitest';
import { powerCurveOption } from './powerCurveOption.ts';

const t = (k: string) => k;
const label = (ts: string) => ts.slice(11, 16);
const POINTS = [
  { ts: '2026-11-22T10:00:00Z', powerW: 3456, irradianceWm2: 612.4, moduleTempC: 31.26 },
  { ts: '2026-11-22T10:05:00Z', powerW: null, irradianceWm2: null, moduleTempC: null },
];

describe('powerCurveOption: power with the plant’s weather', () => {
  it('draws irradiance and module temperature on their own right axes beside the power', () => {
    const o = powerCurveOption({ points: POINTS, hasWeather: true }, t, label) as {
      yAxis: { name: string; position?: string }[];
      series: { name: string; yAxisIndex?: number; data: (number | null)[] }[];
    };
    expect(o.yAxis.map((a) => a.name)).toEqual(['kW', 'W/m²', '°C']);
    expect(o.series.map((s) => [s.name, s.yAxisIndex ?? 0])).toEqual([
      ['station.plant.power', 0],
      ['station.weather.irradiance', 1],
      ['station.weather.moduleTemp', 2],
    ]);
    expect(o.series.map((s) => s.data)).toEqual([
      [3.456, null],
      [612, null],
      [31.3, null],
    ]);
  });

  it('draws power alone for a plant without a weather station', () => {
    const o = powerCurveOption({ points: POINTS, hasWeather: false }, t, label) as {
      series: unknown[];
      xAxis: { data: string[] };
    };
    expect(o.series).toHaveLength(1);
    expect(o.xAxis.data).toEqual(['10:00', '10:05']);
  });
});
