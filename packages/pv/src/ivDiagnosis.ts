/**
 * Diagnosis of one string's IV curve against what its modules should give at the same conditions.
 *
 * The expected curve is the De Soto single-diode model of the template's module (fitted from the datasheet), at the
 * reported irradiance and module temperature, for the modules in series, less the warranted decay for the modules'
 * age. The measured curve is read by the same fits as the expected one (so that fitting biases cancel in the
 * ratios), translated to STC by IEC 60891 procedure 2, and classified by explicit rules on six figures, each of
 * which a user can recompute from the curve:
 *
 * - current ratio I_sc,meas / I_sc,exp (light reaching the cells);
 * - voltage deficit: V_oc ratio − 1, less the part the measured light explains (a·ln of the current ratio);
 * - fill factor ratio − 1;
 * - excess series resistance: slope at V_oc beyond the model's, × I_sc/V_oc;
 * - plateau tilt: current lost across V_oc on the plateau beyond the model's, as a share of I_sc;
 * - step depth: deepest gap under the curve's concave hull, as a share of I_sc.
 *
 * The rules are checked in order, from the fault with the plainest signature to the subtlest; each threshold is a
 * tolerance multiplied by the detection sensitivity's factor.
 */
import { calcparamsDesoto } from './calcparamsDesoto.ts';
import { curveFigures, translateIec60891, type IvCurveFigures } from './ivCurveAnalysis.ts';
import type { IvFaultClass } from './ivFaults.ts';
import type { IvPoint } from './ivString.ts';
import {
  moduleAgeFactor,
  moduleReferenceParameters,
  type ModuleDecay,
  type PvModuleDatasheet,
} from './pvModule.ts';
import { singleDiode, type SingleDiodeParameters } from './singleDiode.ts';

/** Detection sensitivity: how small a departure is reported as a fault. */
export type DetectionSensitivity = 'low' | 'medium' | 'high';

/** Tolerance factor per sensitivity: a higher sensitivity narrows every tolerance. */
export const SENSITIVITY_TOLERANCE: Record<DetectionSensitivity, number> = { low: 1.5, medium: 1, high: 0.7 };

/** Irradiance below which a scan is kept but not diagnosed [W/m²]. */
export const MIN_DIAGNOSIS_IRRADIANCE_WM2 = 400;

/** A curve to diagnose and what it is compared with. */
export interface IvDiagnosisInput {
  module: PvModuleDatasheet;
  modulesInSeries: number;
  /** Reported conditions: plane-of-array irradiance [W/m²] and module temperature [°C]. */
  conditions: { poaWm2: number; moduleTempC: number };
  /** Measured curve [V, A], voltage rising. */
  points: readonly IvPoint[];
  /** Years since the modules were connected; 0 when unknown. */
  ageYears?: number;
  /** Warranted decay; none when unknown. */
  decay?: ModuleDecay;
  /** Detection sensitivity; medium by default. */
  sensitivity?: DetectionSensitivity;
  /** Daily in-plane irradiation to price the loss in [kWh/m² = h at 1 kW/m²]; 4 by default. */
  referenceYieldHPerDay?: number;
}

/** Key points of a curve [A, V, A, V, W, –]. */
export interface IvKeyPoints {
  iscA: number;
  vocV: number;
  impA: number;
  vmpV: number;
  pmpW: number;
  ff: number;
}

/** The figures the rules read (see the file's comment). */
export interface IvDiagnosisFeatures {
  currentRatio: number;
  voltageDeficit: number;
  fillFactorChange: number;
  seriesExcess: number;
  plateauTilt: number;
  stepDepth: number;
}

/** The diagnosis of one curve. */
export interface IvDiagnosis {
  faultClass: IvFaultClass;
  /** How clearly the curve shows its class, 0.5 (at a threshold) to 0.99 [unitless]. */
  confidence: number;
  /** Key points as measured. */
  measured: IvKeyPoints;
  /** Key points expected at the same conditions (age included). */
  expected: IvKeyPoints;
  /** Key points of the measured curve translated to STC (IEC 60891 procedure 2). */
  stc: IvKeyPoints;
  /** Key points expected at STC (age included). */
  expectedStc: IvKeyPoints;
  /** Measured P_mp / expected P_mp at the same conditions [unitless]. */
  performanceFactor: number;
  /** Series resistance of the string, estimated from the slope at V_oc [Ω]. */
  rsOhm: number;
  /** Shunt resistance of the string, estimated from the plateau slope [Ω]; Infinity for a flat plateau. */
  rshOhm: number;
  /** Energy the string loses per day against its expectation [kWh/day]. */
  energyLostKwhPerDay: number;
  /** Whether the irradiance was high enough to diagnose (≥ 400 W/m²). */
  conditionsSufficient: boolean;
  features: IvDiagnosisFeatures;
  /** The translated measured curve at STC [V, A]. */
  stcPoints: IvPoint[];
}

