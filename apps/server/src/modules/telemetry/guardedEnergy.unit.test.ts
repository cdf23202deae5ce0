import { describe, expect, it } from 'vitest';
import { intervalEnergies, type CounterSample } from './guardedEnergy.ts';

const STEP = 300_000;
/** Constant `powerW` every 5 minutes; `counter(i, trueKwh)` gives what the device reports. */
function series(n: number, powerW: number, counter: (i: number, trueKwh: number) => number): CounterSample[] {
  return Array.from({ length: n }, (_, i) => {
    const trueKwh = 100 + (powerW / 1000) * ((i * STEP) / 3_600_000);
    return { tMs: i * STEP, totalKwh: counter(i, trueKwh), powerW };
  });
}
const total = (s: CounterSample[], rated: number) =>
  intervalEnergies(s, rated).reduce((a, e) => a + e.energyKwh, 0);

describe('guarded counter deltas', () => {
  it('sums a clean counter exactly', () => {
    expect(
      total(
        series(289, 1000, (_, k) => k),
        5000,
      ),
    ).toBeCloseTo(24, 9);
  });

  it('treats a reset to 0 as a boundary, never negative, and keeps the true energy within 0.1 kWh', () => {
    const s = series(289, 1000, (i, k) => (i >= 150 ? k - 112.4 : k)); // the counter restarts at 0 mid-interval
    const e = intervalEnergies(s, 5000);
    expect(Math.min(...e.map((x) => x.energyKwh))).toBeGreaterThanOrEqual(0);
    expect(Math.abs(e.reduce((a, x) => a + x.energyKwh, 0) - 24)).toBeLessThan(0.1);
  });

  it('ignores small negative jitter without losing or doubling energy', () => {
    const s = series(289, 1000, (i, k) => (i % 17 === 5 ? k - 0.15 : k));
    expect(Math.abs(total(s, 5000) - 24)).toBeLessThan(0.1);
  });

  it('does not spike when a counter drops to 0 for one reading and comes back', () => {
    const s = series(289, 1000, (i, k) => (i === 100 ? 0 : k));
    const e = intervalEnergies(s, 5000);
    expect(Math.max(...e.map((x) => x.energyKwh))).toBeLessThanOrEqual(5 * (5 / 60) * 1.2);
    expect(Math.abs(e.reduce((a, x) => a + x.energyKwh, 0) - 24)).toBeLessThan(0.1);
  });

  it('treats a meter swap to a higher counter as a boundary', () => {
    const s = series(289, 1000, (i, k) => (i >= 200 ? k + 50_000 : k));
    expect(Math.abs(total(s, 5000) - 24)).toBeLessThan(0.1);
  });

  it('never lets an interval exceed the rated power by more than 20 %', () => {
    const s: CounterSample[] = [
      { tMs: 0, totalKwh: 10, powerW: 1000 },
      { tMs: STEP, totalKwh: 10.49, powerW: 1000 }, // 0.49 kWh in 5 min = 5.9 kW on a 5 kW device: accepted (≤ 6 kW)
      { tMs: 2 * STEP, totalKwh: 12, powerW: 1000 }, // 18 kW: refused, estimated from power instead
    ];
    const e = intervalEnergies(s, 5000);
    expect(e[0]!.energyKwh).toBeCloseTo(0.49, 9);
    expect(e[1]!.energyKwh).toBeCloseTo(1000 / 1000 / 12, 9);
  });

  it('credits the counter delta across a gap to the interval that ends it', () => {
    const s = series(289, 1000, (_, k) => k).filter((_, i) => i < 120 || i > 144);
    const e = intervalEnergies(s, 5000);
    expect(e.find((x) => x.endMs === 145 * STEP)!.energyKwh).toBeCloseTo(26 / 12, 9);
    expect(e.reduce((a, x) => a + x.energyKwh, 0)).toBeCloseTo(24, 9);
  });
});
