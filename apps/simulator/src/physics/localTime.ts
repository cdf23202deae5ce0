/**
 * Local calendar time in a plant's IANA time zone.
 *
 * Intl formatting is slow compared with the physics, so the UTC offset is cached per time zone and 15-minute
 * bucket: every time zone in use changes its offset only on a quarter hour. Every bucket seen is kept (a zone's
 * 14 days of history are 1 344 buckets), since a fleet's plants in the same zone go through the same buckets one
 * plant after another.
 */

import { wallClock } from '@solarops/contracts';

/** Offset [ms] by time zone and bucket; bounded: a zone's buckets are cleared when full. */
const offsetCache = new Map<string, Map<number, number>>();
const BUCKET_MS = 15 * 60_000;
const BUCKETS_PER_ZONE = 100_000;

/**
 * UTC offset of a time zone at an instant (local − UTC).
 *
 * @param timeZone - IANA time zone, e.g. 'Asia/Shanghai'
 * @param timeMs - Instant, epoch milliseconds [ms]
 * @returns offset [ms]
 */
export function utcOffsetMs(timeZone: string, timeMs: number): number {
  const bucket = Math.floor(timeMs / BUCKET_MS);
  let zone = offsetCache.get(timeZone);
  if (!zone) offsetCache.set(timeZone, (zone = new Map()));
  const cached = zone.get(bucket);
  if (cached !== undefined) return cached;
  const probe = bucket * BUCKET_MS;
  const c = wallClock(timeZone, probe);
  const asUtc = Date.UTC(c.year, c.month - 1, c.day, c.hour, c.minute, c.second);
  const offsetMs = asUtc - probe;
  if (zone.size >= BUCKETS_PER_ZONE) zone.clear();
  zone.set(bucket, offsetMs);
  return offsetMs;
}

/** Local calendar fields of an instant. */
export interface LocalTime {
  /** Local day as 'YYYY-MM-DD'. */
  dayKey: string;
  /** Hours since local midnight, fractional [h]. */
  hour: number;
  /** Month 1..12 [month]. */
  month: number;
  /** Day of the year 1..366 in local time [day]. */
  dayOfYear: number;
}

/**
 * Local day, hour and month of an instant in a time zone.
 *
 * @param timeZone - IANA time zone
 * @param timeMs - Instant, epoch milliseconds [ms]
 * @returns local day key, hour [h], month, day of year
 */
export function localTime(timeZone: string, timeMs: number): LocalTime {
  const local = new Date(timeMs + utcOffsetMs(timeZone, timeMs));
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth() + 1;
  const d = local.getUTCDate();
  const hour = local.getUTCHours() + local.getUTCMinutes() / 60 + local.getUTCSeconds() / 3600;
  const dayOfYear = Math.floor((Date.UTC(y, m - 1, d) - Date.UTC(y, 0, 1)) / 86_400_000) + 1;
  const dayKey = `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return { dayKey, hour, month: m, dayOfYear };
}
