import { describe, expect, it } from 'vitest';
import { calcparamsDesoto } from './calcparamsDesoto.ts';
import type { DesotoReferenceParameters } from './calcparamsDesoto.ts';
import { lambertW } from './lambertW.ts';
import { currentFromVoltage, singleDiode, voltageFromCurrent } from './singleDiode.ts';
import type { SingleDiodeParameters } from './singleDiode.ts';
import { expectAllClose } from './testing.ts';

const sd = (il: number, i0: number, rs: number, rsh: number, a: number): SingleDiodeParameters => ({
  photocurrent: il,
  saturationCurrent: i0,
  resistanceSeries: rs,
  resistanceShunt: rsh,
  nNsVth: a,
});

// The "Example Module" of pvlib's conftest cec_module_params fixture.
const CEC_EXAMPLE: DesotoReferenceParameters = {
  alphaSc: 0.003,
  aRef: 0.473,
  iLRef: 7.545,
  iORef: 1.94e-9,
  rShRef: 15.72,
  rS: 0.094,
  egRef: 1.121,
  dEgdT: -0.0002677,
};

describe('lambertW', () => {
  it('inverts w·e^w', () => {
    for (const x of [-0.36, -0.1, 0, 1e-9, 0.5, 1, Math.E, 100, 1e10, 1e300]) {
      const w = lambertW(x);
      expectAllClose(w * Math.exp(w), x, 1e-12, 1e-15);
    }
    expect(lambertW(-1)).toBeNaN();
  });
});

describe('voltageFromCurrent', () => {
  // pvlib tests/test_pvsystem.py fixture_v_from_i, atol 1e-11 (lambertw)
  const cases: [SingleDiodeParameters, number, number][] = [
    [sd(7, 6e-7, 0.1, 20, 0.5), 3, 7.504987519345052],
    [sd(7, 6e-7, 0.1, Infinity, 0.5), 0, 0.5 * (Math.log(7 + 6e-7) - Math.log(6e-7))],
    [sd(7, 6e-7, 0, Infinity, 0.5), 3.5, 0.5 * (Math.log(7 - 3.5 + 6e-7) - Math.log(6e-7))],
    [sd(7, 6e-7, 0, 20, 0.5), 3, 7.804987519345062],
    [sd(1.2, 6e-10, 10, 500, 4.06), 0, 86.32000049352108],
    [sd(10.491262, 7.05196029e-8, 1.065, 190, 2.89), 0, 54.303958833791455],
    [sd(5.136695, 1.8739027472625636e-9, 1.065, 381.68, 2.681527737715915), 0, 58.19323124611128],
  ];
  it.each(cases)('case %#', (p, i, vExpected) =>
    expectAllClose(voltageFromCurrent(i, p), vExpected, 0, 1e-11),
  );
});

describe('currentFromVoltage', () => {
  // pvlib tests/test_pvsystem.py fixture_i_from_v, atol 1e-11
  const cases: [SingleDiodeParameters, number, number][] = [
    [sd(7, 6e-7, 0.1, 20, 0.5), 7.504987519345052, 3],
    [sd(7, 6e-7, 0, 20, 0.5), 0, 7],
    [
      sd(7, 6e-7, 0, Infinity, 0.5),
      (0.5 * (Math.log(7 + 6e-7) - Math.log(6e-7))) / 2,
      7 - 6e-7 * Math.expm1((Math.log(7 + 6e-7) - Math.log(6e-7)) / 2),
    ],
    [sd(7, 6e-7, 0, Infinity, 0.5), 0.5 * (Math.log(7 + 6e-7) - Math.log(6e-7)), 0],
    [sd(7, 6e-7, 0.1, Infinity, 0.5), 7.504987519345052, 3.2244873645510923],
  ];
  it.each(cases)('case %#', (p, v, iExpected) =>
    expectAllClose(currentFromVoltage(v, p), iExpected, 0, 1e-11),
  );
});

