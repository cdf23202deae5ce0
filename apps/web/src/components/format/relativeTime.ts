import { formatDate } from './formatDate.ts';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * "How long ago" (spec §9): under 30 s just now, under an hour minutes, under a day hours, under two days one
 * day, otherwise the date. `now` is a parameter so that the rule is tested without waiting.
 */
export function relativeTime(value: Date | number | string, t: Translate, now: number = Date.now()): string {
  const time = new Date(value).getTime();
  if (Number.isNaN(time)) return '';
  const diff = now - time;
  if (diff < 30 * SECOND_MS) return t('format.justNow');
  if (diff < HOUR_MS) return t('format.minutesAgo', { count: Math.ceil(diff / MINUTE_MS) });
  if (diff < DAY_MS) return t('format.hoursAgo', { count: Math.ceil(diff / HOUR_MS) });
  if (diff < 2 * DAY_MS) return t('format.oneDayAgo');
  return formatDate(time);
}
