/**
 * De Soto parameter translation: the five single-diode parameters at operating irradiance and
 * temperature from their values at reference conditions.
 *
 * De Soto, W., Klein, S. A. and Beckman, W. A. (2006), "Improvement and validation of a model for
 * photovoltaic array performance", Solar Energy 80(1), 78–88, doi:10.1016/j.solener.2005.06.010,
 * eq. 9–14. The CEC module database (System Advisor Model) publishes these reference parameters.
 */
import type { SingleDiodeParameters } from './singleDiode.ts';

/** Boltzmann constant [eV/K]. */
export const BOLTZMANN_EV = 8.617332478e-5;

/** Reference-condition single-diode parameters of one module (CEC database naming). */
export interface DesotoReferenceParameters {
  /** Short-circuit current temperature coefficient, alpha_sc [A/°C]. */
  alphaSc: number;
  /** Modified ideality factor at reference conditions, a_ref = n·Ns·k·T_ref/q [V]. */
  aRef: number;
  /** Light-generated current at reference conditions, I_L_ref [A]. */
  iLRef: number;
  /** Diode saturation current at reference conditions, I_o_ref [A]. */
  iORef: number;
  /** Shunt resistance at reference conditions, R_sh_ref [Ω]. */
  rShRef: number;
  /** Series resistance, R_s [Ω]. */
  rS: number;
  /** Band gap at reference temperature, EgRef [eV]; default 1.121 (crystalline silicon). */
  egRef?: number;
  /** Temperature dependence of the band gap, dEgdT [1/K]; default −0.0002677. */
  dEgdT?: number;
  /** Reference irradiance, irrad_ref [W/m²]; default 1000. */
  irradRef?: number;
  /** Reference cell temperature, temp_ref [°C]; default 25. */
  tempRef?: number;
}

/**
 * Translates reference parameters to operating conditions (De Soto et al. 2006):
 *
 * - a = a_ref · T_c / T_ref (eq. 9)
 * - I_L = S/S_ref · (I_L_ref + α_sc · (T_c − T_ref)) (eq. 10)
 * - I_0 = I_0_ref · (T_c/T_ref)³ · exp(E_g_ref/(k·T_ref) − E_g/(k·T_c)), E_g = E_g_ref · (1 + dE_g/dT·(T_c − T_ref)) (eq. 11–12)
 * - R_sh = R_sh_ref · S_ref / S (eq. 13), infinite in the dark
 * - R_s constant (eq. 14)
 *
 * @param effectiveIrradiance - Irradiance converted by the cells, effective_irradiance [W/m²]
 * @param tempCell - Average cell temperature, temp_cell [°C]
 * @param ref - Reference parameters [A/°C, V, A, A, Ω, Ω, eV, 1/K, W/m², °C]
 * @returns photocurrent [A], saturation_current [A], resistance_series [Ω], resistance_shunt [Ω], nNsVth [V]
 */
export function calcparamsDesoto(
  effectiveIrradiance: number,
  tempCell: number,
  ref: DesotoReferenceParameters,
): SingleDiodeParameters {
  const {
    alphaSc,
    aRef,
    iLRef,
    iORef,
    rShRef,
    rS,
    egRef = 1.121,
    dEgdT = -0.0002677,
    irradRef = 1000,
    tempRef = 25,
  } = ref;
  const tRefK = tempRef + 273.15;
  const tCellK = tempCell + 273.15;
  const eg = egRef * (1 + dEgdT * (tCellK - tRefK));
  const nNsVth = aRef * (tCellK / tRefK);
  const photocurrent = (effectiveIrradiance / irradRef) * (iLRef + alphaSc * (tCellK - tRefK));
  const saturationCurrent =
    iORef * (tCellK / tRefK) ** 3 * Math.exp(egRef / (BOLTZMANN_EV * tRefK) - eg / (BOLTZMANN_EV * tCellK));
  const resistanceShunt = effectiveIrradiance > 0 ? rShRef * (irradRef / effectiveIrradiance) : Infinity;
  return { photocurrent, saturationCurrent, resistanceSeries: rS, resistanceShunt, nNsVth };
}
