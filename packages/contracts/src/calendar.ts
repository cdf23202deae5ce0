import { z } from 'zod';

/**
 * Dates on the calendar. A value that has the form `YYYY-MM-DD` is not yet a day: `2024-02-30`, `2024-13-45` and
 * `0000-01-01` match the pattern and are none. Every contract that carries a day takes it from here, so that no
 * such value reaches a query or a `Date` (where it becomes NaN, an exception, or a database error).
 *
 * Years run from 1900 to 9999: four digits, and past JavaScript's mapping of years 0–99 to 1900–1999 (so the
 * server's day arithmetic and the database agree on every accepted day).
 */
export const CALENDAR_YEARS = { min: 1900, max: 9999 } as const;

const DAY_FORM = /^(\d{4})-(\d{2})-(\d{2})$/;

/** Days in month `m` (1–12) of year `y` of the Gregorian calendar. */
export function daysInMonth(y: number, m: number): number {
  if (m === 2) return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(m) ? 30 : 31;
}

/** True when `value` is `YYYY-MM-DD` and names a day of the calendar within `CALENDAR_YEARS`. */
export function isCalendarDay(value: string): boolean {
  const m = DAY_FORM.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return (
    y >= CALENDAR_YEARS.min &&
    y <= CALENDAR_YEARS.max &&
    mo >= 1 &&
    mo <= 12 &&
    d >= 1 &&
    d <= daysInMonth(y, mo)
  );
}

/** A local day, `YYYY-MM-DD`, that exists on the calendar (message key `validation.day`). */
export const calendarDay = z.string().refine(isCalendarDay, 'validation.day');
