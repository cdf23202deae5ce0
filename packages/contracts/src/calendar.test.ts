import { describe, expect, it } from 'vitest';
import { calendarDay, calendarInstant, calendarPeriod, isCalendarDay, isCalendarMoment } from './calendar.ts';

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

  it('take moments on a day from 00:00:00 to 23:59:59, and refuse 24:30, minute 60 and a moment of Feb 30', () => {
    for (const v of ['2024-06-01 00:00', '2024-06-01T23:59:59', '2024-03-31 02:30:00'])
      expect(isCalendarMoment(v), v).toBe(true);
    for (const v of ['2024-06-01 24:30:00', '2024-06-01T12:60', '2024-06-01 12:00:60', '2024-02-30 10:00'])
      expect(isCalendarMoment(v), v).toBe(false);
  });

  it('take a year, a month or a day of the calendar as a period, and instants of its years', () => {
    for (const v of ['2024', '2024-02', '2024-02-29'])
      expect(calendarPeriod.safeParse(v).success, v).toBe(true);
    for (const v of ['0000', '2024-13', '2024-02-30', '24'])
      expect(calendarPeriod.safeParse(v).success, v).toBe(false);
    expect(calendarInstant.safeParse('2024-06-01T10:00:00Z').success).toBe(true);
    expect(calendarInstant.safeParse('0000-01-01').success).toBe(false);
  });
});
