/**
 * Physics features of a measured string IV curve, read against the curve a healthy string of the same modules would
 * draw with the light the measured curve shows (its own I_sc), so that the irradiance sensor's error drops out of the
 * shape figures:
 *
 * - the noise of the tracer, from the curve itself (second differences of the current on the plateau);
 * - the missing-voltage profile: at current levels from 5 % to 95 % of I_sc, the share of the healthy string's
 *   voltage the measured curve lacks. A bypassed substring takes its whole voltage away from the level of its own
 *   light up, so the profile is a picture of how the light is spread over the substrings: flat and near zero for a
 *   healthy or evenly soiled string, flat and above zero for shorted bypass diodes, a step at the shaded level for
 *   shading, a rise spread over the top of the range for mismatch, a rise in proportion to the current for series
 *   resistance, and a rise towards I_sc for a lowered shunt resistance;
 * - the steps of dI/dV (noise-aware): how many places the curve falls faster than its noise explains before its
 *   main knee, and how deep and wide the deepest is;
 * - the single-diode parameters of the string from the curve (R_sh from the slope near I_sc, R_s and the diode
 *   voltage n·N_s·V_th from the exponential region near V_oc, I_L from I_sc), each with its standard error.
 */
import type { IvPoint } from './ivString.ts';
import { voltageFromCurrent, type SingleDiodeParameters } from './singleDiode.ts';

/** Current levels of the missing-voltage profile, as shares of the measured I_sc. */
export const MISSING_VOLTAGE_LEVELS = [0.05, 0.2, 0.35, 0.5, 0.6, 0.7, 0.8, 0.87, 0.93] as const;

/** A value and its standard error. */
export interface Estimate {
  value: number;
  stdError: number;
}

/** Single-diode parameters of a string read from its curve, each with its standard error from the noise. */
export interface ExtractedParameters {
  /** Light current ≈ I_sc·(1 + R_s/R_sh) [A]. */
  lightCurrentA: Estimate;
  /** Series resistance [Ω]. */
  seriesOhm: Estimate;
  /** Shunt resistance [Ω]; Infinity (and an infinite error) when the plateau shows no tilt. */
  shuntOhm: Estimate;
  /** Ideality factor n [unitless], from n·N_s·V_th. */
  ideality: Estimate;
}

/** The shape figures of a curve beside its healthy reference. */
export interface IvShapeFeatures {
  /** Tracer current noise, one standard deviation, as a share of I_sc [unitless]. */
  noise: number;
  /** Share of the reference voltage missing at each level of MISSING_VOLTAGE_LEVELS [unitless]. */
  missingVoltage: number[];
  /** Places before the main knee where the curve falls faster than its noise explains [count]. */
  stepCount: number;
  /** Current the deepest of those falls spans, as a share of I_sc [unitless]. */
  stepDrop: number;
  /** Voltage the plateau after the deepest fall spans, as a share of V_oc [unitless]. */
  stepWidth: number;
  /** How far the plateau (below 60 % of V_oc) departs from a straight line, beyond the noise, per I_sc [unitless]. */
  plateauRoughness: number;
}

/** Least squares y = X·b: coefficients and their standard errors (from the residual variance). */
export function leastSquares(
  rows: readonly number[][],
  ys: readonly number[],
): { coef: number[]; stdError: number[]; residualSd: number } {
  const m = rows[0]?.length ?? 0;
  const a = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  const b = new Array<number>(m).fill(0);
  rows.forEach((x, k) => {
    for (let r = 0; r < m; r++) {
      b[r] = (b[r] ?? 0) + (x[r] ?? 0) * (ys[k] ?? 0);
      for (let c = 0; c < m; c++)
        (a[r] as number[])[c] = ((a[r] as number[])[c] ?? 0) + (x[r] ?? 0) * (x[c] ?? 0);
    }
  });
  const inverse = invert(a);
  const coef = inverse.map((row) => row.reduce((s, v, c) => s + v * (b[c] ?? 0), 0));
  let sse = 0;
  rows.forEach((x, k) => {
    const fit = x.reduce((s, v, c) => s + v * (coef[c] ?? 0), 0);
    sse += ((ys[k] ?? 0) - fit) ** 2;
  });
  const dof = Math.max(1, rows.length - m);
  const variance = sse / dof;
  return {
    coef,
    stdError: inverse.map((row, r) => Math.sqrt(Math.max(0, (row[r] ?? 0) * variance))),
    residualSd: Math.sqrt(variance),
  };
}

