import { describe, expect, it } from 'vitest';
import { calendarDay, isCalendarDay } from './calendar.ts';

describe('calendar days', () => {
  it('take the days of the calendar, leap days included', () => {
    for (const day of ['2024-02-29', '2000-02-29', '2023-12-31', '1900-01-01', '9999-12-31', '2025-04-30'])
      expect(isCalendarDay(day), day).toBe(true);
  });

  it('refuse what has the form but is no day: Feb 30, month 13, day 0, year 0, leap days of common years', () => {
    for (const day of [
      '2024-02-30',
      '2024-13-45',
      '2024-13-01',
      '2024-00-10',
      '2024-06-00',
      '0000-01-01',
      '1899-12-31',
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-1-01',
      '2024-01-01T00:00',
      ' 2024-01-01',
    ])
      expect(isCalendarDay(day), day).toBe(false);
  });

  it('answer with the message key of a day', () => {
    const r = calendarDay.safeParse('2024-02-30');
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('validation.day');
  });
});