/** Base tolerances at medium sensitivity (tuned on a development seed; the bench measures on another). */
export const IV_TOLERANCES = {
  openCurrentRatio: 0.15,
  stepDepth: 0.035,
  plateauTilt: 0.08,
  pidVoltageDeficit: 0.04,
  voltageDeficit: 0.011,
  lowCurrent: 0.045,
  seriesExcess: 0.025,
  seriesFillFactorLoss: 0.015,
  shuntFillFactorPerTilt: 0.7,
  fillFactorLoss: 0.03,
} as const;

function keyPoints(f: IvCurveFigures): IvKeyPoints {
  return { iscA: f.iscA, vocV: f.vocV, impA: f.impA, vmpV: f.vmpV, pmpW: f.pmpW, ff: f.ff };
}

function stringParameters(
  module: PvModuleDatasheet,
  modules: number,
  poaWm2: number,
  tempC: number,
  light: number,
): SingleDiodeParameters {
  const p = calcparamsDesoto(poaWm2, tempC, moduleReferenceParameters(module));
  return {
    photocurrent: p.photocurrent * light,
    saturationCurrent: p.saturationCurrent,
    resistanceSeries: p.resistanceSeries * modules,
    resistanceShunt: p.resistanceShunt * modules,
    nNsVth: p.nNsVth * modules,
  };
}

function modelCurve(p: SingleDiodeParameters, points: number): IvPoint[] {
  return singleDiode(p, points).curve.map((c): IvPoint => [c.voltage, c.current]);
}

/**
 * The curves a healthy string of the given age draws at the measured conditions and at STC, for plotting beside the
 * measured one (the same model the diagnosis compares with).
 *
 * @param input - Module, string, conditions, age and decay, as the diagnosis takes them
 * @param points - Number of points of each curve [unitless]
 * @returns the expected curves at the conditions and at STC [V, A]
 */
export function expectedIvCurves(
  input: Omit<IvDiagnosisInput, 'points'>,
  points: number,
): { atConditions: IvPoint[]; atStc: IvPoint[] } {
  const age = input.decay ? moduleAgeFactor(input.ageYears ?? 0, input.decay) : 1;
  const { module, modulesInSeries: n, conditions } = input;
  return {
    atConditions: modelCurve(
      stringParameters(module, n, conditions.poaWm2, conditions.moduleTempC, age),
      points,
    ),
    atStc: modelCurve(stringParameters(module, n, 1000, 25, age), points),
  };
}

/**
 * Diagnoses one curve.
 *
 * @param input - Module, string, conditions, curve and options
 * @returns class, confidence, key points measured/expected/at STC, PF, R_s, R_sh, loss per day
 */
export function diagnoseIvCurve(input: IvDiagnosisInput): IvDiagnosis {
  const { module, modulesInSeries: n, conditions, points } = input;
  const age = input.decay ? moduleAgeFactor(input.ageYears ?? 0, input.decay) : 1;
  const tolerance = SENSITIVITY_TOLERANCE[input.sensitivity ?? 'medium'];
  const count = Math.max(points.length, 20);
  const expectedParams = stringParameters(module, n, conditions.poaWm2, conditions.moduleTempC, age);
  const expectedFigures = curveFigures(modelCurve(expectedParams, count));
  const stcParams = stringParameters(module, n, 1000, 25, age);
  const expectedStc = keyPoints(curveFigures(modelCurve(stcParams, count)));
  const m = curveFigures(points);

  const features = featuresOf(m, expectedFigures, expectedParams);
  const { faultClass, confidence } = classify(features, tolerance);

  const ref = moduleReferenceParameters(module);
  const stcPoints = translateIec60891(
    points,
    m.vocV,
    conditions,
    { poaWm2: 1000, moduleTempC: 25 },
    {
      alphaRel: module.alphaIscPctPerK / 100,
      betaRel: module.betaVocPctPerK / 100,
      irradianceCorrection: ref.aRef / module.vocV,
      seriesOhm: ref.rS * n,
      kappaOhmPerK: 0,
    },
  );
  const stc = keyPoints(curveFigures(stcPoints));
  const performanceFactor = expectedFigures.pmpW > 0 ? m.pmpW / expectedFigures.pmpW : 0;
  const dailyH = input.referenceYieldHPerDay ?? 4;
  const diodeSlope = expectedFigures.slopeAtVocOhm - expectedParams.resistanceSeries;
  return {
    faultClass,
    confidence,
    measured: keyPoints(m),
    expected: keyPoints(expectedFigures),
    stc,
    expectedStc,
    performanceFactor,
    rsOhm: Math.max(0, m.slopeAtVocOhm - diodeSlope / Math.max(features.currentRatio, 0.05)),
    rshOhm: m.slopeAtIscOhm,
    energyLostKwhPerDay: (Math.max(0, 1 - performanceFactor) * expectedStc.pmpW * dailyH) / 1000,
    conditionsSufficient: conditions.poaWm2 >= MIN_DIAGNOSIS_IRRADIANCE_WM2,
    features,
    stcPoints,
  };
}

