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

const MOMENT_FORM = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;

/**
 * True when `value` is `YYYY-MM-DD HH:mm` or `YYYY-MM-DD HH:mm:ss` (or with `T`) on a calendar day, at 00:00:00 to
 * 23:59:59. A local time that a daylight-saving change skips is a time of the calendar: it is read as the zone's
 * rules read it (the instant after the gap), as every local time of the console is.
 */
export function isCalendarMoment(value: string): boolean {
  const m = MOMENT_FORM.exec(value);
  if (!m || !isCalendarDay(m[1]!)) return false;
  return Number(m[2]) <= 23 && Number(m[3]) <= 59 && (m[4] === undefined || Number(m[4]) <= 59);
}

/** A local day, or a local moment on it (`YYYY-MM-DD HH:mm:ss`), that exists on the calendar. */
export const calendarDayOrMoment = z
  .string()
  .refine((v) => isCalendarDay(v) || isCalendarMoment(v), 'validation.day');

/** A year (`YYYY`), a month (`YYYY-MM`) or a day (`YYYY-MM-DD`) of the calendar. */
export const calendarPeriod = z
  .string()
  .refine(
    (v) =>
      /^\d{4}$/.test(v)
        ? isCalendarDay(`${v}-01-01`)
        : /^\d{4}-\d{2}$/.test(v)
          ? isCalendarDay(`${v}-01`)
          : isCalendarDay(v),
    'validation.day',
  );

/** An instant given as any date text `Date` reads, within the calendar's years (`validation.day` otherwise). */
export const calendarInstant = z.coerce
  .date()
  .refine(
    (d) => d.getUTCFullYear() >= CALENDAR_YEARS.min && d.getUTCFullYear() <= CALENDAR_YEARS.max,
    'validation.day',
  );
