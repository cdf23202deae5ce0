import { wallClock, zonedDay } from '@solarops/contracts';

/**
 * Local days of a plant's IANA time zone (ARCHITECTURE §6: days, charts and reports use the plant's zone).
 * Every zone offset in the tz database is a multiple of 15 minutes, so the day of an instant is cached per
 * quarter hour: ingest asks this for every reading.
 */

/** Local days by zone, then by quarter hour since the epoch (numbers as keys: no key string per reading). */
const dayCache = new Map<string, Map<number, string>>();
let cachedDays = 0;
const QUARTER_HOUR_MS = 15 * 60_000;

/** The offset of `timeZone` from UTC at instant `ms` [ms]. */
export function zoneOffsetMs(timeZone: string, ms: number): number {
  const p = wallClock(timeZone, ms);
  const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
  return asUtc - Math.floor(ms / 1000) * 1000;
}

/** The local day 'YYYY-MM-DD' of instant `ms` in `timeZone`. */
export function localDay(timeZone: string, ms: number): string {
  const quarter = Math.floor(ms / QUARTER_HOUR_MS);
  let days = dayCache.get(timeZone);
  if (!days) dayCache.set(timeZone, (days = new Map()));
  let day = days.get(quarter);
  if (day === undefined) {
    day = zonedDay(timeZone, ms);
    if (++cachedDays > 200_000) {
      dayCache.clear();
      cachedDays = 0;
      dayCache.set(timeZone, (days = new Map()));
    }
    days.set(quarter, day);
  }
  return day;
}

/** The instant local day `day` ('YYYY-MM-DD') starts in `timeZone` [ms]. */
export function localDayStartMs(timeZone: string, day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const guess = Date.UTC(y, m - 1, d);
  // Two passes: the offset at the guess, then at the corrected instant (they differ only across a change).
  const first = guess - zoneOffsetMs(timeZone, guess);
  return guess - zoneOffsetMs(timeZone, first);
}

/** The day after `day` ('YYYY-MM-DD'). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/** First day of the month and of the year of `day`. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;
export const yearOf = (day: string) => `${day.slice(0, 4)}-01-01`;