function featuresOf(m: IvCurveFigures, e: IvCurveFigures, p: SingleDiodeParameters): IvDiagnosisFeatures {
  const currentRatio = e.iscA > 0 ? m.iscA / e.iscA : 0;
  const light = Math.max(currentRatio, 0.05);
  // V_oc moves with the light by the diode's thermal voltage: a·ln(I_sc ratio). What is left is the deficit.
  const voltageDeficit = -(m.vocV / e.vocV - 1 - (p.nNsVth / e.vocV) * Math.log(light));
  // At less light the diode's own slope at V_oc grows as 1/I_L; R_s does not.
  const diodeSlope = e.slopeAtVocOhm - p.resistanceSeries;
  const expectedSlope = p.resistanceSeries + diodeSlope / light;
  const tilt = (slope: number): number => (Number.isFinite(slope) ? e.vocV / (slope * e.iscA) : 0);
  return {
    currentRatio,
    voltageDeficit,
    fillFactorChange: e.ff > 0 ? m.ff / e.ff - 1 : 0,
    seriesExcess: ((m.slopeAtVocOhm - expectedSlope) * e.iscA) / e.vocV,
    plateauTilt: tilt(m.slopeAtIscOhm) - tilt(e.slopeAtIscOhm),
    stepDepth: m.stepDepth,
  };
}

/** Confidence from how far a figure is past its threshold, in thresholds: 0.5 at it, towards 0.99. */
function confidenceOf(margin: number): number {
  return Math.min(0.99, 0.5 + 0.49 * (1 - Math.exp(-3 * Math.max(0, margin))));
}

/**
 * The rules, in order. Each returns the class and its margin past the threshold.
 *
 * @param f - The six figures
 * @param tolerance - Sensitivity factor (1 at medium)
 * @returns class and confidence
 */
export function classify(
  f: IvDiagnosisFeatures,
  tolerance = 1,
): { faultClass: IvFaultClass; confidence: number } {
  const t = IV_TOLERANCES;
  const past = (value: number, threshold: number): number => value / threshold - 1;
  const result = (faultClass: IvFaultClass, margin: number) => ({
    faultClass,
    confidence: confidenceOf(margin),
  });
  if (f.currentRatio < t.openCurrentRatio)
    return result('open_circuit', past(t.openCurrentRatio, f.currentRatio));
  const step = t.stepDepth * tolerance;
  if (f.stepDepth > step) return result('partial_shading', past(f.stepDepth, step));
  const deficit = t.voltageDeficit * tolerance;
  const lowCurrent = 1 - t.lowCurrent * tolerance;
  if (f.voltageDeficit > deficit && f.currentRatio < lowCurrent)
    return result(
      'degradation',
      Math.min(past(f.voltageDeficit, deficit), past(1 - f.currentRatio, 1 - lowCurrent)),
    );
  const pidDeficit = t.pidVoltageDeficit * tolerance;
  const ffLoss = t.fillFactorLoss * tolerance;
  if (f.voltageDeficit > pidDeficit && -f.fillFactorChange > ffLoss)
    return result('pid', Math.min(past(f.voltageDeficit, pidDeficit), past(-f.fillFactorChange, ffLoss)));
  const tilt = t.plateauTilt * tolerance;
  if (f.plateauTilt > tilt) {
    // A shunt leaks in proportion to voltage, so it takes fill factor at the knee too; mismatch tilts the
    // plateau (weak modules bypassed at high current) but leaves the knee.
    if (-f.fillFactorChange > t.shuntFillFactorPerTilt * f.plateauTilt)
      return result('shunt_resistance', past(f.plateauTilt, tilt));
    return result('mismatch', past(f.plateauTilt, tilt));
  }
  const series = t.seriesExcess * tolerance;
  if (f.seriesExcess > series && -f.fillFactorChange > t.seriesFillFactorLoss * tolerance)
    return result(
      'series_resistance',
      Math.min(past(f.seriesExcess, series), past(-f.fillFactorChange, t.seriesFillFactorLoss * tolerance)),
    );
  if (f.voltageDeficit > deficit) return result('bypass_diode_short', past(f.voltageDeficit, deficit));
  if (-f.fillFactorChange > ffLoss) return result('mismatch', past(-f.fillFactorChange, ffLoss));
  if (f.currentRatio < lowCurrent) return result('soiling', past(1 - f.currentRatio, 1 - lowCurrent));
  // Normal: confidence from the nearest threshold.
  const room = Math.min(
    1 - f.stepDepth / step,
    1 - f.plateauTilt / tilt,
    1 - f.voltageDeficit / deficit,
    1 - f.seriesExcess / series,
    1 - (1 - f.currentRatio) / (1 - lowCurrent),
    1 + f.fillFactorChange / ffLoss,
  );
  return result('normal', Math.max(0, room) * 2);
}