/** Gauss-Jordan inverse of a small symmetric matrix; NaN entries when it is singular. */
function invert(a: readonly number[][]): number[][] {
  const m = a.length;
  const w = a.map((row, r) => [...row, ...Array.from({ length: m }, (_, c) => (c === r ? 1 : 0))]);
  for (let col = 0; col < m; col++) {
    let pivot = col;
    for (let r = col + 1; r < m; r++)
      if (Math.abs(w[r]?.[col] ?? 0) > Math.abs(w[pivot]?.[col] ?? 0)) pivot = r;
    [w[col], w[pivot]] = [w[pivot] as number[], w[col] as number[]];
    const row = w[col] as number[];
    const d = row[col] ?? 0;
    if (d === 0) return a.map((r) => r.map(() => NaN));
    for (let c = 0; c < 2 * m; c++) row[c] = (row[c] ?? 0) / d;
    for (let r = 0; r < m; r++) {
      if (r === col) continue;
      const other = w[r] as number[];
      const f = other[col] ?? 0;
      for (let c = 0; c < 2 * m; c++) other[c] = (other[c] ?? 0) - f * (row[c] ?? 0);
    }
  }
  return w.map((row) => row.slice(m));
}

/** Pool-adjacent-violators: the closest non-increasing sequence to `ys` (least squares). */
function nonIncreasing(ys: readonly number[]): number[] {
  const values: number[] = [];
  const weights: number[] = [];
  for (const y of ys) {
    values.push(y);
    weights.push(1);
    while (values.length > 1 && (values[values.length - 2] ?? 0) < (values[values.length - 1] ?? 0)) {
      const w2 = weights.pop() ?? 1;
      const v2 = values.pop() ?? 0;
      const w1 = weights.pop() ?? 1;
      const v1 = values.pop() ?? 0;
      values.push((v1 * w1 + v2 * w2) / (w1 + w2));
      weights.push(w1 + w2);
    }
  }
  return values.flatMap((v, k) => new Array<number>(weights[k] ?? 1).fill(v));
}

/** Voltage at which a non-increasing curve first falls to `current`, by linear interpolation [V]. */
function voltageAtCurrent(v: readonly number[], i: readonly number[], current: number): number {
  if ((i[0] ?? 0) <= current) return v[0] ?? 0;
  for (let k = 1; k < i.length; k++) {
    const i1 = i[k] ?? 0;
    if (i1 <= current) {
      const i0 = i[k - 1] ?? 0;
      const t = i0 === i1 ? 0 : (i0 - current) / (i0 - i1);
      return (v[k - 1] ?? 0) + t * ((v[k] ?? 0) - (v[k - 1] ?? 0));
    }
  }
  return v[v.length - 1] ?? 0;
}

/** Median of a list (0 for an empty one). */
function medianOf(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0 ? 0 : (s[Math.floor(s.length / 2)] ?? 0);
}

/**
 * The tracer's current noise from the curve: second differences of the current where the curve is flat (below half
 * its V_oc), by their median absolute value (so that a step does not count as noise).
 */
function currentNoise(v: readonly number[], i: readonly number[], vocV: number): number {
  const d2: number[] = [];
  for (let k = 1; k + 1 < v.length && (v[k + 1] ?? 0) < 0.5 * vocV; k++)
    d2.push(Math.abs((i[k - 1] ?? 0) - 2 * (i[k] ?? 0) + (i[k + 1] ?? 0)));
  // For white noise of deviation σ the second difference has deviation σ·√6; the median of |N(0,1)| is 0.674.
  return medianOf(d2) / 0.674 / Math.sqrt(6);
}

