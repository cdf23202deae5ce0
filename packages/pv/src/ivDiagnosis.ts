/**
 * Diagnosis of one string's IV curve against what its modules should give at the same conditions.
 *
 * The expected curve is the De Soto single-diode model of the template's module (fitted from the datasheet), at the
 * reported irradiance and module temperature, for the modules in series, less the warranted decay for the modules'
 * age. The measured curve is read by the same fits as the expected one (so that fitting biases cancel in the
 * ratios), translated to STC by IEC 60891 procedure 2, and described by figures each of which a user can recompute
 * from the curve:
 *
 * - current ratio I_sc,meas / I_sc,exp (light reaching the cells);
 * - voltage deficit: V_oc ratio − 1, less the part the measured light explains (a·ln of the current ratio), also
 *   in substrings of the string and in units of what a temperature sensor 3 K off explains;
 * - fill factor ratio − 1, against the healthy string with the measured light;
 * - excess series resistance: slope at V_oc beyond the model's, × I_sc/V_oc;
 * - plateau tilt: current lost across V_oc on the plateau beyond the model's, as a share of I_sc;
 * - step depth: deepest gap under the curve's concave hull, as a share of I_sc;
 * - the shape features of ivFeatures.ts: noise, missing-voltage profile, steps of dI/dV.
 *
 * The classifier (ivClassifier.ts) weighs them into a probability per class; the answer names the two likeliest and
 * says when they are close. The detection sensitivity weighs the odds of a healthy string.
 */
import { calcparamsDesoto } from './calcparamsDesoto.ts';
import { rankClasses, type RankedClass } from './ivClassifier.ts';
import { curveFigures, translateIec60891, type IvCurveFigures } from './ivCurveAnalysis.ts';
import {
  extractParameters,
  shapeFeatures,
  type ExtractedParameters,
  type IvShapeFeatures,
} from './ivFeatures.ts';
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

/**
 * Weight of the `normal` class per sensitivity: the classifier's odds of a healthy string are multiplied by it, so a
 * low sensitivity reports a fault only when the curve shows it plainly and a high one reports slighter departures.
 */
export const SENSITIVITY_NORMAL_WEIGHT: Record<DetectionSensitivity, number> = {
  low: 4,
  medium: 1,
  high: 0.25,
};

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

/** The figures the classifier reads (see the file's comment and ivFeatures.ts). */
export interface IvDiagnosisFeatures extends IvShapeFeatures {
  currentRatio: number;
  voltageDeficit: number;
  fillFactorChange: number;
  seriesExcess: number;
  plateauTilt: number;
  stepDepth: number;
  /** The voltage deficit in substrings of the string (a shorted bypass diode takes about 1) [unitless]. */
  voltageDeficitSubstrings: number;
  /** The voltage deficit over what a temperature sensor off by 3 K explains (β·3 K) [unitless]. */
  voltageDeficitSigmas: number;
}

/** How far off a module temperature sensor may be [K]: the deficit a string's V_oc shows is judged against it. */
export const TEMPERATURE_UNCERTAINTY_K = 3;

/** When the likeliest class has less than this probability, or the second has at least half of it, say so. */
export const LOW_CONFIDENCE = { topBelow: 0.6, secondOverTop: 0.5 } as const;

/** The diagnosis of one curve. */
export interface IvDiagnosis {
  faultClass: IvFaultClass;
  /** Probability of the class given the curve's figures [unitless]. */
  confidence: number;
  /** The next likeliest class and its probability. */
  secondClass: IvFaultClass;
  secondConfidence: number;
  /** The two classes are close, or the first is not clearly likely (LOW_CONFIDENCE): look at both. */
  lowConfidence: boolean;
  /** Single-diode parameters read from the measured curve, with their standard errors. */
  parameters: ExtractedParameters;
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
  /**
   * Set when the curve's V_oc fits a string of another length than the configured one (within the temperature
   * uncertainty): the diagnosis is then that of a string of `measured` modules, and the difference is a matter of
   * configuration, not a fault. Null when the length fits.
   */
  stringLength: { configured: number; measured: number } | null;
  /**
   * The class to report: `faultClass`, except that a fault whose string loses no energy (its power at least what
   * it should give, so a performance factor of 0.98 or more and no daily loss) is reported as normal: a shape
   * with no loss is nothing to send anyone out for. An open string is always reported.
   */
  reportedClass: IvFaultClass;
}

/** A string carrying at least this share of its expected I_sc has its full light (sensors off by up to 4 %). */
const FULL_CURRENT_RATIO = 0.95;

