/**
 * The IV diagnosis's classifier: a multinomial logistic model over the physics features of a curve
 * (ivDiagnosis.ts's figures and ivFeatures.ts's shape features), whose weights were chosen on our own synthetic
 * strings only (bench/iv-accuracy/train.ts writes ivClassifierModel.ts; the bench reports on a held-out part of
 * that set and on an independent set it never saw). An open string (no current) is told by a rule before it.
 *
 * It answers every class with its probability, so that the diagnosis can name the two likeliest and say when they
 * are close (`lowConfidence`).
 */
import type { IvFaultClass } from './ivFaults.ts';
import { IV_CLASSIFIER_MODEL } from './ivClassifierModel.ts';

/** The figures the classifier reads, each a property of the curve a user can recompute (see ivDiagnosis.ts). */
export interface IvClassifierInput {
  currentRatio: number;
  voltageDeficit: number;
  fillFactorChange: number;
  seriesExcess: number;
  plateauTilt: number;
  stepDepth: number;
  noise: number;
  missingVoltage: readonly number[];
  stepCount: number;
  stepDrop: number;
  stepWidth: number;
  plateauRoughness: number;
  voltageDeficitSubstrings: number;
  voltageDeficitSigmas: number;
}

/** Below this share of the expected I_sc the string carries no current: open. */
export const OPEN_CIRCUIT_CURRENT_RATIO = 0.15;

/** The classes the model tells apart (open circuit is the rule's). */
export const MODEL_CLASSES: readonly IvFaultClass[] = [
  'normal',
  'soiling',
  'partial_shading',
  'bypass_diode_short',
  'series_resistance',
  'shunt_resistance',
  'pid',
  'degradation',
  'mismatch',
];

const clip = (x: number, lo: number, hi: number): number =>
  Number.isFinite(x) ? Math.min(hi, Math.max(lo, x)) : x > 0 ? hi : lo;

/**
 * The model's inputs: the figures, clipped to the range curves show (so one wild figure cannot outvote the rest),
 * and the missing-voltage profile less its value at the lowest level (what a bypassed or shorted share adds).
 *
 * @param f - The figures
 * @returns the vector, in the order of the model's weights
 */
export function classifierVector(f: IvClassifierInput): number[] {
  const mv = f.missingVoltage.map((x) => clip(x, -0.5, 1));
  const base = mv[0] ?? 0;
  return [
    clip(Math.log(Math.max(f.currentRatio, 0.05)), -3, 1),
    clip(f.voltageDeficit, -0.3, 0.6),
    clip(f.fillFactorChange, -0.8, 0.3),
    clip(f.seriesExcess, -1, 5),
    clip(f.plateauTilt, -0.5, 2),
    clip(f.stepDepth, 0, 0.5),
    clip(f.noise, 0, 0.05),
    ...mv,
    ...mv.slice(1).map((x) => x - base),
    clip(Math.log1p(f.stepCount), 0, 4),
    clip(f.stepDrop, 0, 1),
    clip(f.stepWidth, 0, 1),
    clip(f.plateauRoughness, 0, 0.2),
    clip(f.voltageDeficitSubstrings, -3, 6),
    clip(f.voltageDeficitSigmas, -5, 10),
  ];
}

/** A trained model: standardisation of the inputs and one weight row (bias first) per class of MODEL_CLASSES. */
export interface IvClassifierModel {
  /** What the weights were chosen on, for the bench to print. */
  trainedOn: string;
  mean: number[];
  scale: number[];
  weights: number[][];
}

/** Probability of every model class for an input vector. */
export function classProbabilities(
  vector: readonly number[],
  model: IvClassifierModel = IV_CLASSIFIER_MODEL,
): number[] {
  const z = vector.map((x, k) => (x - (model.mean[k] ?? 0)) / (model.scale[k] ?? 1));
  const scores = model.weights.map((w) => z.reduce((s, x, k) => s + x * (w[k + 1] ?? 0), w[0] ?? 0));
  const top = Math.max(...scores);
  const e = scores.map((s) => Math.exp(s - top));
  const sum = e.reduce((a, b) => a + b, 0);
  return e.map((x) => x / sum);
}

/** A class and its probability. */
export interface RankedClass {
  faultClass: IvFaultClass;
  probability: number;
}

/**
 * Every class, likeliest first.
 *
 * @param f - The curve's figures
 * @param normalWeight - Multiplier on the odds of `normal` (the detection sensitivity), 1 for none
 * @param model - The weights; the shipped ones by default
 * @returns classes with probabilities summing to 1
 */
export function rankClasses(
  f: IvClassifierInput,
  normalWeight = 1,
  model: IvClassifierModel = IV_CLASSIFIER_MODEL,
): RankedClass[] {
  if (f.currentRatio < OPEN_CIRCUIT_CURRENT_RATIO)
    return [
      { faultClass: 'open_circuit', probability: 1 },
      ...MODEL_CLASSES.map((c) => ({ faultClass: c, probability: 0 })),
    ];
  const raw = classProbabilities(classifierVector(f), model);
  const weighted = raw.map((x, k) => (MODEL_CLASSES[k] === 'normal' ? x * normalWeight : x));
  const total = weighted.reduce((a, b) => a + b, 0);
  const p = weighted.map((x) => x / total);
  return MODEL_CLASSES.map((c, k) => ({ faultClass: c, probability: p[k] ?? 0 }))
    .concat([{ faultClass: 'open_circuit', probability: 0 }])
    .sort((a, b) => b.probability - a.probability);
}
