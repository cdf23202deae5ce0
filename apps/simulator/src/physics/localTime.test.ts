import { describe, expect, it } from 'vitest';
import { localTime, utcOffsetMs } from './localTime.ts';

const HOUR = 3_600_000;

describe('utcOffsetMs', () => {
  it('follows a daylight-saving change whatever order the instants are asked in', () => {
    // New York springs forward at 2026-03-08 07:00 UTC: −5 h before, −4 h after.
    const change = Date.UTC(2026, 2, 8, 7);
    expect(utcOffsetMs('America/New_York', change + HOUR)).toBe(-4 * HOUR);
    expect(utcOffsetMs('America/New_York', change - HOUR)).toBe(-5 * HOUR);
    expect(utcOffsetMs('America/New_York', change + HOUR)).toBe(-4 * HOUR);
    expect(utcOffsetMs('Asia/Shanghai', change)).toBe(8 * HOUR);
    expect(localTime('America/New_York', change - 60_000).dayKey).toBe('2026-03-08');
    expect(localTime('America/New_York', change - 60_000).hour).toBeCloseTo(1 + 59 / 60, 9);
  });
});
