import { describe, expect, it } from 'vitest';
import { curveFigures, translateIec60891 } from './ivCurveAnalysis.ts';
import { diagnoseIvCurve } from './ivDiagnosis.ts';
import { IV_FAULT_CLASSES, drawStringState } from './ivFaults.ts';
import { stringCurve, synthesizeScan, type StringLayout } from './ivString.ts';
import { EXAMPLE_MODULE_400W, moduleReferenceParameters } from './pvModule.ts';
import { mulberry32 } from './random.ts';

const LAYOUT: StringLayout = {
  module: EXAMPLE_MODULE_400W,
  modulesInSeries: 16,
};
const shape = {
  modulesInSeries: 16,
  bypassDiodesPerModule: 3,
  moduleVocV: 49.5,
  moduleIscA: 10.3,
  moduleShuntRefOhm: moduleReferenceParameters(LAYOUT.module).rShRef,
};

describe('string curve with bypass diodes', () => {
  it('a healthy string is the module curve times the modules in series', () => {
    const curve = stringCurve(LAYOUT, drawStringState('normal', shape, mulberry32(1)), 1000, 25, 200);
    const f = curveFigures(curve);
    expect(f.pmpW / (16 * 400)).toBeGreaterThan(0.98);
    expect(f.pmpW / (16 * 400)).toBeLessThan(1.02);
    expect(f.vocV / (16 * 49.5)).toBeCloseTo(1, 2);
    expect(f.stepDepth).toBeLessThan(0.005);
  });
  it('one shaded module cuts a step: two power maxima', () => {
    const state = drawStringState('normal', shape, mulberry32(2));
    for (const s of state.substrings.slice(0, 3)) s.light = 0.4;
    const curve = stringCurve(LAYOUT, state, 1000, 25, 300);
    const powers = curve.map(([v, i]) => v * i);
    const maxima = powers.filter(
      (p, k) => k > 0 && k < powers.length - 1 && p > powers[k - 1]! && p >= powers[k + 1]!,
    );
    expect(maxima.length).toBe(2);
    expect(curveFigures(curve).stepDepth).toBeGreaterThan(0.035);
  });
  it('a shorted bypass diode takes one substring of voltage', () => {
    const state = drawStringState('normal', shape, mulberry32(3));
    const healthy = curveFigures(stringCurve(LAYOUT, state, 1000, 25, 200)).vocV;
    state.substrings[5]!.shorted = true;
    const shorted = curveFigures(stringCurve(LAYOUT, state, 1000, 25, 200)).vocV;
    expect(healthy - shorted).toBeCloseTo(49.5 / 3, 0);
  });
});

describe('IEC 60891 procedure 2', () => {
  it('translates a modelled curve at 600 W/m² and 50 °C to the modelled STC curve', () => {
    const state = drawStringState('normal', shape, mulberry32(4));
    const hotDim = stringCurve(LAYOUT, state, 600, 50, 300);
    const stc = curveFigures(stringCurve(LAYOUT, state, 1000, 25, 300));
    const ref = moduleReferenceParameters(LAYOUT.module);
    const translated = curveFigures(
      translateIec60891(
        hotDim,
        curveFigures(hotDim).vocV,
        { poaWm2: 600, moduleTempC: 50 },
        { poaWm2: 1000, moduleTempC: 25 },
        {
          alphaRel: 0.0005,
          betaRel: -0.0029,
          irradianceCorrection: ref.aRef / 49.5,
          seriesOhm: ref.rS * 16,
          kappaOhmPerK: 0,
        },
      ),
    );
    expect(translated.iscA / stc.iscA).toBeCloseTo(1, 2);
    expect(Math.abs(translated.vocV / stc.vocV - 1)).toBeLessThan(0.015);
    // Without a measured curve-correction factor κ′ (taken as 0) the power is within about 2 % over 25 K.
    expect(Math.abs(translated.pmpW / stc.pmpW - 1)).toBeLessThan(0.03);
  });
});

