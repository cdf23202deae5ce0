/**
 * Daily energy of a plant's inverters from its build date, for the years before the 5-minute history: the
 * lifetime counters, month and year charts of a plant built in 2017 then hold nine years, not fourteen days.
 *
 * A day is cheap to compute (no time steps): the clear-sky daily irradiation on the modules' plane from the
 * extraterrestrial daily irradiation, times the day's clear-sky index from the same seeded cloud process as the
 * 5-minute model (cloudiness.ts), times a performance ratio.
 *
 * - Extraterrestrial daily irradiation on a horizontal plane and on an equator-facing plane tilted by β (the
 *   latitude φ − β trick): Duffie, J. A. and Beckman, W. A. (2013), "Solar Engineering of Thermal Processes",
 *   4th ed., Wiley, eq. 1.10.3 and 2.19.2, doi:10.1002/9781118671603; declination by Cooper (1969), eq. 1.6.1a.
 * - Clear sky keeps about 75 % of the extraterrestrial irradiation, with a diffuse fraction of 15 %; under
 *   clouds the global falls by the clear-sky index and the beam faster, by the 5-minute model's own rule (gone
 *   once cloudiness passes 0.8, plantWeather.ts), so that a cloudy day loses the tilted plane's gain as it does
 *   there; the plane's irradiation by the isotropic sky model of Liu and Jordan (1963), eq. 2.19.1.
 * - A performance ratio of 0.8 (temperature, wiring, inverter), and the inverter's AC rating over the daylight
 *   hours as a ceiling. Roofs turned away from the equator are taken as equator-facing (a few percent).
 */
import { extraRadiation } from '@solarops/pv';
import { clearSkyIndexFromCloudiness, dailyCloudiness } from './cloudiness.ts';
import { isInverter, type PlantDescription } from './plantDescription.ts';
import { hashString, uniformAt } from './random.ts';

const DAY_MS = 86_400_000;
const RAD = Math.PI / 180;
/**
 * Share of the extraterrestrial daily irradiation that reaches the ground under a clear sky at sea level, and
 * what each metre of altitude adds [unitless, 1/m]: Rso = (0.75 + 2·10⁻⁵ z) Ra, Allen, R. G. et al. (1998),
 * "Crop evapotranspiration", FAO Irrigation and Drainage Paper 56, eq. 37.
 */
const CLEAR_SKY_TRANSMITTANCE = 0.75;
const TRANSMITTANCE_PER_METRE = 2e-5;
/** Diffuse share of the global irradiation under a clear sky [unitless]. */
const CLEAR_DIFFUSE_FRACTION = 0.15;
/** Ground reflectance [unitless]. */
const ALBEDO = 0.2;
/** AC energy per DC energy at standard irradiance (temperature, wiring, mismatch, inverter) [unitless]. */
const PERFORMANCE_RATIO = 0.8;

/** Daily energies of a plant's inverters over consecutive local days. */
export interface DailyEnergy {
  /** The local days, 'YYYY-MM-DD', consecutive. */
  days: string[];
  /** Per inverter serial, its energy of each day, in the order of `days` [kWh]. */
  kwhBySerial: Map<string, number[]>;
}

/** Extraterrestrial daily irradiation on a plane facing the equator whose "latitude" is `phi` [Wh/m²]. */
function extraterrestrialDaily(gon: number, phi: number, delta: number, sunsetHourAngle: number): number {
  return (
    (24 / Math.PI) *
    gon *
    (Math.cos(phi) * Math.cos(delta) * Math.sin(sunsetHourAngle) +
      sunsetHourAngle * Math.sin(phi) * Math.sin(delta))
  );
}

/** Sunset hour angle at `phi` and declination `delta`, 0..π (polar night, midnight sun) [rad]. */
function sunsetHourAngle(phi: number, delta: number): number {
  return Math.acos(Math.min(Math.max(-Math.tan(phi) * Math.tan(delta), -1), 1));
}

/**
 * Energy of 1 kW of modules on the plant's plane on a day of the given cloudiness, and the day's daylight hours.
 *
 * @param plant - Plant (latitude, tilt, altitude)
 * @param dayOfYear - Day of the year 1..366 [day]
 * @param cloudiness - The day's cloudiness, 0 clear .. 1 overcast [unitless]; default 0
 * @returns yield at standard conditions [kWh/kWp] and daylight [h]
 */
