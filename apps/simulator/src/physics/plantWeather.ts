/**
 * Weather and irradiance at a plant at one instant: sun position (NREL SPA), Ineichen–Perez clear sky with
 * the climatological Linke turbidity, the seeded cloud process, Hay–Davies plane-of-array irradiance,
 * ambient temperature, wind and SAPM cell temperature.
 */
import {
  SAPM_TEMPERATURE_PARAMETERS,
  absoluteAirmass,
  altitudeToPressure,
  clearSkyIneichen,
  extraRadiation,
  geocentricAt,
  linkeTurbidityClimatology,
  relativeAirmass,
  sapmCellTemperature,
  sapmModuleTemperature,
  solarPosition,
  totalIrradiance,
} from '@solarops/pv';
import { clearSkyIndexFromCloudiness, cloudinessAt } from './cloudiness.ts';
import { localTime } from './localTime.ts';
import type { LocalTime } from './localTime.ts';
import type { PlantDescription } from './plantDescription.ts';
import { uniformAt } from './random.ts';

/** Weather at a plant; irradiance [W/m²], temperatures [°C], wind [m/s], angles [deg]. */
export interface PlantWeather {
  /** Instant [ms]. */
  timeMs: number;
  /** Local calendar time in the plant's time zone. */
  local: LocalTime;
  /** Apparent solar zenith [deg]. */
  apparentZenith: number;
  /** Solar azimuth [deg]. */
  azimuth: number;
  /** Cloudiness 0..1 [unitless]. */
  cloudiness: number;
  /** Clear-sky GHI [W/m²]. */
  ghiClear: number;
  /** GHI [W/m²]. */
  ghi: number;
  /** DNI [W/m²]. */
  dni: number;
  /** DHI [W/m²]. */
  dhi: number;
  /** Plane-of-array irradiance [W/m²]. */
  poaGlobal: number;
  /** Ambient temperature [°C]. */
  tempAir: number;
  /** Wind speed [m/s]. */
  windSpeed: number;
  /** Module back-surface temperature [°C]. */
  tempModule: number;
  /** Cell temperature [°C]. */
  tempCell: number;
}

/**
 * Ambient temperature: annual mean falling with latitude, a seasonal swing peaking about a month after
 * the local summer solstice, a diurnal swing peaking at 15:00 damped by clouds, and slow noise.
 */
function ambientTemperature(
  plant: PlantDescription,
  local: LocalTime,
  cloudiness: number,
  timeMs: number,
): number {
  const absLat = Math.abs(plant.latitude);
  const mean = 27 - 0.3 * absLat - 0.0065 * plant.altitude;
  const seasonAmp = 0.28 * absLat;
  const peakDoy = plant.latitude >= 0 ? 200 : 17;
  const seasonal = seasonAmp * Math.cos((2 * Math.PI * (local.dayOfYear - peakDoy)) / 365);
  const diurnal = (6 - 3 * cloudiness) * Math.cos((2 * Math.PI * (local.hour - 15)) / 24);
  const noise = 1.5 * (uniformAt(plant.cloudSeed, 11, Math.floor(timeMs / 10_800_000)) - 0.5);
  return mean + seasonal + diurnal + noise;
}

/**
 * Weather at a plant at an instant. Pure: the same plant and time always give the same weather.
 *
 * @param plant - Plant description (site, orientation, cloud seed)
 * @param timeMs - Instant, epoch milliseconds [ms]
 * @returns irradiance [W/m²], temperatures [°C], wind [m/s] and sun angles [deg]
 */
export function plantWeather(plant: PlantDescription, timeMs: number): PlantWeather {
  const local = localTime(plant.timeZone, timeMs);
  const pressure = altitudeToPressure(plant.altitude);
  // The sun's geocentric values are the same for every plant at this instant: computed once (`geocentricAt`).
  const sun = solarPosition(timeMs, plant.latitude, plant.longitude, {
    altitude: plant.altitude,
    pressure,
    geocentric: geocentricAt(timeMs),
  });
  const cloudiness = cloudinessAt(plant.cloudSeed, timeMs, plant.clearBias);
  const windSpeed =
    0.8 + 4.5 * uniformAt(plant.cloudSeed, 12, Math.floor(timeMs / 3_600_000)) * (0.6 + cloudiness);
  const tempAir = ambientTemperature(plant, local, cloudiness, timeMs);
  let ghiClear = 0;
  let ghi = 0;
  let dni = 0;
  let dhi = 0;
  let poaGlobal = 0;
  if (sun.apparentZenith < 90) {
    const am = absoluteAirmass(relativeAirmass(sun.apparentZenith), pressure);
    const tl = linkeTurbidityClimatology(plant.latitude, local.month);
    const clear = clearSkyIneichen(sun.apparentZenith, am, tl, { altitude: plant.altitude });
    const cosZ = Math.cos((sun.apparentZenith * Math.PI) / 180);
    ghiClear = clear.ghi;
    ghi = clear.ghi * clearSkyIndexFromCloudiness(cloudiness);
    // The beam fades faster than the global: gone once cloudiness passes 0.8.
    dni = clear.dni * Math.max(0, 1 - cloudiness / 0.8) ** 1.5;
    dhi = Math.max(ghi - dni * cosZ, 0);
    const dniExtra = extraRadiation(local.dayOfYear);
    poaGlobal = totalIrradiance({
      surfaceTilt: plant.surfaceTilt,
      surfaceAzimuth: plant.surfaceAzimuth,
      solarZenith: sun.apparentZenith,
      solarAzimuth: sun.azimuth,
      dni,
      ghi,
      dhi,
      dniExtra,
      albedo: 0.2,
      model: 'haydavies',
    }).poaGlobal;
  }
  const thermal =
    plant.mounting === 'roof'
      ? SAPM_TEMPERATURE_PARAMETERS.closeMountGlassGlass
      : SAPM_TEMPERATURE_PARAMETERS.openRackGlassPolymer;
  return {
    timeMs,
    local,
    apparentZenith: sun.apparentZenith,
    azimuth: sun.azimuth,
    cloudiness,
    ghiClear,
    ghi,
    dni,
    dhi,
    poaGlobal,
    tempAir,
    windSpeed,
    tempModule: sapmModuleTemperature(poaGlobal, tempAir, windSpeed, thermal.a, thermal.b),
    tempCell: sapmCellTemperature(poaGlobal, tempAir, windSpeed, thermal),
  };
}
