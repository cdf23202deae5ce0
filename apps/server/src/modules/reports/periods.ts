import type { ReportPeriod } from '@solarops/contracts';
import { nextDay } from '../../time/localDay.ts';

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

/**
 * The period a report of `period` made for local day `date` covers, as its file name says it: the day
 * (2026-11-29), the month (2026-11) or the year (2026), never the day the report was asked on.
 */
export function periodLabel(period: ReportPeriod, date: string): string {
  return period === 'day' ? date.slice(0, 10) : period === 'month' ? date.slice(0, 7) : date.slice(0, 4);
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

const ymd = (y: number, m: number, d: number) =>
  `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
/** Last day of month `m` (1–12) of year `y`. */
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

/**
 * The billing cycle holding `date` when cycles start on day `startDay` of each month (1–31): a month too short for
 * that day starts its cycle on its last day (from the 31st: 28 or 29 February, 30 April). The cycle ends the day
 * before the next one starts.
 */
export function billingCycle(startDay: number, date: string): { from: string; to: string } {
  const [y, m] = date.split('-').map(Number) as [number, number];
  const startIn = (yy: number, mm: number) => {
    const yAdj = yy + Math.floor((mm - 1) / 12);
    const mAdj = ((((mm - 1) % 12) + 12) % 12) + 1;
    return { y: yAdj, m: mAdj, day: ymd(yAdj, mAdj, Math.min(startDay, lastDayOf(yAdj, mAdj))) };
  };
  let start = startIn(y, m);
  if (date < start.day) start = startIn(y, m - 1);
  const next = startIn(start.y, start.m + 1);
  return { from: start.day, to: previousDay(next.day) };
}

/** The local day before `day`. */
export function previousDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/** Monday to Sunday of the week holding `date`. */
export function weekDays(date: string): { from: string; to: string } {
  const ms = Date.parse(`${date}T00:00:00Z`);
  const monday = ms - ((new Date(ms).getUTCDay() + 6) % 7) * 86_400_000;
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  return { from: iso(monday), to: iso(monday + 6 * 86_400_000) };
}
