import { describe, expect, it } from 'vitest';
import { abbreviateNumber } from './abbreviateNumber.ts';
import { DEFAULT_DATE_FORMAT, formatDate, formatZoned, zoneOffsetLabel } from './formatDate.ts';
import { relativeTime } from './relativeTime.ts';
import { formatEnergy, formatFileSize, formatPower, withUnit } from './units.ts';

const t = (key: string, o?: Record<string, unknown>) =>
  o?.count !== undefined ? `${key}:${String(o.count)}` : key;
const NOW = new Date(2026, 5, 15, 12, 0, 0).getTime();
const ago = (ms: number) => NOW - ms;

describe('relative time (spec §9)', () => {
  it('says just now under 30 seconds', () => {
    expect(relativeTime(ago(29_000), t, NOW)).toBe('format.justNow');
  });
  it('counts minutes under an hour', () => {
    expect(relativeTime(ago(30_000), t, NOW)).toBe('format.minutesAgo:1');
    expect(relativeTime(ago(59 * 60_000), t, NOW)).toBe('format.minutesAgo:59');
  });
  it('counts hours under a day', () => {
    expect(relativeTime(ago(3 * 3_600_000 - 1), t, NOW)).toBe('format.hoursAgo:3');
  });
  it('says one day under two days', () => {
    expect(relativeTime(ago(36 * 3_600_000), t, NOW)).toBe('format.oneDayAgo');
  });
  it('shows the date from two days on', () => {
    expect(relativeTime(new Date(2026, 5, 13, 11, 0, 0), t, NOW)).toBe('2026-06-13 11:00:00');
  });
});

describe('date format', () => {
  it('defaults to year-month-day hour:minute:second', () => {
    expect(DEFAULT_DATE_FORMAT).toBe('YYYY-MM-DD HH:mm:ss');
    expect(formatDate(new Date(2026, 0, 2, 3, 4, 5))).toBe('2026-01-02 03:04:05');
    expect(formatDate(new Date(2026, 0, 2), 'YYYY/MM/DD')).toBe('2026/01/02');
  });
  it('is empty for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('number abbreviation (spec §9)', () => {
  it('uses k, M, G, T, P and E', () => {
    expect(abbreviateNumber(999)).toBe('999');
    expect(abbreviateNumber(1234)).toBe('1.23k');
    expect(abbreviateNumber(5_000_000)).toBe('5M');
    expect(abbreviateNumber(2.5e9)).toBe('2.5G');
    expect(abbreviateNumber(1e12)).toBe('1T');
    expect(abbreviateNumber(3e15)).toBe('3P');
    expect(abbreviateNumber(4.56e18)).toBe('4.56E');
    expect(abbreviateNumber(-1500)).toBe('-1.5k');
  });
  it('is empty for non-numbers', () => {
    expect(abbreviateNumber(Number.NaN)).toBe('');
  });
});

describe('units (spec §9)', () => {
  it('writes values with their unit', () => {
    expect(withUnit(12.345, 'kWh')).toBe('12.35 kWh');
    expect(withUnit(230, 'V')).toBe('230 V');
    expect(withUnit(50, 'Hz')).toBe('50 Hz');
    expect(withUnit(45.5, '°C')).toBe('45.5 °C');
    expect(withUnit(null, 'MB')).toBe('');
  });
  it('picks a prefix for power and energy', () => {
    expect(formatPower(950)).toBe('950 W');
    expect(formatPower(12_500)).toBe('12.5 kW');
    expect(formatPower(3_200_000)).toBe('3.2 MW');
    expect(formatEnergy(1500)).toBe('1.5 MWh');
    expect(formatEnergy(0.5)).toBe('500 Wh');
  });
});

describe('file sizes', () => {
  it('gives a small file in bytes, then kB and MB', () => {
    expect(formatFileSize(12)).toBe('12 B');
    expect(formatFileSize(1536)).toBe('1.5 kB');
    expect(formatFileSize(2 * 1024 * 1024)).toBe('2.0 MB');
  });
});

describe('a time with its zone', () => {
  const at = '2026-11-29T03:49:00.000Z';
  it('reads the wall clock of the zone and names its offset', () => {
    expect(formatZoned(at, 'Asia/Shanghai')).toBe('2026-11-29 11:49:00 UTC+8');
    expect(formatZoned(at, 'America/New_York')).toBe('2026-11-28 22:49:00 UTC-5');
    expect(formatZoned(at, 'Asia/Kolkata', true)).toBe('09:19 UTC+5:30');
  });
  it('follows summer time: Berlin is UTC+2 in July, UTC+1 in November', () => {
    expect(zoneOffsetLabel('2026-07-01T12:00:00Z', 'Europe/Berlin')).toBe('UTC+2');
    expect(zoneOffsetLabel(at, 'Europe/Berlin')).toBe('UTC+1');
  });
  it('is empty for nothing or an invalid time', () => {
    expect(formatZoned(null, 'UTC')).toBe('');
    expect(formatZoned('not a date', 'UTC')).toBe('');
  });
});
