/**
 * A PV module from its datasheet: the STC values and temperature coefficients a datasheet prints, the five
 * De Soto reference parameters fitted to them, and the allowance for ageing.
 *
 * The fit is the explicit one of Batzelis, E. I. (2019), "Simple PV performance equations theoretically well
 * founded on the single-diode model", IEEE Journal of Photovoltaics 7(5), 1400–1409,
 * doi:10.1109/JPHOTOV.2017.2711431 (pvlib `fit_desoto_batzelis`): one Lambert W evaluation, no iteration, so it can
 * run for every diagnosed curve.
 */
import type { DesotoReferenceParameters } from './calcparamsDesoto.ts';
import { lambertW } from './lambertW.ts';

/** Datasheet values of one module at STC; temperature coefficients in %/K as datasheets print them. */
export interface PvModuleDatasheet {
  /** Maximum power [W]. */
  pmaxW: number;
  /** Voltage at maximum power [V]. */
  vmpV: number;
  /** Current at maximum power [A]. */
  impA: number;
  /** Open-circuit voltage [V]. */
  vocV: number;
  /** Short-circuit current [A]. */
  iscA: number;
  /** Short-circuit current temperature coefficient [%/K], e.g. 0.05. */
  alphaIscPctPerK: number;
  /** Open-circuit voltage temperature coefficient [%/K], e.g. −0.29. */
  betaVocPctPerK: number;
  /** Maximum power temperature coefficient [%/K], e.g. −0.37. */
  gammaPmaxPctPerK: number;
  /** Cells per module [unitless]. */
  cellsPerModule: number;
  /** Bypass diodes per module, each across one substring of cells [unitless]. */
  bypassDiodesPerModule: number;
}

/** A common 72-cell 400 W monocrystalline module, the example of tests, the bench and the docs. */
export const EXAMPLE_MODULE_400W: PvModuleDatasheet = {
  pmaxW: 400,
  vmpV: 41.0,
  impA: 9.76,
  vocV: 49.5,
  iscA: 10.3,
  alphaIscPctPerK: 0.05,
  betaVocPctPerK: -0.29,
  gammaPmaxPctPerK: -0.37,
  cellsPerModule: 72,
  bypassDiodesPerModule: 3,
};

const T_REF_K = 298.15;

/**
 * De Soto reference parameters from the datasheet (Batzelis 2019, eq. 3–8; coefficients converted from %/K to
 * A/K and V/K here, once).
 *
 * δ0 = (1 − T_ref·β/V_oc) / (50.1 − T_ref·α/I_sc), w0 = W(exp(1/δ0 + 1)), a = δ0·V_oc,
 * R_s = (a·(w0 − 1) − V_mp)/I_mp, R_sh = a·(w0 − 1)/(I_sc·(1 − 1/w0) − I_mp), I_L = (1 + R_s/R_sh)·I_sc,
 * I_0 = I_L·exp(−1/δ0). A datasheet for which the explicit fit gives a non-positive resistance (rare, e.g. an
 * optimistic V_mp) keeps R_s at 0 or R_sh at 100·V_oc/I_sc, the ideal-shunt limit of a real module.
 *
 * @param m - Datasheet [W, V, A, V, A, %/K, %/K, %/K, –, –]
 * @returns reference parameters [A/K, V, A, A, Ω, Ω]
 */
export function moduleReferenceParameters(m: PvModuleDatasheet): DesotoReferenceParameters {
  const alphaSc = (m.alphaIscPctPerK / 100) * m.iscA;
  const betaVoc = (m.betaVocPctPerK / 100) * m.vocV;
  const delta0 = (1 - (T_REF_K * betaVoc) / m.vocV) / (50.1 - (T_REF_K * alphaSc) / m.iscA);
  const w0 = lambertW(Math.exp(1 / delta0 + 1));
  const aRef = delta0 * m.vocV;
  const rS = Math.max(0, (aRef * (w0 - 1) - m.vmpV) / m.impA);
  const shuntDenominator = m.iscA * (1 - 1 / w0) - m.impA;
  const rShRef = shuntDenominator > 0 ? (aRef * (w0 - 1)) / shuntDenominator : (100 * m.vocV) / m.iscA;
  const iLRef = (1 + rS / rShRef) * m.iscA;
  return { alphaSc, aRef, iLRef, iORef: iLRef * Math.exp(-1 / delta0), rShRef, rS };
}

/** Decay a module maker warrants: a first-year loss and a yearly loss after it. */
export interface ModuleDecay {
  /** Loss of power in the first year [%]. */
  firstYearPct: number;
  /** Loss of power in each later year [%/year]. */
  annualPct: number;
}

/**
 * Share of its nameplate power a healthy module keeps at a given age: the first-year loss spread over the first
 * year, then the yearly one (linear, as warranties state it).
 *
 * @param ageYears - Years since connection [year]
 * @param decay - Warranted decay [%, %/year]
 * @returns factor ≤ 1 [unitless]
 */
export function moduleAgeFactor(ageYears: number, decay: ModuleDecay): number {
  const age = Math.max(0, ageYears);
  const lossPct = age <= 1 ? decay.firstYearPct * age : decay.firstYearPct + decay.annualPct * (age - 1);
  return Math.max(0, 1 - lossPct / 100);
}
