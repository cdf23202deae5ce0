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