/**
 * Shape features of a measured curve against its healthy reference.
 *
 * @param points - Measured curve, voltage rising [V, A]
 * @param iscA - Measured I_sc [A]
 * @param vocV - Measured V_oc [V]
 * @param reference - Single-diode parameters of the healthy string with the measured light [A, A, Ω, Ω, V]
 * @returns the features (unitless)
 */
export function shapeFeatures(
  points: readonly IvPoint[],
  iscA: number,
  vocV: number,
  reference: SingleDiodeParameters,
): IvShapeFeatures {
  const v = points.map((p) => p[0]);
  const iRaw = points.map((p) => p[1]);
  const sigma = currentNoise(v, iRaw, vocV);
  const i = nonIncreasing(iRaw);
  const missingVoltage = MISSING_VOLTAGE_LEVELS.map((level) => {
    const healthy = voltageFromCurrent(level * iscA, reference);
    const measured = voltageAtCurrent(v, i, level * iscA);
    return healthy > 0 && Number.isFinite(healthy) ? 1 - measured / healthy : 0;
  });
  const steps = stepsOf(v, iRaw, iscA, vocV, sigma);
  return { noise: iscA > 0 ? sigma / iscA : 0, missingVoltage, ...steps };
}

/**
 * Steps from dI/dV: the curve is smoothed by local straight lines over windows of 4 % of V_oc; a place where the
 * fitted slope is steeper than both the plateau's and four standard errors, and which a flatter stretch follows,
 * is a step. The main knee (the last fall, towards V_oc) is not one.
 */
function stepsOf(
  v: readonly number[],
  i: readonly number[],
  iscA: number,
  vocV: number,
  sigma: number,
): Pick<IvShapeFeatures, 'stepCount' | 'stepDrop' | 'stepWidth' | 'plateauRoughness'> {
  const none = { stepCount: 0, stepDrop: 0, stepWidth: 0, plateauRoughness: 0 };
  if (!(iscA > 0 && vocV > 0) || v.length < 20) return none;
  const half = 0.02 * vocV;
  const grid = Array.from({ length: 100 }, (_, k) => ((k + 0.5) / 100) * vocV);
  const slopes = grid.map((x) => {
    const rows: number[][] = [];
    const ys: number[] = [];
    v.forEach((vk, k) => {
      if (Math.abs(vk - x) <= half) {
        rows.push([1, vk - x]);
        ys.push(i[k] ?? 0);
      }
    });
    if (rows.length < 4) return { value: 0, level: NaN, se: Infinity };
    const fit = leastSquares(rows, ys);
    const se = sigma / Math.sqrt(rows.reduce((s, r) => s + (r[1] ?? 0) ** 2, 0));
    return { value: -(fit.coef[1] ?? 0) * (vocV / iscA), level: fit.coef[0] ?? 0, se: se * (vocV / iscA) };
  });
  // Plateau slope: the median slope over the first half of the sweep.
  const plateauSlope = Math.max(0, medianOf(slopes.slice(5, 50).map((s) => s.value)));
  // The main knee: from the last point back, as long as the curve falls steadily towards V_oc.
  let mainKnee = grid.length - 1;
  while (mainKnee > 0 && (slopes[mainKnee - 1]?.value ?? 0) > plateauSlope + 0.5) mainKnee--;
  const steep = slopes.map(
    (s, k) =>
      k < mainKnee - 2 && s.value > plateauSlope + Math.max(0.3, 4 * s.se) && Number.isFinite(s.level),
  );
  // Group runs of steep points into steps; a step is counted when a flatter stretch follows it.
  const runs: { from: number; to: number }[] = [];
  steep.forEach((isSteep, k) => {
    if (!isSteep) return;
    const last = runs[runs.length - 1];
    if (last && last.to === k - 1) last.to = k;
    else runs.push({ from: k, to: k });
  });
  let stepDrop = 0;
  let stepWidth = 0;
  runs.forEach((run, r) => {
    const before = slopes[Math.max(0, run.from - 2)]?.level ?? 0;
    const after = slopes[Math.min(grid.length - 1, run.to + 2)]?.level ?? 0;
    const drop = (before - after) / iscA;
    if (drop > stepDrop) {
      stepDrop = drop;
      const next = runs[r + 1]?.from ?? mainKnee;
      stepWidth = (next - run.to) / grid.length;
    }
  });
  // Roughness: residuals of a quadratic through the plateau (below 60 % of V_oc) beyond the noise.
  const rows: number[][] = [];
  const ys: number[] = [];
  v.forEach((vk, k) => {
    if (vk < 0.6 * vocV) {
      const x = vk / vocV;
      rows.push([1, x, x * x]);
      ys.push(i[k] ?? 0);
    }
  });
  const rough = rows.length > 6 ? leastSquares(rows, ys).residualSd : 0;
  return {
    stepCount: runs.length,
    stepDrop,
    stepWidth,
    plateauRoughness: Math.sqrt(Math.max(0, rough * rough - sigma * sigma)) / iscA,
  };
}

