/**
 * IV curves of the simulated plants' strings, for IV scans: the physics package's string model (single diode per
 * substring with its bypass diode, De Soto translation, parameters fitted from the datasheet by Batzelis' explicit
 * method) applied to the simulator's module descriptions, with faults drawn per string at configurable rates.
 */
import {
  IV_FAULT_CLASSES,
  calcparamsDesoto,
  moduleReferenceParameters,
  singleDiode,
  synthesizeScan,
  type IvFaultClass,
  type PvModuleDatasheet,
  type Rng,
  type SingleDiodeResult,
  type SyntheticScan,
} from '@solarops/pv';
import type { ModuleStc } from './plantDescription.ts';

/** Bypass diodes of the simulated modules (one per third of the cells, as nearly all modules have). */
const BYPASS_DIODES = 3;

/**
 * The module's datasheet in the physics package's terms: temperature coefficients from 1/°C to %/K, once.
 *
 * @param module - The simulator's module description
 * @returns datasheet [W, V, A, V, A, %/K, %/K, %/K, –, –]
 */
export function moduleDatasheet(module: ModuleStc): PvModuleDatasheet {
  return {
    pmaxW: module.pmaxW,
    vmpV: module.vmpV,
    impA: module.impA,
    vocV: module.vocV,
    iscA: module.iscA,
    alphaIscPctPerK: module.alphaIsc * 100,
    betaVocPctPerK: module.betaVoc * 100,
    gammaPmaxPctPerK: module.gammaPmax * 100,
    cellsPerModule: module.cellsInSeries,
    bypassDiodesPerModule: BYPASS_DIODES,
  };
}

/**
 * IV curve of a healthy string of identical modules.
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
  const p = calcparamsDesoto(poaGlobal, tempCell, moduleReferenceParameters(moduleDatasheet(module)));
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

/** Share of strings that show each fault in a scan [unitless]; the rest are normal. */
export type IvFaultRates = Partial<Record<IvFaultClass, number>>;

/**
 * One string's scan as a tracer in the inverter reports it: a fault drawn at the given rates, noise included.
 *
 * @param module - Datasheet values
 * @param modulesPerString - Modules in series [unitless]
 * @param poaGlobal - Plane-of-array irradiance now [W/m²]
 * @param tempCell - Cell temperature now [°C]
 * @param points - Points of the sweep, 100 to 400 [unitless]
 * @param rates - Fault rates per string
 * @param rng - Uniform random numbers
 * @returns the drawn fault, the string's state and its curve [V, A]
 */
export function scanString(
  module: ModuleStc,
  modulesPerString: number,
  poaGlobal: number,
  tempCell: number,
  points: number,
  rates: IvFaultRates,
  rng: Rng,
): SyntheticScan {
  let u = rng();
  let fault: IvFaultClass = 'normal';
  for (const c of IV_FAULT_CLASSES) {
    const rate = c === 'normal' ? 0 : (rates[c] ?? 0);
    if (u < rate) {
      fault = c;
      break;
    }
    u -= rate;
  }
  const layout = { module: moduleDatasheet(module), modulesInSeries: modulesPerString };
  return synthesizeScan(layout, fault, poaGlobal, tempCell, points, rng);
}
