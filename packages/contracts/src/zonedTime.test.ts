import { describe, expect, it } from 'vitest';
import { isKnownTimeZone, wallClock, zonedDay } from './zonedTime.ts';

describe('the wall clock of a time zone', () => {
  it('reads the day and time a plant in that zone lives, across midnight and a clock change', () => {
    // 2026-03-08 16:30 UTC is 00:30 the next day in Shanghai and 12:30 (just after the spring change) in New York.
    const at = Date.UTC(2026, 2, 8, 16, 30, 5);
    expect(wallClock('Asia/Shanghai', at)).toEqual({
      year: 2026,
      month: 3,
      day: 9,
      hour: 0,
      minute: 30,
      second: 5,
    });
    expect(wallClock('America/New_York', at)).toMatchObject({ day: 8, hour: 12, minute: 30 });
    expect(wallClock('Asia/Kolkata', new Date(Date.UTC(2026, 0, 1, 18, 29)))).toMatchObject({
      day: 1,
      hour: 23,
      minute: 59,
    });
    expect(zonedDay('Asia/Shanghai', at)).toBe('2026-03-09');
    expect(zonedDay('UTC', Date.UTC(2026, 0, 5, 23, 59, 59))).toBe('2026-01-05');
  });

  it('knows IANA zone names and refuses others', () => {
    expect(isKnownTimeZone('Europe/Berlin')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(() => wallClock('Mars/Olympus', 0)).toThrow(RangeError);
  });
});
