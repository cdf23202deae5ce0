import dayjs from 'dayjs';
import { dayKeyOf, timeKeyOf, wallClock } from '@solarops/contracts';

/** The default date format of the console (spec §9). */
export const DEFAULT_DATE_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Formats a date, a timestamp in ms or an ISO string; empty for nothing or an invalid date. */
export function formatDate(
  value: Date | number | string | null | undefined,
  format = DEFAULT_DATE_FORMAT,
): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format(format) : '';
}

/**
 * Formats a moment as the wall clock of an IANA time zone reads it, `YYYY-MM-DD HH:mm:ss` (or `HH:mm` with
 * `timeOnly`): a plant's data is read in the plant's local time, whatever the browser's zone.
 */
export function formatInZone(value: string | number | Date, timeZone: string, timeOnly = false): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const clock = wallClock(timeZone, d);
  const time = timeKeyOf(clock);
  return timeOnly ? time.slice(0, 5) : `${dayKeyOf(clock)} ${time}`;
}

/** One offset-naming formatter per zone, made once (a list formats a zoned time per cell). */
const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The UTC offset an IANA time zone has at a moment, as a reader names it: `UTC+8`, `UTC-4`, `UTC+5:30`, `UTC`.
 * Language-neutral, so the same in zh and en.
 */
export function zoneOffsetLabel(value: string | number | Date, timeZone: string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'shortOffset' });
    offsetFormats.set(timeZone, format);
  }
  const name = format.formatToParts(d).find((p) => p.type === 'timeZoneName')?.value;
  return (name ?? 'GMT').replace('GMT', 'UTC');
}

/**
 * A moment as the wall clock of `timeZone` reads it, followed by that zone's offset (`2026-11-29 11:49:00
 * UTC+8`), so that no time a user reads leaves its zone to be guessed: a plant's or device's times in the plant's
 * zone (as its reports and service reports), others in the browser's.
 */
export function formatZoned(
  value: string | number | Date | null | undefined,
  timeZone: string,
  timeOnly = false,
): string {
  if (value === null || value === undefined || value === '') return '';
  const local = formatInZone(value, timeZone, timeOnly);
  return local ? `${local} ${zoneOffsetLabel(value, timeZone)}` : '';
}
