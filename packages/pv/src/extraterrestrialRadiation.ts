/**
 * Extraterrestrial radiation: the solar irradiance normal to the sun's rays at the top of the atmosphere.
 *
 * Spencer, J. W. (1971), "Fourier series representation of the position of the sun", Search 2(5), 172
 * (Earth–Sun distance factor), with the solar constant 1366.1 W/m² (ASTM E490-00a). The simpler ASCE
 * form 1 + 0.033·cos(2π·doy/365) is ASCE-EWRI (2005), "The ASCE Standardized Reference
 * Evapotranspiration Equation", eq. 23.
 */
import type { TimeInput } from './solarPosition.ts';

/** Solar constant, the mean extraterrestrial irradiance at 1 AU [W/m²]. */
export const SOLAR_CONSTANT = 1366.1;

/**
 * Day of the year in UTC (1 = 1 January).
 *
 * @param time - Instant, a Date or epoch milliseconds [ms]
 * @returns day_of_year [day]
 */
export function dayOfYear(time: TimeInput): number {
  const d = new Date(typeof time === 'number' ? time : time.getTime());
  return Math.floor((d.getTime() - Date.UTC(d.getUTCFullYear(), 0, 1)) / 86_400_000) + 1;
}

/**
 * Extraterrestrial direct normal irradiance for a day of the year.
 *
 * Spencer: with day angle B = 2π(doy − 1)/365,
 * (R0/R)² = 1.00011 + 0.034221·cos B + 0.00128·sin B + 0.000719·cos 2B + 0.000077·sin 2B and
 * dni_extra = 1366.1 · (R0/R)². ASCE: dni_extra = 1366.1 · (1 + 0.033·cos(2π·doy/365)).
 *
 * @param day - Day of the year 1..366, or a Date whose UTC day is used [day]
 * @param method - 'spencer' (default) or 'asce' [unitless]
 * @returns dni_extra [W/m²]
 */
export function extraRadiation(day: number | Date, method: 'spencer' | 'asce' = 'spencer'): number {
  const doy = day instanceof Date ? dayOfYear(day) : day;
  if (method === 'asce') return SOLAR_CONSTANT * (1 + 0.033 * Math.cos((2 * Math.PI * doy) / 365));
  const b = (2 * Math.PI * (doy - 1)) / 365;
  const rOverR0Sq =
    1.00011 +
    0.034221 * Math.cos(b) +
    0.00128 * Math.sin(b) +
    0.000719 * Math.cos(2 * b) +
    0.000077 * Math.sin(2 * b);
  return SOLAR_CONSTANT * rOverR0Sq;
}
