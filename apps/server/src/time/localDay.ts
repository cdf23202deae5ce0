/**
 * Local days of a plant's IANA time zone (ARCHITECTURE §6: days, charts and reports use the plant's zone).
 * Every zone offset in the tz database is a multiple of 15 minutes, so the day of an instant is cached per
 * quarter hour: ingest asks this for every reading.
 */

const formatters = new Map<string, Intl.DateTimeFormat>();
/** Local days by zone, then by quarter hour since the epoch (numbers as keys: no key string per reading). */
const dayCache = new Map<string, Map<number, string>>();
let cachedDays = 0;
const QUARTER_HOUR_MS = 15 * 60_000;

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** True when `timeZone` is an IANA zone name this runtime knows. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

function parts(timeZone: string, ms: number) {
  const p: Record<string, number> = {};
  for (const part of formatter(timeZone).formatToParts(ms)) {
    if (part.type !== 'literal') p[part.type] = Number(part.value);
  }
  return p as { year: number; month: number; day: number; hour: number; minute: number; second: number };
}

/** The offset of `timeZone` from UTC at instant `ms` [ms]. */
export function zoneOffsetMs(timeZone: string, ms: number): number {
  const p = parts(timeZone, ms);
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
    const p = parts(timeZone, ms);
    day = `${p.year}-${String(p.month).padStart(2, '0')}-${String(p.day).padStart(2, '0')}`;
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
