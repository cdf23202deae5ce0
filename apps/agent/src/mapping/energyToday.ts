import { zonedDay } from '@solarops/contracts';

/** What a device's day counter needs to remember: the plant's local day and the lifetime counter at its start. */
export interface DayStart {
  day: string;
  startKwh: number;
}

/** The local calendar day (YYYY-MM-DD) of an instant in a time zone. */
export const localDay = (ts: number, timeZone: string): string => zonedDay(timeZone, ts);

/**
 * `energyTodayKwh` for a device without a day counter (SunSpec has none): the lifetime counter now minus the
 * counter at the first reading of the plant's local day. The day's start is remembered per device (the agent
 * keeps it on disk, so a restart at noon does not start the day again); a counter that went backwards (device
 * replaced or reset) starts the day again from its new value. Without a start for today (the first reading of
 * the agent's life on a day it started in the middle of) the day counts from that first reading: an
 * underestimate on that one day rather than a guess.
 */
export function energyToday(
  starts: Map<string, DayStart>,
  sn: string,
  ts: number,
  totalKwh: number | undefined,
  timeZone: string,
): number | undefined {
  if (totalKwh === undefined) return undefined;
  const day = localDay(ts, timeZone);
  let start = starts.get(sn);
  if (!start || start.day !== day || totalKwh < start.startKwh) {
    start = { day, startKwh: totalKwh };
    starts.set(sn, start);
  }
  // At the counter's resolution (0.001 kWh at most): no binary noise in what is sent.
  return Math.round((totalKwh - start.startKwh) * 1000) / 1000;
}
