import { describe, expect, it } from 'vitest';
import { calcparamsDesoto } from './calcparamsDesoto.ts';
import { lambertW } from './lambertW.ts';
import { EXAMPLE_MODULE_400W, moduleAgeFactor, moduleReferenceParameters } from './pvModule.ts';
import { singleDiode } from './singleDiode.ts';
import { expectAllClose } from './testing.ts';

const MONO_400 = EXAMPLE_MODULE_400W;

describe('module from its datasheet', () => {
  it('reproduces pvlib fit_desoto_batzelis (test_fit_desoto_batzelis)', () => {
    // Isc 15.98, Voc 50.26, Imp 15.27, Vmp 42.57, α 0.007351 A/K, β −0.120624 V/K, given here in %/K.
    const p = moduleReferenceParameters({
      pmaxW: 42.57 * 15.27,
      vmpV: 42.57,
      impA: 15.27,
      vocV: 50.26,
      iscA: 15.98,
      alphaIscPctPerK: (100 * 0.007351) / 15.98,
      betaVocPctPerK: (100 * -0.120624) / 50.26,
      gammaPmaxPctPerK: -0.35,
      cellsPerModule: 72,
      bypassDiodesPerModule: 3,
    });
    expectAllClose(p.aRef, 1.7257632483733483, 1e-9);
    expectAllClose(p.iLRef, 15.985408866796396, 1e-9);
    expectAllClose(p.iORef, 3.594308384705643e-12, 1e-7);
    expectAllClose(p.rShRef, 389.4379947026243, 1e-9);
    expectAllClose(p.rS, 0.13181590981241956, 1e-9);
    expect(lambertW(1)).toBeCloseTo(0.5671432904097838, 14);
  });
  it('the fitted model gives the datasheet back at STC', () => {
    const r = singleDiode(calcparamsDesoto(1000, 25, moduleReferenceParameters(MONO_400)));
    expect(Math.abs(r.iSc / MONO_400.iscA - 1)).toBeLessThan(1e-3);
    expect(Math.abs(r.vOc / MONO_400.vocV - 1)).toBeLessThan(5e-3);
    expect(Math.abs(r.pMp / MONO_400.pmaxW - 1)).toBeLessThan(1e-2);
  });
  it('ages by the first-year loss, then yearly', () => {
    const decay = { firstYearPct: 2, annualPct: 0.55 };
    expect(moduleAgeFactor(0, decay)).toBe(1);
    expect(moduleAgeFactor(1, decay)).toBeCloseTo(0.98, 12);
    expect(moduleAgeFactor(11, decay)).toBeCloseTo(0.98 - 0.055, 12);
  });
});
