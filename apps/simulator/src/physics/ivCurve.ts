/**
 * IV curve of a PV string for the IV-curve diagnosis (an "IV scan" command).
 *
 * Datasheets give STC values, not the five single-diode parameters; we derive an approximate set with
 * the explicit method of the De Soto model's usual starting point (Villalva, M. G., Gazoli, J. R. and
 * Filho, E. R. (2009), "Comprehensive approach to modeling and simulation of photovoltaic arrays", IEEE
 * Transactions on Power Electronics 24(5), 1198–1208, doi:10.1109/TPEL.2009.2013862): ideality n = 1.3,
 * I_L,ref = I_sc, I_0,ref = I_sc / (exp(V_oc / a_ref) − 1), and R_s, R_sh chosen so that the model's
 * maximum power matches P_max. The parameters are then translated to the operating irradiance and
 * temperature with calcparamsDesoto and the curve solved with singleDiode.
 */
import { calcparamsDesoto, singleDiode } from '@solarops/pv';
import type { DesotoReferenceParameters, SingleDiodeResult } from '@solarops/pv';
import type { ModuleStc } from './plantDescription.ts';

const K_OVER_Q = 8.617333262e-5; // Boltzmann constant over elementary charge [V/K]

/**
 * Approximate De Soto reference parameters of a module from its datasheet.
 *
 * R_s is searched on a grid so that the single-diode P_mp at STC matches the datasheet P_max within
 * about 1 %, with R_sh fixed at a typical 25 × V_mp / I_mp.
 *
 * @param module - Datasheet values
 * @returns reference parameters [A/°C, V, A, A, Ω, Ω]
 */
export function moduleDiodeParameters(module: ModuleStc): DesotoReferenceParameters {
  const aRef = 1.3 * module.cellsInSeries * K_OVER_Q * 298.15;
  const iLRef = module.iscA;
  const iORef = module.iscA / Math.expm1(module.vocV / aRef);
  const rShRef = (25 * module.vmpV) / module.impA;
  let best: DesotoReferenceParameters = {
    alphaSc: module.alphaIsc * module.iscA,
    aRef,
    iLRef,
    iORef,
    rShRef,
    rS: 0,
  };
  let bestErr = Infinity;
  for (let rS = 0; rS <= 1; rS += 0.005) {
    const candidate = { ...best, rS };
    const p = singleDiode(calcparamsDesoto(1000, 25, candidate)).pMp;
    const err = Math.abs(p - module.pmaxW);
    if (err < bestErr) {
      bestErr = err;
      best = candidate;
    }
  }
  return best;
}

/**
 * IV curve of a string of identical modules.
 *
 * @param module - Datasheet values
 * @param modulesPerString - Modules in series [unitless]
 * @param poaGlobal - Plane-of-array irradiance [W/m²]
 * @param tempCell - Cell temperature [°C]
 * @param points - Number of curve points [unitless]; default 100
 * @returns i_sc [A], v_oc [V], maximum power point [A, V, W] and the curve
 */
export function stringIvCurve(
  module: ModuleStc,
  modulesPerString: number,
  poaGlobal: number,
  tempCell: number,
  points = 100,
): SingleDiodeResult {
  const p = calcparamsDesoto(poaGlobal, tempCell, moduleDiodeParameters(module));
  return singleDiode(
    {
      ...p,
      resistanceSeries: p.resistanceSeries * modulesPerString,
      resistanceShunt: p.resistanceShunt * modulesPerString,
      nNsVth: p.nNsVth * modulesPerString,
    },
    points,
  );
}
