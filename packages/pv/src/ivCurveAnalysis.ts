/**
 * Reading a measured IV curve: its key points by local fits (in the manner of ASTM E1036), the slopes at both ends
 * (which estimate the series and shunt resistance, as in the Sandia simple fit), how far the curve departs from
 * concave (steps cut by bypass diodes), and the IEC 60891 translation to other conditions.
 */
import type { IvPoint } from './ivString.ts';

/** Key points and shape figures of one curve. */
export interface IvCurveFigures {
  /** Short-circuit current [A]. */
  iscA: number;
  /** Open-circuit voltage [V]. */
  vocV: number;
  /** Current at maximum power [A]. */
  impA: number;
  /** Voltage at maximum power [V]. */
  vmpV: number;
  /** Maximum power [W]. */
  pmpW: number;
  /** Fill factor P_mp / (I_sc·V_oc) [unitless]. */
  ff: number;
  /** −dV/dI at open circuit [Ω]: series resistance plus the diode's own slope. */
  slopeAtVocOhm: number;
  /** −dV/dI on the plateau near short circuit [Ω]: the shunt resistance seen by the tracer. */
  slopeAtIscOhm: number;
  /** Deepest gap under the curve's concave hull, axes in units of V_oc and I_sc [unitless]: 0 for a healthy curve. */
  stepDepth: number;
}

/** Least-squares polynomial of degree 1 or 2: coefficients c0, c1[, c2] of y = c0 + c1·x + c2·x². */
function polyfit(xs: readonly number[], ys: readonly number[], degree: 1 | 2): number[] {
  const m = degree + 1;
  // Normal equations on centred x, for conditioning; shifted back at the end.
  const mean = xs.reduce((a, x) => a + x, 0) / xs.length;
  const a = Array.from({ length: m }, () => new Array<number>(m + 1).fill(0));
  xs.forEach((x0, k) => {
    const x = x0 - mean;
    const pw = [1, x, x * x, x * x * x, x * x * x * x];
    for (let r = 0; r < m; r++) {
      for (let c = 0; c < m; c++) (a[r] as number[])[c] = ((a[r] as number[])[c] ?? 0) + (pw[r + c] ?? 0);
      (a[r] as number[])[m] = ((a[r] as number[])[m] ?? 0) + (pw[r] ?? 0) * (ys[k] ?? 0);
    }
  });
  for (let col = 0; col < m; col++) {
    let pivot = col;
    for (let r = col + 1; r < m; r++)
      if (Math.abs(a[r]?.[col] ?? 0) > Math.abs(a[pivot]?.[col] ?? 0)) pivot = r;
    [a[col], a[pivot]] = [a[pivot] as number[], a[col] as number[]];
    const row = a[col] as number[];
    const d = row[col] ?? 0;
    if (d === 0) return new Array<number>(m).fill(NaN);
    for (let r = 0; r < m; r++) {
      if (r === col) continue;
      const other = a[r] as number[];
      const f = (other[col] ?? 0) / d;
      for (let c = col; c <= m; c++) other[c] = (other[c] ?? 0) - f * (row[c] ?? 0);
    }
  }
  const centred = a.map((row, r) => (row[m] ?? 0) / (row[r] ?? 1));
  const [b0 = 0, b1 = 0, b2 = 0] = centred;
  // y = b0 + b1·(x − μ) + b2·(x − μ)²
  return degree === 1 ? [b0 - b1 * mean, b1] : [b0 - b1 * mean + b2 * mean * mean, b1 - 2 * b2 * mean, b2];
}

/** Running median over `width` points (shorter at the ends): it removes noise but leaves a monotone curve as it is. */
function median(values: readonly number[], width: number): number[] {
  const h = Math.floor(width / 2);
  return values.map((_, k) => {
    const window = values.slice(Math.max(0, k - h), Math.min(values.length, k + h + 1)).sort((a, b) => a - b);
    return window[Math.floor(window.length / 2)] ?? 0;
  });
}

