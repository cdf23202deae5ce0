import type { ReportPeriod } from '@solarops/contracts';
import { nextDay } from '../telemetry/localDay.ts';

/** Days between readings a device sends by default (docs/device-protocol.md: `intervalS` 300 s) [ms]. */
export const READING_INTERVAL_MS = 300_000;

/** The first and last local day of the `period` holding `date` ('YYYY-MM-DD'). */
export function periodDays(period: ReportPeriod, date: string): { from: string; to: string } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  if (period === 'day') return { from: date, to: date };
  if (period === 'year') return { from: `${y}-01-01`, to: `${y}-12-31` };
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = nextDay(d)) out.push(d);
  return out;
}

/**
 * UTC instants that hold the local days `from`..`to` of every zone (UTC−12 to UTC+14): a bound on the readings'
 * device time that prunes the monthly partitions; each plant's own day is then taken in its zone.
 */
export function utcWindow(from: string, to: string): { lo: Date; hi: Date } {
  return {
    lo: new Date(Date.parse(`${from}T00:00:00Z`) - 14 * 3_600_000),
    hi: new Date(Date.parse(`${nextDay(to)}T00:00:00Z`) + 12 * 3_600_000),
  };
}