/** At or above this performance factor a string loses no energy, whatever its curve's shape. */
export const NO_LOSS_PERFORMANCE_FACTOR = 1;

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
  const asConfigured = diagnoseAsString(input);
  const measured = modulesTheVocFits(asConfigured, input);
  if (measured === null) return asConfigured;
  const asMeasured = diagnoseAsString({ ...input, modulesInSeries: measured });
  // Judged as its own length the string must be healthy and carry its full current: a step (shading, a bypass
  // diode conducting) is a fault whatever the length, and ageing lowers V_oc by a few per cent with less current.
  if (asMeasured.faultClass !== 'normal' || asMeasured.features.currentRatio < FULL_CURRENT_RATIO)
    return asConfigured;
  return { ...asMeasured, stringLength: { configured: input.modulesInSeries, measured } };
}

/**
 * The number of modules whose healthy V_oc, at the light the curve shows, the measured V_oc fits within what a
 * temperature sensor 3 K off and the fit's 1 % explain, when that is another length than the configured one. A
 * string one module short is left to the classifier: one to three shorted bypass diodes take up to a module of
 * voltage and draw the same curve, so only two or more modules short, or any longer, count as a length difference.
 * Only a curve whose one departure is its voltage (called normal or a shorted bypass diode as configured) is looked
 * at: PID and ageing lower V_oc too, with the shape changes that tell them.
 *
 * @returns the modules the V_oc fits, or null when it fits the configured length or no length
 */
function modulesTheVocFits(d: IvDiagnosis, input: IvDiagnosisInput): number | null {
  const n = input.modulesInSeries;
  if (d.faultClass === 'open_circuit' || d.measured.vocV <= 0) return null;
  const light = Math.max(d.features.currentRatio, 0.05);
  const p = stringParameters(
    input.module,
    1,
    input.conditions.poaWm2,
    input.conditions.moduleTempC,
    input.decay ? moduleAgeFactor(input.ageYears ?? 0, input.decay) : 1,
  );
  const perModule = singleDiode({ ...p, photocurrent: p.photocurrent * light }).vOc;
  if (!(perModule > 0)) return null;
  const k = Math.round(d.measured.vocV / perModule);
  const tolerance = (Math.abs(input.module.betaVocPctPerK) / 100) * TEMPERATURE_UNCERTAINTY_K + 0.01;
  const fits = Math.abs(d.measured.vocV / (k * perModule) - 1) <= tolerance;
  if (!fits || k < 1 || k === n || (k < n && n - k < 2)) return null;
  return k;
}

function diagnoseAsString(input: IvDiagnosisInput): IvDiagnosis {
  const { module, modulesInSeries: n, conditions, points } = input;
  const age = input.decay ? moduleAgeFactor(input.ageYears ?? 0, input.decay) : 1;
  const count = Math.max(points.length, 20);
  const expectedParams = stringParameters(module, n, conditions.poaWm2, conditions.moduleTempC, age);
  const expectedFigures = curveFigures(modelCurve(expectedParams, count));
  const stcParams = stringParameters(module, n, 1000, 25, age);
  const expectedStc = keyPoints(curveFigures(modelCurve(stcParams, count)));
  const m = curveFigures(points);

  const legacy = featuresOf(m, expectedFigures, expectedParams);
  // The healthy string with the light the curve shows: the shape figures compare like with like.
  const light = Math.max(legacy.currentRatio, 0.05);
  const reference = { ...expectedParams, photocurrent: expectedParams.photocurrent * light };
  const referenceFigures = curveFigures(modelCurve(reference, count));
  const features: IvDiagnosisFeatures = {
    ...legacy,
    fillFactorChange: referenceFigures.ff > 0 ? m.ff / referenceFigures.ff - 1 : 0,
    ...shapeFeatures(points, m.iscA, m.vocV, reference),
    voltageDeficitSubstrings: legacy.voltageDeficit * n * module.bypassDiodesPerModule,
    voltageDeficitSigmas:
      legacy.voltageDeficit /
      Math.max(1e-4, (Math.abs(module.betaVocPctPerK) / 100) * TEMPERATURE_UNCERTAINTY_K),
  };
  const ranked = rankClasses(features, SENSITIVITY_NORMAL_WEIGHT[input.sensitivity ?? 'medium']);
  const [first, second] = ranked as [RankedClass, RankedClass];

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
  const reportedClass =
    first.faultClass !== 'open_circuit' && performanceFactor >= NO_LOSS_PERFORMANCE_FACTOR
      ? 'normal'
      : first.faultClass;
  return {
    stringLength: null,
    reportedClass,
    faultClass: first.faultClass,
    confidence: first.probability,
    secondClass: second.faultClass,
    secondConfidence: second.probability,
    lowConfidence:
      first.probability < LOW_CONFIDENCE.topBelow ||
      second.probability >= LOW_CONFIDENCE.secondOverTop * first.probability,
    parameters: extractParameters(points, m.iscA, m.vocV, n * module.cellsPerModule, conditions.moduleTempC),
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

function featuresOf(
  m: IvCurveFigures,
  e: IvCurveFigures,
  p: SingleDiodeParameters,
): Omit<IvDiagnosisFeatures, keyof IvShapeFeatures | 'voltageDeficitSubstrings' | 'voltageDeficitSigmas'> {
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
