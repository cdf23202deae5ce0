/**
 * The in-plane irradiation a clear sky gives a tilted array over a span of time, for plants without an irradiance
 * sensor: sun position (SPA), clear sky (Ineichen with the Linke turbidity climatology), transposition to the
 * plane (Hay–Davies) and the cell temperature (SAPM), integrated in fixed steps. The sun's geocentric values of
 * each instant are kept for the next site (a fleet's plants share the instants of their steps).
 */
import { absoluteAirmass, altitudeToPressure, relativeAirmass } from './atmosphere.ts';
import { SAPM_TEMPERATURE_PARAMETERS, sapmCellTemperature } from './cellTemperature.ts';
import { clearSkyIneichen } from './clearSkyIneichen.ts';
import { dayOfYear, extraRadiation } from './extraterrestrialRadiation.ts';
import { linkeTurbidityClimatology } from './linkeTurbidity.ts';
import { totalIrradiance } from './poaIrradiance.ts';
import { geocentricAt, solarPosition } from './solarPosition.ts';

/** An array's site and orientation. */
export interface PlaneSite {
  /** Latitude, north positive [deg]. */
  latitude: number;
  /** Longitude, east positive [deg]. */
  longitude: number;
  /** Altitude above sea level [m]. Default 0. */
  altitude?: number;
  /** Tilt from horizontal [deg]. */
  surfaceTilt: number;
  /** Azimuth, clockwise from north [deg]. */
  surfaceAzimuth: number;
}

/**
 * The orientation assumed for a site whose array orientation is not known: facing the equator, tilted by the
 * latitude up to 35° (the common fixed-tilt rule for yearly yield).
 *
 * @param latitude - Latitude [deg]
 * @returns tilt and azimuth [deg]
 */
export function equatorFacing(latitude: number): { surfaceTilt: number; surfaceAzimuth: number } {
  return { surfaceTilt: Math.min(Math.abs(latitude), 35), surfaceAzimuth: latitude >= 0 ? 180 : 0 };
}

/** What a clear sky gives the plane over a span. */
export interface PlaneIrradiation {
  /** In-plane irradiation H_POA [kWh/m²]. */
  poaKwhM2: number;
  /**
   * In-plane irradiation weighted by the temperature factor C_k = 1 + γ · (T_cell,k − 25 °C) of each step
   * [kWh/m²]: P_0 times this is the DC energy PVWatts expects, and the denominator of the temperature-corrected PR.
   */
  temperatureWeightedKwhM2: number;
}

/** Options of {@link clearSkyPlaneIrradiation}. */
export interface ClearSkyPlaneOptions {
  /** Integration step [ms]. Default 15 minutes. */
  stepMs?: number;
  /** Power temperature coefficient γ [1/K]. Default −0.004. */
  gammaPerK?: number;
  /** Ambient air temperature assumed [°C]. Default 20. */
  tempAirC?: number;
  /** Wind speed assumed [m/s]. Default 1. */
  windSpeed?: number;
  /** Clear-sky index applied to the global irradiance (a cloud factor) [unitless]. Default 1. */
  clearSkyIndex?: number;
}

/**
 * Clear-sky in-plane irradiation between two instants (midpoint rule).
 *
 * @param site - Site and orientation [deg, m]
 * @param fromMs - Start, epoch milliseconds [ms]
 * @param toMs - End, epoch milliseconds [ms]
 * @param options - Step [ms], γ [1/K], assumed air temperature [°C] and wind [m/s], clear-sky index
 * @returns H_POA and its temperature-weighted form [kWh/m²]
 */
export function clearSkyPlaneIrradiation(
  site: PlaneSite,
  fromMs: number,
  toMs: number,
  options: ClearSkyPlaneOptions = {},
): PlaneIrradiation {
  const { stepMs = 900_000, gammaPerK = -0.004, tempAirC = 20, windSpeed = 1, clearSkyIndex = 1 } = options;
  const altitude = site.altitude ?? 0;
  const pressure = altitudeToPressure(altitude);
  const hours = stepMs / 3_600_000;
  let poa = 0;
  let weighted = 0;
  for (let t = fromMs; t < toMs; t += stepMs) {
    const mid = t + Math.min(stepMs, toMs - t) / 2;
    const share = Math.min(stepMs, toMs - t) / stepMs;
    const sun = solarPosition(mid, site.latitude, site.longitude, {
      altitude,
      pressure,
      geocentric: geocentricAt(mid),
    });
    if (sun.apparentZenith >= 90) continue;
    const date = new Date(mid);
    const am = absoluteAirmass(relativeAirmass(sun.apparentZenith), pressure);
    const tl = linkeTurbidityClimatology(site.latitude, date.getUTCMonth() + 1);
    const clear = clearSkyIneichen(sun.apparentZenith, am, tl, { altitude });
    const g = totalIrradiance({
      surfaceTilt: site.surfaceTilt,
      surfaceAzimuth: site.surfaceAzimuth,
      solarZenith: sun.apparentZenith,
      solarAzimuth: sun.azimuth,
      dni: clear.dni * clearSkyIndex,
      ghi: clear.ghi * clearSkyIndex,
      dhi: clear.dhi * clearSkyIndex,
      dniExtra: extraRadiation(dayOfYear(date)),
      albedo: 0.2,
      model: 'haydavies',
    }).poaGlobal;
    if (!(g > 0)) continue;
    const cell = sapmCellTemperature(
      g,
      tempAirC,
      windSpeed,
      SAPM_TEMPERATURE_PARAMETERS.openRackGlassPolymer,
    );
    const kwhM2 = (g * hours * share) / 1000;
    poa += kwhM2;
    weighted += kwhM2 * (1 + gammaPerK * (cell - 25));
  }
  return { poaKwhM2: poa, temperatureWeightedKwhM2: weighted };
}