/**
 * Single-diode parameters of a string from its curve, with standard errors from the residual noise.
 *
 * R_sh: a straight line I(V) through the points below 30 % of V_oc, R_sh = −1/slope. Near V_oc (current below
 * 70 % of I_sc, voltage above 60 % of V_oc) the diode law with the shunt current removed,
 * ln(I_L − I − V/R_sh) = ln I_0 + (V + I·R_s)/a, is linear in V and I: a least-squares fit gives 1/a and R_s/a
 * (the Sandia simple method's exponential region). n = a / (N_s·k·T/q).
 *
 * @param points - Curve, voltage rising [V, A]
 * @param iscA - Measured I_sc [A]
 * @param vocV - Measured V_oc [V]
 * @param cellsInSeries - Cells in series in the string [unitless]
 * @param cellTempC - Cell temperature [°C]
 * @returns I_L, R_s, R_sh, n, each with its standard error [A, Ω, Ω, –]
 */
export function extractParameters(
  points: readonly IvPoint[],
  iscA: number,
  vocV: number,
  cellsInSeries: number,
  cellTempC: number,
): ExtractedParameters {
  const low = points.filter((p) => p[0] <= 0.3 * vocV);
  const plateau = leastSquares(
    low.map((p) => [1, p[0]]),
    low.map((p) => p[1]),
  );
  const slope = -(plateau.coef[1] ?? 0);
  const slopeSe = plateau.stdError[1] ?? Infinity;
  // A slope within two standard errors of flat is no measurable shunt.
  const measurable = slope > 2 * slopeSe && slope > 0;
  const shuntOhm: Estimate = measurable
    ? { value: 1 / slope, stdError: slopeSe / (slope * slope) }
    : { value: Infinity, stdError: Infinity };
  const gsh = measurable ? slope : 0;
  const knee = points.filter(
    (p) => p[1] > 0.05 * iscA && p[1] < 0.7 * iscA && p[0] > 0.6 * vocV && iscA - p[1] - p[0] * gsh > 0,
  );
  const vth = (1.380649e-23 * (cellTempC + 273.15)) / 1.602176634e-19;
  let seriesOhm: Estimate = { value: NaN, stdError: Infinity };
  let ideality: Estimate = { value: NaN, stdError: Infinity };
  if (knee.length >= 6) {
    const fit = leastSquares(
      knee.map((p) => [1, p[0], p[1]]),
      knee.map((p) => Math.log(iscA - p[1] - p[0] * gsh)),
    );
    const inverseA = fit.coef[1] ?? NaN;
    const a = 1 / inverseA;
    const aSe = (fit.stdError[1] ?? Infinity) / (inverseA * inverseA);
    const rs = (fit.coef[2] ?? NaN) * a;
    seriesOhm = {
      value: rs,
      stdError: Math.hypot((fit.stdError[2] ?? Infinity) * a, (fit.coef[2] ?? 0) * aSe),
    };
    ideality = { value: a / (cellsInSeries * vth), stdError: aSe / (cellsInSeries * vth) };
  }
  const rsValue = Number.isFinite(seriesOhm.value) ? Math.max(0, seriesOhm.value) : 0;
  const il = iscA * (1 + (measurable ? rsValue * gsh : 0));
  return {
    lightCurrentA: { value: il, stdError: plateau.stdError[0] ?? 0 },
    seriesOhm,
    shuntOhm,
    ideality,
  };
}