/**
 * Deepest gap between the upper concave hull of the points and the points themselves, measured across the hull
 * in units of V_oc and I_sc (so that voltage noise on the steep part near V_oc, which moves points sideways, does
 * not read as a gap).
 */
function concaveHullGap(v: readonly number[], i: readonly number[]): number {
  const hull: number[] = [];
  for (let k = 0; k < v.length; k++) {
    while (hull.length >= 2) {
      const a = hull[hull.length - 2] as number;
      const b = hull[hull.length - 1] as number;
      // Keep b only if it lies above the chord from a to k (a concave turn).
      const cross =
        ((v[b] ?? 0) - (v[a] ?? 0)) * ((i[k] ?? 0) - (i[a] ?? 0)) -
        ((i[b] ?? 0) - (i[a] ?? 0)) * ((v[k] ?? 0) - (v[a] ?? 0));
      if (cross >= 0) hull.pop();
      else break;
    }
    hull.push(k);
  }
  let gap = 0;
  for (let h = 0; h + 1 < hull.length; h++) {
    const a = hull[h] as number;
    const b = hull[h + 1] as number;
    const dv = (v[b] ?? 0) - (v[a] ?? 0);
    const di = (i[b] ?? 0) - (i[a] ?? 0);
    const length = Math.hypot(dv, di);
    if (length === 0) continue;
    for (let k = a + 1; k < b; k++) {
      const distance = (dv * ((i[k] ?? 0) - (i[a] ?? 0)) - di * ((v[k] ?? 0) - (v[a] ?? 0))) / length;
      gap = Math.max(gap, -distance);
    }
  }
  return gap;
}

/**
 * Key points and shape figures of a curve whose voltages rise.
 *
 * I_sc: straight line through the points below 10 % of the highest voltage, at V = 0. V_oc and the slope there:
 * a parabola V(I) through the points below half of I_sc, at I = 0. Maximum power: a parabola P(V) through the
 * seven points around the largest product. The plateau slope: a straight line through the points below half of
 * V_mp. Steps: the curve's running median over five points against its concave hull, both axes in units of V_oc
 * and I_sc.
 *
 * @param points - Curve, voltage rising [V, A]
 * @returns figures [A, V, A, V, W, –, Ω, Ω, –]
 */
export function curveFigures(points: readonly IvPoint[]): IvCurveFigures {
  const v = points.map((p) => p[0]);
  const i = points.map((p) => p[1]);
  const n = points.length;
  const vMax = v[n - 1] ?? 0;
  const lowV = pick(n, (k) => (v[k] ?? 0) <= 0.1 * vMax, 4, 'first');
  const [iscFit = NaN] = polyfit(
    lowV.map((k) => v[k] ?? 0),
    lowV.map((k) => i[k] ?? 0),
    1,
  );
  const iscA = iscFit;
  const nearVoc = pick(n, (k) => (i[k] ?? 0) <= 0.5 * iscA, 4, 'last');
  const [vocFit = NaN, dVdI = NaN] = polyfit(
    nearVoc.map((k) => i[k] ?? 0),
    nearVoc.map((k) => v[k] ?? 0),
    2,
  );
  const vocV = Math.min(Math.max(vocFit, 0), 1.2 * vMax);
  let best = 0;
  for (let k = 1; k < n; k++) if ((v[k] ?? 0) * (i[k] ?? 0) > (v[best] ?? 0) * (i[best] ?? 0)) best = k;
  const around = Array.from({ length: 7 }, (_, j) => best - 3 + j).filter((k) => k >= 0 && k < n);
  const [p0 = NaN, p1 = NaN, p2 = NaN] = polyfit(
    around.map((k) => v[k] ?? 0),
    around.map((k) => (v[k] ?? 0) * (i[k] ?? 0)),
    2,
  );
  const vLo = v[around[0] ?? best] ?? 0;
  const vHi = v[around[around.length - 1] ?? best] ?? 0;
  const vertex = p2 < 0 ? -p1 / (2 * p2) : NaN;
  const rawP = (v[best] ?? 0) * (i[best] ?? 0);
  const fitted = vertex >= vLo && vertex <= vHi ? p0 + p1 * vertex + p2 * vertex * vertex : NaN;
  const useFit = Number.isFinite(fitted) && fitted >= rawP;
  const vmpV = useFit ? vertex : (v[best] ?? 0);
  const pmpW = Math.max(0, useFit ? fitted : rawP);
  const impA = vmpV > 0 ? pmpW / vmpV : 0;
  const plateau = pick(n, (k) => (v[k] ?? 0) <= 0.5 * vmpV, 4, 'first');
  const [, plateauSlope = NaN] = polyfit(
    plateau.map((k) => v[k] ?? 0),
    plateau.map((k) => i[k] ?? 0),
    1,
  );
  const scale = vocV > 0 && iscA > 0 ? { v: 1 / vocV, i: 1 / iscA } : { v: 0, i: 0 };
  const smoothed = median(i, 5).map((x) => x * scale.i);
  return {
    iscA,
    vocV,
    impA,
    vmpV,
    pmpW,
    ff: iscA > 0 && vocV > 0 ? pmpW / (iscA * vocV) : 0,
    slopeAtVocOhm: -dVdI,
    slopeAtIscOhm: plateauSlope < 0 ? -1 / plateauSlope : Infinity,
    stepDepth:
      scale.i > 0
        ? concaveHullGap(
            v.map((x) => x * scale.v),
            smoothed,
          )
        : 0,
  };
}

