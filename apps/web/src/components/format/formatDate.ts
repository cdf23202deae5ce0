import dayjs from 'dayjs';

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
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(d)
      .map((p) => [p.type, p.value]),
  );
  const time = `${parts.hour}:${parts.minute}`;
  return timeOnly ? time : `${parts.year}-${parts.month}-${parts.day} ${time}:${parts.second}`;
}
