/**
 * Single-diode model of a PV cell, module or string: the IV curve from five parameters.
 *
 * I = I_L − I_0 · (exp((V + I·R_s) / nNsVth) − 1) − (V + I·R_s) / R_sh
 *
 * solved explicitly with the Lambert W function: Jain, A. and Kapoor, A. (2004), "Exact analytical
 * solutions of the parameters of real solar cells using Lambert W-function", Solar Energy Materials and
 * Solar Cells 81(2), 269–277, doi:10.1016/j.solmat.2003.11.018. The maximum power point is the root of
 * dP/dV on [0, V_oc], found by bisection.
 */
import { lambertWOfExp } from './lambertW.ts';

/** The five single-diode parameters at operating conditions. */
export interface SingleDiodeParameters {
  /** Light-generated current, photocurrent [A]. */
  photocurrent: number;
  /** Diode reverse saturation current, saturation_current [A]. */
  saturationCurrent: number;
  /** Series resistance, resistance_series [Ω]. */
  resistanceSeries: number;
  /** Shunt resistance, resistance_shunt [Ω]; Infinity for an ideal shunt. */
  resistanceShunt: number;
  /** Product of diode ideality factor, cells in series and thermal voltage, nNsVth [V]. */
  nNsVth: number;
}

/**
 * Current at a given voltage, I(V) (Jain & Kapoor 2004, eq. 2).
 *
 * With G_sh = 1/R_sh: if R_s = 0, I = I_L − I_0·expm1(V/nNsVth) − G_sh·V; otherwise
 * I = (I_L + I_0 − V·G_sh)/(R_s·G_sh + 1) − (nNsVth/R_s) · W(θ) with
 * θ = R_s·I_0/(nNsVth·(R_s·G_sh + 1)) · exp((R_s·(I_L + I_0) + V)/(nNsVth·(R_s·G_sh + 1))).
 *
 * @param voltage - Terminal voltage, voltage [V]
 * @param p - Single-diode parameters [A, A, Ω, Ω, V]
 * @returns current [A]
 */
export function currentFromVoltage(voltage: number, p: SingleDiodeParameters): number {
  const {
    photocurrent: il,
    saturationCurrent: i0,
    resistanceSeries: rs,
    resistanceShunt: rsh,
    nNsVth: a,
  } = p;
  const gsh = 1 / rsh;
  if (rs === 0) return il - i0 * Math.expm1(voltage / a) - gsh * voltage;
  const k = rs * gsh + 1;
  // log θ, so that the exponential cannot overflow on long strings.
  const logTheta = Math.log((rs * i0) / (a * k)) + (rs * (il + i0) + voltage) / (a * k);
  return (il + i0 - voltage * gsh) / k - (a / rs) * lambertWOfExp(logTheta);
}

/**
 * Voltage at a given current, V(I) (Jain & Kapoor 2004, eq. 3).
 *
 * If R_sh is infinite, V = nNsVth · log1p((I_L − I)/I_0) − I·R_s; otherwise
 * V = (I_L + I_0 − I)/G_sh − I·R_s − nNsVth · W(ψ) with ψ = I_0/(G_sh·nNsVth) · exp((I_L + I_0 − I)/(G_sh·nNsVth)).
 *
 * @param current - Terminal current, current [A]
 * @param p - Single-diode parameters [A, A, Ω, Ω, V]
 * @returns voltage [V]
 */
export function voltageFromCurrent(current: number, p: SingleDiodeParameters): number {
  const {
    photocurrent: il,
    saturationCurrent: i0,
    resistanceSeries: rs,
    resistanceShunt: rsh,
    nNsVth: a,
  } = p;
  const gsh = 1 / rsh;
  if (gsh === 0) return a * Math.log1p((il - current) / i0) - current * rs;
  const logPsi = Math.log(i0 / (gsh * a)) + (il + i0 - current) / (gsh * a);
  return (il + i0 - current) / gsh - current * rs - a * lambertWOfExp(logPsi);
}

/** Key points and a sampled IV curve. */
export interface SingleDiodeResult {
  /** Short-circuit current, i_sc [A]. */
  iSc: number;
  /** Open-circuit voltage, v_oc [V]. */
  vOc: number;
  /** Current at maximum power, i_mp [A]. */
  iMp: number;
  /** Voltage at maximum power, v_mp [V]. */
  vMp: number;
  /** Maximum power, p_mp [W]. */
  pMp: number;
  /** Current at V = v_oc/2, i_x [A]. */
  iX: number;
  /** Current at V = (v_oc + v_mp)/2, i_xx [A]. */
  iXx: number;
  /** IV curve, points evenly spaced in voltage from 0 to v_oc: voltage [V] and current [A]. */
  curve: { voltage: number; current: number }[];
}

/**
 * Solves the single-diode equation for i_sc, v_oc, the maximum power point, i_x, i_xx and an IV curve.
 *
 * A photocurrent ≤ 0 (night) gives all zeros. NaN parameters give NaN outputs.
 *
 * @param p - Single-diode parameters [A, A, Ω, Ω, V]
 * @param curvePoints - Number of IV curve points, ivcurve_pnts, 0 (default) for none [unitless]
 * @returns key points and the curve [A, V, W]
 */
export function singleDiode(p: SingleDiodeParameters, curvePoints = 0): SingleDiodeResult {
  if (!(p.photocurrent > 0)) {
    const z = Number.isNaN(p.photocurrent) ? NaN : 0;
    const curve = Array.from({ length: curvePoints }, () => ({ voltage: z, current: z }));
    return { iSc: z, vOc: z, iMp: z, vMp: z, pMp: z, iX: z, iXx: z, curve };
  }
  const vOc = voltageFromCurrent(0, p);
  const iSc = currentFromVoltage(0, p);
  // dP/dV = I + V·dI/dV is strictly decreasing on [0, V_oc]: bisect it to machine precision. The slope
  // comes from differentiating the implicit equation: dI/dV = −(D + G_sh)/(1 + R_s·(D + G_sh)) with the
  // diode conductance D = I_0/nNsVth · exp((V + I·R_s)/nNsVth).
  const gsh = 1 / p.resistanceShunt;
  const dPdV = (v: number): number => {
    const i = currentFromVoltage(v, p);
    const d = (p.saturationCurrent / p.nNsVth) * Math.exp((v + i * p.resistanceSeries) / p.nNsVth);
    const g = d + gsh;
    return i - (v * g) / (1 + p.resistanceSeries * g);
  };
  let lo = 0;
  let hi = vOc;
  for (let k = 0; k < 200 && hi - lo > 1e-14 * vOc; k++) {
    const mid = (lo + hi) / 2;
    if (dPdV(mid) > 0) lo = mid;
    else hi = mid;
  }
  const vMp = (lo + hi) / 2;
  const iMp = currentFromVoltage(vMp, p);
  const curve = Array.from({ length: curvePoints }, (_, k) => {
    const voltage = curvePoints === 1 ? 0 : (vOc * k) / (curvePoints - 1);
    return { voltage, current: currentFromVoltage(voltage, p) };
  });
  return {
    iSc,
    vOc,
    iMp,
    vMp,
    pMp: vMp * iMp,
    iX: currentFromVoltage(vOc / 2, p),
    iXx: currentFromVoltage((vOc + vMp) / 2, p),
    curve,
  };
}
