import { describe, expect, it } from 'vitest';
import type { PowerCurve } from '@solarops/contracts';
import { performanceOfCurve } from './performance.ts';

/** A day of 5-minute slots: `sunny` slots at the given power, irradiance and module temperature, the rest dark. */
function day(
  sunny: number,
  powerW: number,
  irradianceWm2: number | null,
  moduleTempC: number | null,
): PowerCurve {
  return {
    date: '2026-06-01',
    timeZone: 'Asia/Shanghai',
    stepMinutes: 5,
    hasWeather: irradianceWm2 !== null,
    historyLoading: false,
    points: Array.from({ length: 288 }, (_, k) => ({
      ts: `slot ${k}`,
      powerW: k < sunny ? powerW : 0,
      irradianceWm2: irradianceWm2 === null ? null : k < sunny ? irradianceWm2 : 0,
      moduleTempC,
    })),
  };
}

describe('a plant day’s IEC 61724-1 figures', () => {
  it('the worked check: 100 kWp, 12 000 kWh under 150 kWh/m² in the plane → PR 0.80', () => {
    // 1 800 slots of 5 min = 150 h; 80 kW and 1 000 W/m² throughout give 12 000 kWh and 150 kWh/m².
    const curve = day(288, 0, 0, 25);
    curve.points = Array.from({ length: 1800 }, (_, k) => ({
      ts: `slot ${k}`,
      powerW: 80_000,
      irradianceWm2: 1000,
      moduleTempC: 25,
    }));
    const f = performanceOfCurve(curve, 100_000);
    expect(f.source).toBe('sensor');
    expect(f.energyKwh).toBeCloseTo(12_000, 6);
    expect(f.poaKwhM2).toBeCloseTo(150, 6);
    expect(f.finalYieldH).toBeCloseTo(120, 6);
    expect(f.referenceYieldH).toBeCloseTo(150, 6);
    expect(f.performanceRatio).toBeCloseTo(0.8, 10);
    expect(f.temperatureCorrectedPr).toBeCloseTo(0.8, 10);
  });

  it('hot modules: the temperature-corrected PR takes back the expected thermal loss', () => {
    const f = performanceOfCurve(day(120, 80_000, 1000, 50), 100_000, -0.004);
    expect(f.performanceRatio).toBeCloseTo(0.8, 10);
    expect(f.temperatureCorrectedPr).toBeCloseTo(0.8 / 0.9, 10);
  });

  it('without a weather station: energy and final yield, but no irradiation and no PR', () => {
    const f = performanceOfCurve(day(120, 50_000, null, null), 100_000);
    expect(f).toMatchObject({
      source: 'none',
      poaKwhM2: null,
      performanceRatio: null,
      temperatureCorrectedPr: null,
    });
    expect(f.finalYieldH).toBeCloseTo(5, 10);
  });
});
