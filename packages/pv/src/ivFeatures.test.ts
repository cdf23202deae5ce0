import { describe, expect, it } from 'vitest';
import { calcparamsDesoto } from './calcparamsDesoto.ts';
import { curveFigures } from './ivCurveAnalysis.ts';
import { extractParameters, shapeFeatures, MISSING_VOLTAGE_LEVELS } from './ivFeatures.ts';
import { drawStringState } from './ivFaults.ts';
import { addTracerNoise, stringCurve, type IvPoint, type StringLayout } from './ivString.ts';
import { EXAMPLE_MODULE_400W, moduleReferenceParameters } from './pvModule.ts';
import { mulberry32 } from './random.ts';
import { singleDiode, type SingleDiodeParameters } from './singleDiode.ts';

const model = (p: SingleDiodeParameters, n = 300): IvPoint[] =>
  singleDiode(p, n).curve.map((c): IvPoint => [c.voltage, c.current]);

describe('single-diode parameters read from a curve', () => {
  // pvlib's fit_sandia_simple test curve: IL 8, I0 5e-10, Rs 0.2, Rsh 1000, nNsVth 1.61864 (here 60 cells at 25 °C).
  const truth = {
    photocurrent: 8,
    saturationCurrent: 5e-10,
    resistanceSeries: 0.2,
    resistanceShunt: 1000,
    nNsVth: 1.61864,
  };
  it('finds R_s, the ideality and I_L of a noiseless curve, and R_sh where the plateau shows it', () => {
    const curve = model(truth);
    const f = curveFigures(curve);
    const p = extractParameters(curve, f.iscA, f.vocV, 60, 25);
    expect(p.seriesOhm.value).toBeCloseTo(0.2, 1);
    expect(p.ideality.value * 60 * 0.025693).toBeCloseTo(1.61864, 1);
    expect(p.lightCurrentA.value).toBeCloseTo(8, 1);
    expect(p.shuntOhm.value / 1000).toBeGreaterThan(0.8);
    expect(p.shuntOhm.value / 1000).toBeLessThan(1.25);
  });
  it('gives a larger standard error to a noisier curve, and no shunt at all to a flat plateau in noise', () => {
    const rng = mulberry32(3);
    const noisy = (sigma: number) =>
      model({ ...truth, resistanceShunt: 1e7 }).map(([v, i]): IvPoint => [
        v,
        i + sigma * (rng() - 0.5) * 3.46,
      ]);
    const quiet = noisy(0.005);
    const loud = noisy(0.04);
    const fq = curveFigures(quiet);
    const fl = curveFigures(loud);
    const pq = extractParameters(quiet, fq.iscA, fq.vocV, 60, 25);
    const pl = extractParameters(loud, fl.iscA, fl.vocV, 60, 25);
    expect(pl.seriesOhm.stdError).toBeGreaterThan(pq.seriesOhm.stdError);
    expect(pq.shuntOhm.value).toBe(Infinity);
  });
});

describe('missing-voltage profile and steps', () => {
  const layout: StringLayout = { module: EXAMPLE_MODULE_400W, modulesInSeries: 16 };
  const ref = moduleReferenceParameters(layout.module);
  const shape = {
    modulesInSeries: 16,
    bypassDiodesPerModule: 3,
    moduleVocV: 49.5,
    moduleIscA: 10.3,
    moduleShuntRefOhm: ref.rShRef,
    moduleDiodeVoltageV: ref.aRef,
  };
  // The healthy string at 900 W/m² and 40 °C with the light the measured curve shows.
  const reference = (iscA: number): SingleDiodeParameters => {
    const p = calcparamsDesoto(900, 40, ref);
    const string = {
      ...p,
      resistanceSeries: p.resistanceSeries * 16,
      resistanceShunt: p.resistanceShunt * 16,
      nNsVth: p.nNsVth * 16,
    };
    return { ...string, photocurrent: (p.photocurrent * iscA) / singleDiode(string).iSc };
  };
  it('a healthy string lacks no voltage at any current level and has no steps', () => {
    const state = drawStringState('normal', shape, mulberry32(2));
    const curve = addTracerNoise(stringCurve(layout, state, 900, 40, 300), layout, mulberry32(3));
    const f = curveFigures(curve);
    const s = shapeFeatures(curve, f.iscA, f.vocV, reference(f.iscA));
    expect(s.missingVoltage).toHaveLength(MISSING_VOLTAGE_LEVELS.length);
    for (const x of s.missingVoltage.slice(0, -1)) expect(Math.abs(x)).toBeLessThan(0.03);
    expect(s.stepCount).toBe(0);
    expect(s.noise).toBeGreaterThan(0.001);
    expect(s.noise).toBeLessThan(0.006);
  });
  it('a quarter of the substrings shaded to 40 %: a quarter of the voltage goes missing above 40 % of I_sc', () => {
    const state = drawStringState('normal', shape, mulberry32(4));
    state.substrings.slice(0, 12).forEach((s) => (s.light *= 0.4));
    const curve = addTracerNoise(stringCurve(layout, state, 900, 40, 300), layout, mulberry32(5));
    const f = curveFigures(curve);
    const s = shapeFeatures(curve, f.iscA, f.vocV, reference(f.iscA));
    const at = (level: number) => s.missingVoltage[MISSING_VOLTAGE_LEVELS.indexOf(level as never)]!;
    expect(Math.abs(at(0.2))).toBeLessThan(0.04);
    expect(at(0.6)).toBeGreaterThan(0.2);
    expect(at(0.6)).toBeLessThan(0.32);
    expect(s.stepCount).toBeGreaterThanOrEqual(1);
    expect(s.stepDrop).toBeGreaterThan(0.4);
  });
});
