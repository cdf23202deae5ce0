import { describe, expect, it } from 'vitest';
import { IV_CURVE_POINTS, type IvScanResult, type IvTemplate } from '@solarops/contracts';
import { EXAMPLE_MODULE_400W, mulberry32, synthesizeScan } from '@solarops/pv';
import { stringRows } from './settleScans.ts';

const template: IvTemplate = {
  id: 1,
  name: 'Example 400 W, 16 in series',
  description: '',
  module: EXAMPLE_MODULE_400W,
  moduleType: 'mono PERC',
  maker: 'Example Solar',
  firstYearDecayPct: 2,
  annualDecayPct: 0.55,
  modulesPerString: 16,
  connectionDate: '2025-01-01',
  sensitivity: 'medium',
  createdBy: 'admin',
  createdAt: '2025-01-01T00:00:00.000Z',
};

/** A healthy string's curve of `points` points, without tracer noise so that no two points share a voltage. */
const curve = (points: number) =>
  synthesizeScan(
    { module: EXAMPLE_MODULE_400W, modulesInSeries: 16 },
    'normal',
    850,
    45,
    points,
    mulberry32(7),
    {
      current: 0,
      voltage: 0,
    },
  ).points;

const rowOf = (points: [number, number][], poaWm2: number) => {
  const scan: IvScanResult = {
    poaStartWm2: poaWm2,
    poaEndWm2: poaWm2,
    moduleTempC: 45,
    strings: [{ string: 1, points }],
  };
  return stringRows(1, 'cmd', 'SIN1', template, null, scan, new Date('2026-06-01T04:00:00Z'))[0]!;
};

describe('why a scanned string is not diagnosed', () => {
  it('names a rising curve with too few points as such, in full daylight', () => {
    const short = curve(IV_CURVE_POINTS.min).slice(1);
    expect(short).toHaveLength(19);
    const row = rowOf(short, 850);
    expect(row.insufficient).toBe('tooFewPoints');
    expect(row.faultClass).toBeUndefined();
    // One point more and the same light: diagnosed.
    const full = rowOf(curve(IV_CURVE_POINTS.min), 850);
    expect(full.faultClass).toEqual(expect.any(String));
    expect(full.insufficient).toBeUndefined();
  });

  it('names too little light as such, whatever the number of points', () => {
    expect(rowOf(curve(200), 150)).toMatchObject({ insufficient: 'lowIrradiance' });
    expect(rowOf(curve(IV_CURVE_POINTS.min).slice(1), 150)).toMatchObject({ insufficient: 'lowIrradiance' });
  });
});
