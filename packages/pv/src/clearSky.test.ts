import { describe, expect, it } from 'vitest';
import { clearSkyHaurwitz } from './clearSkyHaurwitz.ts';
import { clearSkyIneichen } from './clearSkyIneichen.ts';
import { extraRadiation } from './extraterrestrialRadiation.ts';
import { linkeTurbidityClimatology } from './linkeTurbidity.ts';

/** numpy assert_allclose default: |a − e| ≤ 1e-7·|e|, NaN equal to NaN. */
function expectAllClose(actual: number, expected: number, rtol = 1e-7, atol = 0): void {
  if (Number.isNaN(expected)) expect(Number.isNaN(actual)).toBe(true);
  else expect(Math.abs(actual - expected)).toBeLessThanOrEqual(atol + rtol * Math.abs(expected));
}

describe('clearSkyIneichen', () => {
  it('matches a scalar input (test_clearsky.py::test_ineichen_scalar_input)', () => {
    const out = clearSkyIneichen(10, 1, 3);
    expectAllClose(out.ghi, 1038.159219);
    expectAllClose(out.dni, 942.2081860378344);
    expectAllClose(out.dhi, 110.26529293612793);
  });

  it('matches a time series, 0 at night where the air mass is NaN (test_ineichen_series)', () => {
    const z = [
      124.0390863, 113.38779941, 82.85457044, 46.0467599, 10.56413562, 34.86074109, 72.41687122, 105.69538659,
      124.05614124,
    ];
    const am = [NaN, NaN, 6.97935524, 1.32355476, 0.93527685, 1.12008114, 3.01614096, NaN, NaN];
    const expected = [
      [0, 0, 0],
      [0, 0, 0],
      [65.49426624, 321.16092181, 25.54562017],
      [704.6968125, 888.90147035, 87.73601277],
      [1044.1230677, 953.24925854, 107.03109696],
      [853.02065704, 922.06124712, 96.42909484],
      [251.99427693, 655.44925241, 53.9901349],
      [0, 0, 0],
      [0, 0, 0],
    ];
    z.forEach((zi, i) => {
      const out = clearSkyIneichen(zi, am[i] ?? NaN, 3);
      const e = expected[i] ?? [];
      // pandas assert_frame_equal: rtol 1e-5
      [out.ghi, out.dni, out.dhi].forEach((v, k) => expectAllClose(v, e[k] ?? NaN, 1e-5, 1e-8));
    });
  });

  it('applies the Perez enhancement (test_ineichen_series_perez_enhancement)', () => {
    const out = clearSkyIneichen(82.85457044, 6.97935524, 3, { perezEnhancement: true });
    expectAllClose(out.ghi, 91.1249279, 1e-5);
    expectAllClose(out.dni, 321.16092171, 1e-5);
    expectAllClose(out.dhi, 51.17628184, 1e-5);
  });

  it('propagates NaN in each input (test_ineichen_nans)', () => {
    expect(Number.isNaN(clearSkyIneichen(NaN, 1, 3, { dniExtra: 1370 }).ghi)).toBe(true);
    expect(Number.isNaN(clearSkyIneichen(10, 1, NaN, { dniExtra: 1370 }).dni)).toBe(true);
    expect(Number.isNaN(clearSkyIneichen(10, 1, 3, { dniExtra: NaN }).dhi)).toBe(true);
    const ok = clearSkyIneichen(10, 1, 3, { dniExtra: 1370 });
    expectAllClose(ok.ghi, 1042.72590228);
    expectAllClose(ok.dni, 946.35279683);
    expectAllClose(ok.dhi, 110.75033088);
  });

  it('matches the meshgrid of zenith, air mass and turbidity (test_ineichen_arrays)', () => {
    // expected[i][j][k]: air mass index i, zenith index j, turbidity index k (numpy meshgrid 'xy')
    const ghi = [
      [
        [1095.77074798, 1054.17449885, 1014.15727338],
        [839.40909243, 807.54451692, 776.88954373],
        [190.27859353, 183.05548067, 176.10656239],
      ],
      [
        [773.49041181, 625.19479557, 505.33080493],
        [592.52803177, 478.92699901, 387.10585505],
        [134.31520045, 108.56393694, 87.74977339],
      ],
      [
        [545.9968869, 370.78162375, 251.79449885],
        [418.25788117, 284.03520249, 192.88577665],
        [94.81136442, 64.38555328, 43.72365587],
      ],
    ];
    const dni = [
      [1014.38807396, 942.20818604, 861.11344424],
      [687.61305142, 419.14891162, 255.50098235],
      [458.62196014, 186.46177428, 75.80970012],
    ];
    const dhi = [
      [
        [81.38267402, 111.96631281, 153.04382915],
        [62.3427452, 85.77117175, 117.23837487],
        [14.13195304, 19.44274618, 26.57578203],
      ],
      [
        [85.87736039, 206.04588395, 249.82982258],
        [65.78587472, 157.84030442, 191.38074731],
        [14.91244713, 35.77949226, 43.38249342],
      ],
      [
        [87.37492676, 184.31984947, 175.98479873],
        [66.93307711, 141.19719644, 134.81217714],
        [15.17249681, 32.00680597, 30.5594396],
      ],
    ];
    const zen = [0, 40, 80];
    const am = [1, 5.5, 10];
    const tl = [2, 3, 4];
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 3; j++)
        for (let k = 0; k < 3; k++) {
          const out = clearSkyIneichen(zen[j] ?? NaN, am[i] ?? NaN, tl[k] ?? NaN);
          expectAllClose(out.ghi, ghi[i]?.[j]?.[k] ?? NaN);
          expectAllClose(out.dni, dni[i]?.[k] ?? NaN);
          expectAllClose(out.dhi, dhi[i]?.[j]?.[k] ?? NaN);
        }
  });

  it('uses dni_extra and altitude (test_ineichen_dni_extra, test_ineichen_altitude)', () => {
    const a = clearSkyIneichen(10, 1, 3, { dniExtra: 1370 });
    expectAllClose(a.ghi, 1042.72590228, 1e-5);
    const b = clearSkyIneichen(10, 1, 3, { altitude: 2000 });
    expectAllClose(b.ghi, 1134.24312405, 1e-5);
    expectAllClose(b.dni, 994.95377835, 1e-5);
    expectAllClose(b.dhi, 154.40492924, 1e-5);
  });

  it('is zero, not NaN, with the sun below the horizon and no air mass, with or without Perez', () => {
    for (const perezEnhancement of [false, true])
      expect(clearSkyIneichen(124.0390863, NaN, 3, { perezEnhancement })).toEqual({ ghi: 0, dni: 0, dhi: 0 });
  });

  it('is zero with the sun below the horizon and a finite air mass', () => {
    const out = clearSkyIneichen(95, 30, 3);
    expect(out.ghi).toBe(0);
    expect(out.dni).toBe(0);
    expect(out.dhi).toBe(0);
  });
});