describe('singleDiode', () => {
  it('floats (test_pvsystem.py::test_singlediode_floats, atol 1e-6)', () => {
    const out = singleDiode(sd(7, 6e-7, 0.1, 20, 0.5), 3);
    expectAllClose(out.iXx, 4.264060478, 0, 1e-6);
    expectAllClose(out.iMp, 6.13626736, 0, 1e-6);
    expectAllClose(out.vOc, 8.106300147, 0, 1e-6);
    expectAllClose(out.pMp, 38.19421055, 0, 1e-6);
    expectAllClose(out.iX, 6.7558815684, 0, 1e-6);
    expectAllClose(out.iSc, 6.965172322, 0, 1e-6);
    expectAllClose(out.vMp, 6.224339375, 0, 1e-6);
    // test_singlediode_floats_ivcurve
    [6.965172322, 6.755881568, 2.664535259e-14].forEach((e, k) =>
      expectAllClose(out.curve[k]?.current ?? NaN, e, 0, 1e-6),
    );
    [0, 4.053150073, 8.106300147].forEach((e, k) => expectAllClose(out.curve[k]?.voltage ?? NaN, e, 0, 1e-6));
  });

  it('maximum power point (test_mpp_floats)', () => {
    const out = singleDiode(sd(7, 6e-7, 0.1, 20, 0.5));
    expectAllClose(out.iMp, 6.1362673597376753, 1e-5, 1e-8);
    expectAllClose(out.vMp, 6.2243393757884284, 1e-5, 1e-8);
    expectAllClose(out.pMp, 38.19421054758051, 1e-5, 1e-8);
  });

  it('array of photocurrents (test_singlediode_array, atol 1e-8)', () => {
    const iExp = [
      0, 0.54614798740338, 1.435026463529, 2.3621366610078, 3.2953968319952, 4.2303869378787, 5.1655276691892,
      6.1000269648604, 7.0333996177802, 7.9653036915959, 8.8954716265647,
    ];
    const vExp = [
      0, 7.0966259059555, 7.9961986643428, 8.2222496810656, 8.3255927555753, 8.3766915453915, 8.3988872440242,
      8.4027948807891, 8.3941399580559, 8.3763655188855, 8.3517057522791,
    ];
    for (let k = 0; k <= 10; k++) {
      const out = singleDiode(sd(k, 1.943e-9, 0.094, 16, 0.473));
      expectAllClose(out.iMp, iExp[k] ?? NaN, 0, 1e-8);
      expectAllClose(out.vMp, vExp[k] ?? NaN, 0, 1e-8);
    }
  });

  it('De Soto parameters through the IV curve (test_singlediode_series_ivcurve, atol 1e-2)', () => {
    const expected = [
      { iSc: 0, vOc: 0, iMp: 0, vMp: 0, pMp: 0, iX: 0, iXx: 0 },
      {
        iSc: 3.0107986,
        vOc: 9.96959733,
        iMp: 2.65628596,
        vMp: 8.321092255,
        pMp: 22.10320053,
        iX: 2.884132006,
        iXx: 2.052691562,
      },
      {
        iSc: 6.00726296,
        vOc: 10.29603253,
        iMp: 5.290525645,
        vMp: 8.409413795,
        pMp: 44.49021934,
        iX: 5.746202281,
        iXx: 3.909673879,
      },
    ];
    [0, 400, 800].forEach((g, k) => {
      const out = singleDiode(calcparamsDesoto(g, 25, CEC_EXAMPLE), 3);
      const e = expected[k];
      if (!e) throw new Error('missing fixture');
      for (const key of Object.keys(e) as (keyof typeof e)[]) expectAllClose(out[key], e[key], 0, 1e-2);
    });
  });

  it('is zero at night and NaN for NaN input', () => {
    expect(singleDiode(sd(0, 1e-9, 0.1, 100, 0.5)).pMp).toBe(0);
    expect(singleDiode(sd(-1, 1e-9, 0.1, 100, 0.5)).iSc).toBe(0);
    expect(singleDiode(sd(NaN, 1e-9, 0.1, 100, 0.5)).pMp).toBeNaN();
  });

  it('handles a long string (26 modules, 1500 V class) without overflow', () => {
    const p = calcparamsDesoto(1000, 45, CEC_EXAMPLE);
    const string = {
      ...p,
      resistanceSeries: p.resistanceSeries * 26,
      resistanceShunt: p.resistanceShunt * 26,
      nNsVth: p.nNsVth * 26,
    };
    const out = singleDiode(string, 50);
    expect(out.vOc).toBeGreaterThan(200);
    expect(out.curve.every((pt) => Number.isFinite(pt.current))).toBe(true);
  });
});

describe('calcparamsDesoto', () => {
  // pvlib tests/test_pvsystem.py::test_calcparams_desoto (check_less_precise=3, i.e. 3 decimals)
  it('translates to 0, 800 W/m² at 25 °C and 800 W/m² at 50 °C', () => {
    const rows = [
      [0, 25, 0, 0, 0.094, Infinity, 0.473],
      [800, 25, 6.036, 1.94e-9, 0.094, 19.65, 0.473],
      [800, 50, 6.096, 7.419e-8, 0.094, 19.65, 0.5127],
    ] as const;
    for (const [g, t, il, i0, rs, rsh, a] of rows) {
      const p = calcparamsDesoto(g, t, CEC_EXAMPLE);
      expectAllClose(p.photocurrent, il, 0, 5e-4);
      expectAllClose(p.saturationCurrent, i0, 0, 5e-4);
      // the saturation current is tiny: check the 25 °C value relatively too (pvlib's 50 °C figure is loose)
      if (t === 25 && i0 > 0) expectAllClose(p.saturationCurrent, i0, 1e-3);
      expectAllClose(p.resistanceSeries, rs, 0, 5e-4);
      if (rsh === Infinity) expect(p.resistanceShunt).toBe(Infinity);
      else expectAllClose(p.resistanceShunt, rsh, 0, 5e-4);
      expectAllClose(p.nNsVth, a, 0, 5e-4);
    }
  });
});
