/**
 * IEC 61724-1 performance figures of a PV system over a period: reference yield, final yield, performance ratio
 * and the temperature-corrected performance ratio.
 *
 * IEC 61724-1:2021 §10 (yields and performance ratio); the definitions are also in IEC 61836. G_ref is 1 kW/m², so
 * the reference yield in hours equals the in-plane irradiation in kWh/m² ("peak sun hours").
 */

/** Reference irradiance G_ref [kW/m²]. */
export const REFERENCE_IRRADIANCE_KW_M2 = 1;

/** Yields and performance ratio of one period. */
export interface PerformanceFigures {
  /** Reference yield Y_r = H_POA / G_ref [h] (kWh/kW). */
  referenceYieldH: number;
  /** Final yield Y_f = E_AC / P_0 [h] (kWh/kWp). */
  finalYieldH: number;
  /** Performance ratio PR = Y_f / Y_r [unitless]; NaN when Y_r is 0 (night, no irradiation). */
  performanceRatio: number;
}

/**
 * Yields and PR of one period from the three totals.
 *
 * @param energyAcKwh - AC energy delivered in the period, E_AC [kWh]
 * @param ratedPowerKwp - Array STC nameplate power, P_0 [kWp]
 * @param poaIrradiationKwhM2 - In-plane irradiation in the period, H_POA [kWh/m²]
 * @returns Y_r [h], Y_f [h], PR [unitless]
 */
export function performanceRatio(
  energyAcKwh: number,
  ratedPowerKwp: number,
  poaIrradiationKwhM2: number,
): PerformanceFigures {
  const referenceYieldH = poaIrradiationKwhM2 / REFERENCE_IRRADIANCE_KW_M2;
  const finalYieldH = ratedPowerKwp > 0 ? energyAcKwh / ratedPowerKwp : NaN;
  const performanceRatio = referenceYieldH > 0 ? finalYieldH / referenceYieldH : NaN;
  return { referenceYieldH, finalYieldH, performanceRatio };
}

/** One interval (e.g. an hour) of a period, for the temperature-corrected PR. */
export interface PerformanceInterval {
  /** AC energy delivered in the interval [kWh]. */
  energyAcKwh: number;
  /** In-plane irradiation in the interval [kWh/m²]. */
  poaIrradiationKwhM2: number;
  /** Module (or cell) temperature during the interval [°C]. */
  moduleTempC: number;
}

/**
 * Temperature-corrected PR (IEC 61724-1 §10.4): each interval's nameplate P_0 is weighted by
 * C_k = 1 + γ · (T_mod,k − T_ref), so that the seasonal swing of module temperature does not show as a change of
 * the system: PR' = ΣE_AC,k / Σ(C_k · P_0 · H_k / G_ref).
 *
 * @param intervals - The period's intervals [kWh, kWh/m², °C]
 * @param ratedPowerKwp - Array STC nameplate power, P_0 [kWp]
 * @param gammaPerK - Power temperature coefficient, e.g. −0.004 [1/K]
 * @param tempRefC - Reference temperature, default 25 [°C]
 * @returns PR corrected to T_ref [unitless]; NaN without irradiation
 */
export function temperatureCorrectedPerformanceRatio(
  intervals: readonly PerformanceInterval[],
  ratedPowerKwp: number,
  gammaPerK: number,
  tempRefC = 25,
): number {
  let energy = 0;
  let expected = 0;
  for (const k of intervals) {
    energy += k.energyAcKwh;
    const ck = 1 + gammaPerK * (k.moduleTempC - tempRefC);
    expected += (ck * ratedPowerKwp * k.poaIrradiationKwhM2) / REFERENCE_IRRADIANCE_KW_M2;
  }
  return expected > 0 ? energy / expected : NaN;
}