/** Indexes where `keep` holds, or at least `min` from the first or last end. */
function pick(n: number, keep: (k: number) => boolean, min: number, end: 'first' | 'last'): number[] {
  const kept = Array.from({ length: n }, (_, k) => k).filter(keep);
  if (kept.length >= min) return kept;
  const count = Math.min(min, n);
  return Array.from({ length: count }, (_, j) => (end === 'first' ? j : n - count + j));
}

/** Coefficients of IEC 60891 procedure 2 for a string. */
export interface Iec60891Procedure2 {
  /** Relative temperature coefficient of I_sc, α_rel [1/K]. */
  alphaRel: number;
  /** Relative temperature coefficient of V_oc, β_rel [1/K]. */
  betaRel: number;
  /** Irradiance correction factor of V_oc, a [unitless] (≈ n·N_s·V_th / V_oc). */
  irradianceCorrection: number;
  /** Internal series resistance R_s′ [Ω]. */
  seriesOhm: number;
  /** Curve correction factor κ′ [Ω/K]; 0 when unknown. */
  kappaOhmPerK: number;
}

/**
 * IEC 60891:2021 procedure 2: a curve measured at (G1, T1) translated to (G2, T2).
 *
 * I2 = I1 · (1 + α_rel·(T2 − T1)) · G2/G1
 * V2 = V1 + V_oc1 · (β_rel·(T2 − T1) + a·ln(G2/G1)) − R_s′·(I2 − I1) − κ′·I2·(T2 − T1)
 *
 * @param points - Measured curve [V, A]
 * @param vocV - The measured curve's V_oc [V]
 * @param from - Measured conditions: irradiance [W/m²], temperature [°C]
 * @param to - Target conditions [W/m², °C]; STC is 1000, 25
 * @param c - Procedure 2 coefficients [1/K, 1/K, –, Ω, Ω/K]
 * @returns translated curve [V, A]
 */
export function translateIec60891(
  points: readonly IvPoint[],
  vocV: number,
  from: { poaWm2: number; moduleTempC: number },
  to: { poaWm2: number; moduleTempC: number },
  c: Iec60891Procedure2,
): IvPoint[] {
  const dT = to.moduleTempC - from.moduleTempC;
  const g = to.poaWm2 / from.poaWm2;
  const dV = vocV * (c.betaRel * dT + c.irradianceCorrection * Math.log(g));
  return points.map(([v1, i1]): IvPoint => {
    const i2 = i1 * (1 + c.alphaRel * dT) * g;
    return [v1 + dV - c.seriesOhm * (i2 - i1) - c.kappaOhmPerK * i2 * dT, i2];
  });
}
