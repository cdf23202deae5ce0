/**
 * A plant's IEC 61724-1 figures for one local day from what its devices measured: the AC energy of its inverters
 * and the plane-of-array irradiation and module temperature of its weather stations, slot by slot of the day's
 * power curve (`powerCurve`). The formulas are the physics package's (`performanceRatio`,
 * `temperatureCorrectedPerformanceRatio`); the reports call this for their PR columns.
 *
 * Without a weather station there is no measured irradiation: the figures say `source: 'none'` and carry no
 * reference yield or PR (the plant detail's figures of the day, month and year model a clear sky instead:
 * `expectedYield.ts`).
 */
import type { PowerCurve } from '@solarops/contracts';
import {
  performanceRatio,
  temperatureCorrectedPerformanceRatio,
  type PerformanceInterval,
} from '@solarops/pv';
import type { Database } from '../../db/openDatabase.ts';
import { powerCurve, type FoundPlant } from './queries.ts';

/** Power temperature coefficient assumed for the plant's modules until plants carry theirs [1/K]. */
export const DEFAULT_GAMMA_PER_K = -0.004;

/** IEC 61724-1 figures of one day. */
export interface DayPerformance {
  date: string;
  /** Where the irradiation comes from: the plant's weather stations, or nowhere yet. */
  source: 'sensor' | 'none';
  /** AC energy of the inverters [kWh]. */
  energyKwh: number;
  /** In-plane irradiation H_POA [kWh/m²]; null without a sensor. */
  poaKwhM2: number | null;
  /** Reference yield Y_r [h]; null without a sensor. */
  referenceYieldH: number | null;
  /** Final yield Y_f [h]. */
  finalYieldH: number;
  /** PR [unitless]; null without a sensor or without irradiation. */
  performanceRatio: number | null;
  /** PR corrected to 25 °C module temperature [unitless]; null as PR, or without module temperatures. */
  temperatureCorrectedPr: number | null;
}

/**
 * The day's figures from its power curve. A slot counts for PR only when it has both power and irradiance, so that
 * a sensor's gap does not count as darkness nor an inverter's gap as a loss.
 *
 * @param curve - The day's 5-minute slots [W, W/m², °C]
 * @param capacityW - Installed DC capacity P_0 [W]
 * @param gammaPerK - Power temperature coefficient [1/K]
 * @returns the day's yields and PR
 */
export function performanceOfCurve(
  curve: PowerCurve,
  capacityW: number,
  gammaPerK = DEFAULT_GAMMA_PER_K,
): DayPerformance {
  const hours = curve.stepMinutes / 60;
  const kwp = capacityW / 1000;
  const energyKwh = curve.points.reduce((a, p) => a + ((p.powerW ?? 0) * hours) / 1000, 0);
  const finalYieldH = kwp > 0 ? energyKwh / kwp : 0;
  const none = {
    poaKwhM2: null,
    referenceYieldH: null,
    performanceRatio: null,
    temperatureCorrectedPr: null,
  };
  if (!curve.hasWeather) return { date: curve.date, source: 'none', energyKwh, finalYieldH, ...none };
  const both = curve.points.filter((p) => p.powerW !== null && p.irradianceWm2 !== null);
  const intervals: PerformanceInterval[] = both.map((p) => ({
    energyAcKwh: ((p.powerW ?? 0) * hours) / 1000,
    poaIrradiationKwhM2: ((p.irradianceWm2 ?? 0) * hours) / 1000,
    moduleTempC: p.moduleTempC ?? 25,
  }));
  const poaKwhM2 = curve.points.reduce((a, p) => a + ((p.irradianceWm2 ?? 0) * hours) / 1000, 0);
  const sum = (f: (k: PerformanceInterval) => number) => intervals.reduce((a, k) => a + f(k), 0);
  const pr = performanceRatio(
    sum((k) => k.energyAcKwh),
    kwp,
    sum((k) => k.poaIrradiationKwhM2),
  ).performanceRatio;
  const withTemps = both.every((p) => p.moduleTempC !== null);
  const corrected = withTemps ? temperatureCorrectedPerformanceRatio(intervals, kwp, gammaPerK) : NaN;
  return {
    date: curve.date,
    source: 'sensor',
    energyKwh,
    poaKwhM2,
    referenceYieldH: performanceRatio(0, kwp, poaKwhM2).referenceYieldH,
    finalYieldH,
    performanceRatio: Number.isFinite(pr) ? pr : null,
    temperatureCorrectedPr: Number.isFinite(corrected) ? corrected : null,
  };
}

/**
 * IEC 61724-1 figures of a plant's local day.
 *
 * @param db - Database
 * @param plant - The plant (found in the caller's scope)
 * @param date - Local day, YYYY-MM-DD
 * @returns the day's yields and PR
 */
export async function plantDayPerformance(
  db: Database,
  plant: FoundPlant,
  date: string,
): Promise<DayPerformance> {
  return performanceOfCurve(await powerCurve(db, plant, date), Number(plant.capacity_w));
}
