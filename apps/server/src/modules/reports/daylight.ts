import { clearSkyHaurwitz, solarPosition } from '@solarops/pv';
import { localDayStartMs, nextDay } from '../../time/localDay.ts';
import { READING_INTERVAL_MS } from './periods.ts';

/**
 * Daylight for the reports: the sun at least this high [deg]. Inverters wake on their strings' voltage and sleep at
 * dusk, so a healthy one may be silent with the sun just above the horizon.
 */
export const DAYLIGHT_ELEVATION_DEG = 10;

/** Where a plant is, for its sun. */
export interface PlantSite {
  time_zone: string;
  latitude: number;
  longitude: number;
}

/**
 * A plant's local day in 5-minute slots that have passed by `nowMs` (their start [ms]), with whether each is
 * daylight and the clear-sky irradiance at its middle [W/m²].
 */
export function daySlots(plant: PlantSite, date: string, nowMs: number) {
  const start = localDayStartMs(plant.time_zone, date);
  const end = Math.min(localDayStartMs(plant.time_zone, nextDay(date)), nowMs);
  const slots: number[] = [];
  for (
    let t = Math.ceil(start / READING_INTERVAL_MS) * READING_INTERVAL_MS;
    t + READING_INTERVAL_MS <= end;
    t += READING_INTERVAL_MS
  )
    slots.push(t);
  const sun = slots.map((t) => solarPosition(t + READING_INTERVAL_MS / 2, plant.latitude, plant.longitude));
  return {
    slots,
    daylight: sun.map((s) => s.elevation >= DAYLIGHT_ELEVATION_DEG),
    clearSkyWm2: sun.map((s) => clearSkyHaurwitz(s.apparentZenith)),
  };
}
