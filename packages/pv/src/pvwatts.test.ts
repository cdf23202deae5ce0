import { describe, expect, it } from 'vitest';
import { pvwattsDc, pvwattsInverter, pvwattsLosses } from './pvwatts.ts';
import { expectAllClose } from './testing.ts';

describe('PVWatts DC', () => {
  it('scalar (test_pvsystem.py::test_pvwatts_dc_scalars)', () =>
    expectAllClose(pvwattsDc(900, 30, 100, -0.003), 88.65));
  it('NaN in either input (test_pvwatts_dc_arrays)', () => {
    const g = [NaN, 900, 900];
    const t = [30, NaN, 30];
    const expected = [
      [NaN, 88.65, 88.65],
      [NaN, NaN, NaN],
      [NaN, 88.65, 88.65],
    ];
    t.forEach((ti, i) =>
      g.forEach((gj, j) => expectAllClose(pvwattsDc(gj, ti, 100, -0.003), expected[i]?.[j] ?? NaN)),
    );
  });
  it('zero irradiance gives zero power', () => expect(pvwattsDc(0, 10, 100, -0.004)).toBe(0));
});

describe('PVWatts losses', () => {
  it('defaults (test_pvsystem.py::test_pvwatts_losses_default)', () =>
    expectAllClose(pvwattsLosses(), 14.075660688264469));
});

describe('PVWatts inverter', () => {
  it('scalars (test_inverter.py::test_pvwatts_scalars)', () => {
    expectAllClose(pvwattsInverter(90, 100, 0.95), 85.58556604752516);
    expectAllClose(pvwattsInverter(0, 100), 0);
  });
  it('never negative at tiny input (test_pvwatts_possible_negative)', () =>
    expectAllClose(pvwattsInverter(0.001, 1), 0));
  it('arrays with NaN and clipping at pac0 (test_pvwatts_arrays)', () => {
    [NaN, 0, 47.60843624, 95].forEach((e, i) =>
      expectAllClose(pvwattsInverter([NaN, 0, 50, 100][i] ?? NaN, 100, 0.95), e),
    );
  });
  it('clips at the AC rating for any overload', () => {
    for (const pdc of [100, 120, 200, 1e6]) expect(pvwattsInverter(pdc, 100, 0.96)).toBeLessThanOrEqual(96);
  });
  it('is zero for negative DC power', () => expect(pvwattsInverter(-5, 100)).toBe(0));
});