describe('clearSkyHaurwitz', () => {
  it('matches pvlib (test_clearsky.py::test_haurwitz)', () => {
    const elev = [-20, -0.05, -0.001, 5, 10, 30, 50, 90];
    const expected = [
      0, 0, 0, 48.6298687941956, 135.741748091813, 487.894132885425, 778.766689344363, 1035.0920325345,
    ];
    elev.forEach((e, i) => expectAllClose(clearSkyHaurwitz(90 - e), expected[i] ?? NaN, 1e-5, 1e-8));
    expect(Number.isNaN(clearSkyHaurwitz(NaN))).toBe(true);
  });
});

describe('extraRadiation', () => {
  it('matches doy 300 by both methods (test_irradiance.py::test_get_extra_radiation, atol 10)', () => {
    expectAllClose(extraRadiation(300), 1383.636203, 0, 10);
    expectAllClose(extraRadiation(300, 'asce'), 1383.636203, 0, 10);
    expectAllClose(extraRadiation(new Date('2016-10-26T00:00:00Z')), 1383.636203, 0, 10);
  });
});

describe('linkeTurbidityClimatology', () => {
  it('stays in the plausible range and peaks in the local summer', () => {
    for (let lat = -60; lat <= 60; lat += 10)
      for (let m = 1; m <= 12; m++) {
        const tl = linkeTurbidityClimatology(lat, m);
        expect(tl).toBeGreaterThan(1.5);
        expect(tl).toBeLessThan(4.5);
      }
    expect(linkeTurbidityClimatology(40, 7)).toBeGreaterThan(linkeTurbidityClimatology(40, 1));
    expect(linkeTurbidityClimatology(-30, 1)).toBeGreaterThan(linkeTurbidityClimatology(-30, 7));
  });
});
