import { describe, expect, it } from 'vitest';
import { absoluteAirmass, altitudeToPressure, pressureToAltitude, relativeAirmass } from './atmosphere.ts';

function expectClose(actual: number, expected: number, atol: number): void {
  if (Number.isNaN(expected)) expect(Number.isNaN(actual)).toBe(true);
  else expect(Math.abs(actual - expected)).toBeLessThanOrEqual(atol + 1e-7 * Math.abs(expected));
}

describe('atmosphere', () => {
  it('converts pressure to altitude (test_atmosphere.py::test_pres2alt, atol 0.001)', () => {
    [10000, 90000, 101325].forEach((p, i) =>
      expectClose(pressureToAltitude(p), [15797.638, 988.637, 0.124][i] ?? NaN, 0.001),
    );
  });

  it('converts altitude to pressure (test_atmosphere.py::test_alt2pres, atol 0.001)', () => {
    [-100, 0, 1000, 8000].forEach((h, i) =>
      expectClose(altitudeToPressure(h), [102532.073, 101324.999, 89874.75, 35600.496][i] ?? NaN, 0.001),
    );
  });

  it('gives Kasten–Young air mass, NaN below the horizon (test_airmass[kastenyoung1989], atol 0.001)', () => {
    const expected = [NaN, 36.467, 5.586, 1.0];
    [100, 89.9, 80, 0].forEach((z, i) => expectClose(relativeAirmass(z), expected[i] ?? NaN, 0.001));
    // test_airmass_scalar
    expect(Number.isNaN(relativeAirmass(10))).toBe(false);
    expect(Number.isNaN(relativeAirmass(NaN))).toBe(true);
  });

  it('scales air mass by pressure (test_atmosphere.py::test_get_absolute_airmass, atol 0.001)', () => {
    const am = [NaN, 40, 2, 0.999];
    am.forEach((a, i) => expectClose(absoluteAirmass(a), [NaN, 40, 2, 0.999][i] ?? NaN, 0.001));
    am.forEach((a, i) =>
      expectClose(absoluteAirmass(a, 90000), [NaN, 35.529, 1.776, 0.887][i] ?? NaN, 0.001),
    );
  });
});