export function dailyPlaneYield(
  plant: Pick<PlantDescription, 'latitude' | 'surfaceTilt' | 'altitude'>,
  dayOfYear: number,
  cloudiness = 0,
): { yieldKwhPerKwp: number; daylightHours: number } {
  // The southern hemisphere mirrors the northern one: its modules face north, its seasons are reversed.
  const south = plant.latitude < 0;
  const phi = Math.abs(plant.latitude) * RAD;
  const declination = 23.45 * Math.sin((2 * Math.PI * (284 + dayOfYear)) / 365) * (south ? -1 : 1);
  const delta = declination * RAD;
  const beta = plant.surfaceTilt * RAD;
  const gon = extraRadiation(dayOfYear);
  const ws = sunsetHourAngle(phi, delta);
  const h0 = extraterrestrialDaily(gon, phi, delta, ws);
  if (h0 <= 0) return { yieldKwhPerKwp: 0, daylightHours: 0 };
  const wsTilted = Math.min(ws, sunsetHourAngle(phi - beta, delta));
  const rb = Math.max(extraterrestrialDaily(gon, phi - beta, delta, wsTilted), 0) / h0;
  const clearGhiWh = (CLEAR_SKY_TRANSMITTANCE + TRANSMITTANCE_PER_METRE * plant.altitude) * h0;
  const ghiWh = clearGhiWh * clearSkyIndexFromCloudiness(cloudiness);
  const beamWh = Math.min(
    clearGhiWh * (1 - CLEAR_DIFFUSE_FRACTION) * Math.max(0, 1 - cloudiness / 0.8) ** 1.5,
    ghiWh,
  );
  const poaWh =
    beamWh * rb + ((ghiWh - beamWh) * (1 + Math.cos(beta))) / 2 + (ghiWh * ALBEDO * (1 - Math.cos(beta))) / 2;
  // 1 kWh/m² on the plane gives 1 kWh per kWp at standard conditions (1 kW/m²).
  return { yieldKwhPerKwp: poaWh / 1000, daylightHours: (2 * ws) / (15 * RAD) };
}

/** Days since 1970-01-01 of a 'YYYY-MM-DD' day [day]. */
function dayNumber(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / DAY_MS);
}

/** The 'YYYY-MM-DD' of a day number. */
function dayString(n: number): string {
  return new Date(n * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The daily energy of each inverter of a plant from `fromDay` to the day before `toDay` (its local days).
 *
 * @param plant - Plant to compute
 * @param fromDay - First local day, 'YYYY-MM-DD' (the build date)
 * @param toDay - The local day after the last one, 'YYYY-MM-DD' (where the 5-minute history starts)
 * @returns the days and each inverter's energy of each [kWh]
 */
export function dailyEnergy(plant: PlantDescription, fromDay: string, toDay: string): DailyEnergy {
  const first = dayNumber(fromDay);
  const last = dayNumber(toDay) - 1;
  const days: string[] = [];
  const kwhBySerial = new Map<string, number[]>();
  const inverters = plant.devices.filter(isInverter);
  for (const d of inverters) kwhBySerial.set(d.serial, []);
  for (let n = first; n <= last; n++) {
    const day = dayString(n);
    days.push(day);
    const doy = n - dayNumber(`${day.slice(0, 4)}-01-01`) + 1;
    const sky = dailyPlaneYield(plant, doy, dailyCloudiness(plant.cloudSeed, n, plant.clearBias));
    for (const d of inverters) {
      const dcKw = (d.strings * d.modulesPerString * d.module.pmaxW) / 1000;
      // Soiling, a short outage, a string fuse: each device loses a little on some days.
      const availability = 0.94 + 0.06 * uniformAt(plant.cloudSeed, 61, n, hashString(d.serial));
      const kwh = Math.min(
        dcKw * sky.yieldKwhPerKwp * PERFORMANCE_RATIO * availability,
        (d.ratedPowerW / 1000) * sky.daylightHours * 0.75,
      );
      kwhBySerial.get(d.serial)!.push(Math.round(kwh * 1000) / 1000);
    }
  }
  return { days, kwhBySerial };
}
