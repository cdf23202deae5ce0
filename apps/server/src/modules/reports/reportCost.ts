/**
 * A report's cost, bounded before any reading is read (issue: one request must not hold the database for minutes).
 * The work of a report grows with the 5-minute readings it goes through: its plants' inverters and weather stations
 * × the days of its period that have passed since each plant was built, once per pass over them (the periodic
 * figures are one pass; a custom report's availability is a second). Above `MAX_REPORT_DEVICE_DAYS` the report
 * answers 422 naming the limit, and the caller chooses fewer plants or a shorter period.
 */
import { MAX_REPORT_DEVICE_DAYS } from '@solarops/contracts';
import { AppError } from '../../http/AppError.ts';
import { localDay } from '../../time/localDay.ts';

/** What the cost reads of a report's plant (periodicReport's PlantRow has these; it imports this file, not the reverse). */
export type CostedPlant = { time_zone: string; build_date: string; inverters: number; stations: number };

const DAY_MS = 86_400_000;
/** 109500 as 109,500: the grouping reads alike in both languages. */
const grouped = (n: number) => n.toLocaleString('en-US');
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;

/** Device-days one pass of a report over local days `from`..`to` reads. */
export function reportDeviceDays(
  plants: readonly CostedPlant[],
  from: string,
  to: string,
  nowMs: number,
): number {
  let total = 0;
  for (const p of plants) {
    const first = p.build_date > from ? p.build_date : from;
    const today = localDay(p.time_zone, nowMs);
    const last = today < to ? today : to;
    if (last < first) continue;
    total += (p.inverters + p.stations) * (dayNumber(last) - dayNumber(first) + 1);
  }
  return total;
}

/** Refuses (422 `reports.tooCostly`, naming the cost and the limit) a report that would read too much. */
export function checkReportCost(
  plants: readonly CostedPlant[],
  from: string,
  to: string,
  nowMs: number,
  passes = 1,
): void {
  const cost = reportDeviceDays(plants, from, to, nowMs) * passes;
  if (cost > MAX_REPORT_DEVICE_DAYS)
    throw new AppError(422, 'reports.tooCostly', {
      params: { cost: grouped(cost), limit: grouped(MAX_REPORT_DEVICE_DAYS) },
    });
}

/** True for the refusal of `checkReportCost` (a scheduled report skips its template and goes on). */
export const isTooCostly = (e: unknown): boolean => e instanceof AppError && e.key === 'reports.tooCostly';
