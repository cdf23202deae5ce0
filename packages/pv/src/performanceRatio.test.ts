import { describe, expect, it } from 'vitest';
import { performanceRatio, temperatureCorrectedPerformanceRatio } from './performanceRatio.ts';

describe('IEC 61724-1 yields and PR', () => {
  it('the worked check: 100 kWp, 12 000 kWh, 150 kWh/m² → Yf 120 h, Yr 150 h, PR 0.80', () => {
    const f = performanceRatio(12_000, 100, 150);
    expect(f.finalYieldH).toBeCloseTo(120, 10);
    expect(f.referenceYieldH).toBeCloseTo(150, 10);
    expect(f.performanceRatio).toBeCloseTo(0.8, 10);
  });
  it('no irradiation (a night) gives no PR rather than infinity', () => {
    expect(performanceRatio(0, 100, 0).performanceRatio).toBeNaN();
  });
  it('temperature-corrected PR removes the hot interval’s expected loss', () => {
    // A system that delivers exactly its temperature-derated nameplate is at PR' 1, though its plain PR is lower.
    const gamma = -0.004;
    const intervals = [
      { poaIrradiationKwhM2: 1, moduleTempC: 25, energyAcKwh: 100 },
      { poaIrradiationKwhM2: 1, moduleTempC: 50, energyAcKwh: 100 * (1 + gamma * 25) },
    ];
    const plain = performanceRatio(100 + 90, 100, 2).performanceRatio;
    expect(plain).toBeCloseTo(0.95, 10);
    expect(temperatureCorrectedPerformanceRatio(intervals, 100, gamma)).toBeCloseTo(1, 10);
  });
});