describe('diagnosis per class', () => {
  // Twelve noisy strings per class at field conditions, reported exactly, at least ten recognised; the bench
  // (bench/iv-accuracy) measures the accuracy with sensor errors on a held-out seed.
  for (const fault of IV_FAULT_CLASSES) {
    it(`recognises ${fault}`, () => {
      const rng = mulberry32(1000 + IV_FAULT_CLASSES.indexOf(fault));
      let right = 0;
      for (let k = 0; k < 12; k++) {
        const poa = 500 + 500 * rng();
        const temp = 20 + 40 * rng();
        const scan = synthesizeScan(LAYOUT, fault, poa, temp, 150, rng);
        const d = diagnoseIvCurve({
          ...LAYOUT,
          conditions: { poaWm2: poa, moduleTempC: temp },
          points: scan.points,
        });
        if (d.faultClass === fault) right++;
      }
      expect(right).toBeGreaterThanOrEqual(10);
    });
  }

  it('a healthy string: performance factor near 1, figures at STC near the datasheet, no loss', () => {
    const scan = synthesizeScan(LAYOUT, 'normal', 800, 45, 200, mulberry32(7));
    const d = diagnoseIvCurve({
      ...LAYOUT,
      conditions: { poaWm2: 800, moduleTempC: 45 },
      points: scan.points,
    });
    expect(d.faultClass).toBe('normal');
    expect(d.performanceFactor).toBeGreaterThan(0.97);
    expect(d.performanceFactor).toBeLessThan(1.03);
    expect(Math.abs(d.stc.pmpW / (16 * 400) - 1)).toBeLessThan(0.03);
    expect(Math.abs(d.stc.iscA / 10.3 - 1)).toBeLessThan(0.02);
    expect(d.stc.ff).toBeGreaterThan(0.75);
    expect(d.energyLostKwhPerDay).toBeLessThan(0.8);
    expect(d.conditionsSufficient).toBe(true);
  });

  it('an open string loses its whole day: 6.4 kWp × 4 h', () => {
    const scan = synthesizeScan(LAYOUT, 'open_circuit', 800, 45, 200, mulberry32(8));
    const d = diagnoseIvCurve({
      ...LAYOUT,
      conditions: { poaWm2: 800, moduleTempC: 45 },
      points: scan.points,
    });
    expect(d.faultClass).toBe('open_circuit');
    expect(d.energyLostKwhPerDay).toBeCloseTo(6.4 * 4, 0);
  });

  it('age lowers the expectation: an aged healthy string is still normal', () => {
    const state = drawStringState('normal', shape, mulberry32(9));
    for (const s of state.substrings) s.light *= 0.92;
    const curve = stringCurve(LAYOUT, state, 900, 40, 200);
    const input = { ...LAYOUT, conditions: { poaWm2: 900, moduleTempC: 40 }, points: curve };
    // 8 % below a new string's output: within what irradiance sensors off by a few per cent explain, so normal,
    // but the performance factor shows it; against the age's allowance it is gone.
    expect(diagnoseIvCurve(input).performanceFactor).toBeLessThan(0.94);
    const aged = diagnoseIvCurve({ ...input, ageYears: 11, decay: { firstYearPct: 2.5, annualPct: 0.55 } });
    expect(aged.faultClass).toBe('normal');
    expect(aged.performanceFactor).toBeGreaterThan(0.97);
  });

  it('detection sensitivity sets the tolerance: one shorted diode in 48 is seen only at high sensitivity', () => {
    const state = drawStringState('normal', shape, mulberry32(10));
    state.substrings[7]!.shorted = true;
    // 1/48 of V_oc ≈ 2.1 %; low sensitivity tolerates 1.65 %, high 0.77 %. Reported 2 °C too warm (+0.6 %).
    const curve = stringCurve(LAYOUT, state, 900, 40, 200);
    const input = { ...LAYOUT, conditions: { poaWm2: 900, moduleTempC: 42 }, points: curve };
    expect(diagnoseIvCurve({ ...input, sensitivity: 'high' }).faultClass).toBe('bypass_diode_short');
    expect(diagnoseIvCurve({ ...input, sensitivity: 'low' }).faultClass).toBe('normal');
  });

  it('a fault shape whose string loses no energy is reported as normal', () => {
    const state = drawStringState('normal', shape, mulberry32(12));
    state.substrings[4]!.shorted = true;
    state.substrings[30]!.shorted = true;
    const curve = stringCurve(LAYOUT, state, 900, 40, 300);
    // The irradiance sensor reads 6 % low: the string gives more than expected despite its shorted diodes.
    const low = diagnoseIvCurve({ ...LAYOUT, conditions: { poaWm2: 846, moduleTempC: 40 }, points: curve });
    expect(low.faultClass).toBe('bypass_diode_short');
    expect(low.performanceFactor).toBeGreaterThan(1);
    expect(low.reportedClass).toBe('normal');
    const right = diagnoseIvCurve({ ...LAYOUT, conditions: { poaWm2: 900, moduleTempC: 40 }, points: curve });
    expect(right.performanceFactor).toBeLessThan(1);
    expect(right.reportedClass).toBe('bypass_diode_short');
  });

  it('below 400 W/m² the scan is marked as taken in insufficient conditions', () => {
    const scan = synthesizeScan(LAYOUT, 'normal', 300, 30, 100, mulberry32(11));
    expect(
      diagnoseIvCurve({ ...LAYOUT, conditions: { poaWm2: 300, moduleTempC: 30 }, points: scan.points })
        .conditionsSufficient,
    ).toBe(false);
  });
});
