import { describe, expect, it } from 'vitest';
import { faultCodeOf, type FaultKind } from '@solarops/contracts';
import { DEFAULT_FAULT_RATES, applyFault, nextFaultState, startFault } from './faultInjector.ts';
import type { FaultableReading } from './faultInjector.ts';
import { arcFaultSpectrum, gridFaultWaveform } from './faultSignals.ts';

const NOMINAL = { voltageV: 230, frequencyHz: 50 };

function reading(): FaultableReading {
  return {
    acPowerW: 9000,
    gridVoltage: [231, 229, 230],
    gridCurrent: [13, 13, 13],
    gridFrequency: [50, 50, 50],
    tempInverter: 45,
    status: 'normal',
    faultCode: 0,
    pvStrings: [
      { voltage: 600, current: 5 },
      { voltage: 600, current: 5 },
      { voltage: 600, current: 5 },
    ],
  };
}

describe('nextFaultState', () => {
  const ctx = { seed: 1, deviceSeed: 42, stepMs: 300_000, stringCount: 3 };

  it('never starts a fault at rate 0', () => {
    for (let t = 0; t < 86_400_000 * 10; t += 300_000)
      expect(nextFaultState(null, { ...ctx, timeMs: t, rates: {} })).toBeNull();
  });

  it('starts faults near the configured rate and is deterministic', () => {
    let starts = 0;
    for (let t = 0; t < 86_400_000 * 50; t += 300_000)
      if (nextFaultState(null, { ...ctx, timeMs: t, rates: { arcFault: 2 } })) starts++;
    // Expected 100 starts in 50 days at 2/day (Poisson, sd 10).
    expect(starts).toBeGreaterThan(60);
    expect(starts).toBeLessThan(140);
    const a = nextFaultState(null, { ...ctx, timeMs: 123 * 300_000, rates: DEFAULT_FAULT_RATES });
    const b = nextFaultState(null, { ...ctx, timeMs: 123 * 300_000, rates: DEFAULT_FAULT_RATES });
    expect(a).toEqual(b);
  });

  it('keeps a fault until its recovery instant, then clears it', () => {
    const f = startFault('overTemperature', 0, 900_000);
    expect(nextFaultState(f, { ...ctx, timeMs: 600_000, rates: {} })).toBe(f);
    expect(nextFaultState(f, { ...ctx, timeMs: 900_000, rates: {} })).toBeNull();
  });

  it('picks a string within range for string faults', () => {
    for (let t = 0; t < 86_400_000 * 20; t += 300_000) {
      const f = nextFaultState(null, { ...ctx, timeMs: t, rates: { stringOpen: 5 } });
      if (f) {
        expect(f.stringIndex).toBeGreaterThanOrEqual(0);
        expect(f.stringIndex).toBeLessThan(3);
      }
    }
  });
});

describe('applyFault', () => {
  it('leaves the reading unchanged without a fault', () => {
    const r = reading();
    expect(applyFault(r, null, NOMINAL)).toBe(r);
  });

  it('sends nothing on loss of communication', () => {
    expect(applyFault(reading(), startFault('lossOfCommunication', 0, 1), NOMINAL)).toBeNull();
  });

  it.each<[FaultKind, (r: FaultableReading) => boolean]>([
    ['gridOverVoltage', (r) => r.gridVoltage.every((v) => v > 1.1 * 230) && r.acPowerW === 0],
    ['gridUnderVoltage', (r) => r.gridVoltage.every((v) => v < 0.85 * 230) && r.acPowerW === 0],
    ['gridOverFrequency', (r) => r.gridFrequency.every((f) => f > 50.5) && r.acPowerW === 0],
    ['gridUnderFrequency', (r) => r.gridFrequency.every((f) => f < 49.5) && r.acPowerW === 0],
    ['lowInsulation', (r) => r.acPowerW === 0 && r.status === 'fault'],
    ['arcFault', (r) => r.acPowerW === 0 && r.pvStrings.every((s) => s.current === 0)],
    ['overTemperature', (r) => r.acPowerW === 4500 && r.tempInverter >= 85 && r.status === 'derating'],
    [
      'stringShort',
      (r) =>
        r.pvStrings[1]?.voltage === 0 && r.pvStrings[1]?.current === 0 && Math.abs(r.acPowerW - 6000) < 1e-6,
    ],
  ])('%s alters the reading', (kind, check) => {
    const out = applyFault(reading(), startFault(kind, 0, 1, 1), NOMINAL);
    expect(out?.faultCode).toBe(faultCodeOf(kind).code);
    expect(out && check(out)).toBe(true);
  });

  it('string open zeroes that string only', () => {
    const out = applyFault(reading(), startFault('stringOpen', 0, 1, 0), NOMINAL);
    expect(out?.pvStrings[0]?.current).toBe(0);
    expect(out?.pvStrings[0]?.voltage).toBeGreaterThan(600);
    expect(out?.pvStrings[1]).toEqual({ voltage: 600, current: 5 });
  });
});

describe('fault signals', () => {
  it('an arc raises the current spectrum floor in the detection band', () => {
    const arc = arcFaultSpectrum(3, true);
    const healthy = arcFaultSpectrum(3, false);
    expect(arc).toHaveLength(256);
    const band = (s: typeof arc) =>
      s.filter((p) => p.frequencyHz > 20_000 && p.frequencyHz < 30_000).reduce((a, p) => a + p.amplitude, 0);
    expect(band(arc)).toBeGreaterThan(5 * band(healthy));
    expect(arcFaultSpectrum(3, true)).toEqual(arc);
  });

  it('a grid over-voltage record swells and then trips the current', () => {
    const w = gridFaultWaveform('gridOverVoltage', 1, { voltageV: 230, frequencyHz: 50, currentA: 10 });
    expect(w).toHaveLength(8 * 128);
    const peak = (from: number, to: number, key: 'voltage' | 'current') =>
      Math.max(...w.slice(from, to).map((s) => Math.abs(s[key])));
    expect(peak(0, 256, 'voltage')).toBeLessThan(230 * Math.SQRT2 * 1.02);
    expect(peak(512, 768, 'voltage')).toBeGreaterThan(230 * Math.SQRT2 * 1.1);
    expect(peak(0, 256, 'current')).toBeGreaterThan(13);
    expect(peak(900, 1024, 'current')).toBeLessThan(0.5);
    // timestamps are kept to the microsecond
    expect(w[1]?.timeMs).toBeCloseTo(1000 / 6400, 3);
  });
});
