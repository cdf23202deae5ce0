import { describe, expect, it } from 'vitest';
import { compareStrings, ratioColor } from './stringComparison.ts';

const FIELDS = ['acPowerW', 'pvV1', 'pvV2', 'pvV3', 'pvI1', 'pvI2', 'pvI3'];
/** Readings every 5 minutes from 10:00 UTC: strings 1 and 2 alike (2 a shorter string), string 3 shaded. */
const day = (n: number, currents: [number, number, number]) =>
  Array.from({ length: n }, (_, k) => ({
    ts: new Date(Date.UTC(2026, 10, 22, 10, 5 * k)).toISOString(),
    values: [1000, 600, 480, 600, ...currents],
  }));

describe('compareStrings: an inverter’s strings side by side', () => {
  it('marks the string drawing clearly less than the median, not the shorter string', () => {
    // 13 readings: 12 five-minute steps = 1 h of charge for each string.
    const s = compareStrings(FIELDS, day(13, [8, 8, 5]), 3);
    expect(s.map((x) => x.chargeAh)).toEqual([8, 8, 5]);
    expect(s.map((x) => x.weak)).toEqual([false, false, true]);
    expect(s.map((x) => x.ratio)).toEqual([1, 1, 0.625]);
    // The shorter string (lower voltage) makes less energy at the same current: not weak.
    expect(s.map((x) => x.energyKwh)).toEqual([4.8, 3.84, 3]);
    expect(s[2]).toMatchObject({ n: 3, voltageV: 600, currentA: 5, powerW: 3000 });
  });

  it('calls nothing weak at night or without current, and shows the missing figures as such', () => {
    const night = compareStrings(FIELDS, day(13, [0, 0, 0]), 3);
    expect(night.every((x) => !x.weak && x.ratio === null)).toBe(true);
    // Dawn: tiny charges differ a lot in ratio but are not a verdict.
    expect(compareStrings(FIELDS, day(3, [0.4, 0.4, 0.1]), 3).some((x) => x.weak)).toBe(false);
    const none = compareStrings(FIELDS, [], 3);
    expect(none[0]).toMatchObject({ voltageV: null, currentA: null, powerW: null, chargeAh: 0 });
  });

  it('does not bridge a gap in the data with the reading before it', () => {
    const points = [
      { ts: '2026-11-22T10:00:00Z', values: [0, 600, 600, 600, 8, 8, 8] },
      // Two hours without data: the 10:00 reading counts for 15 minutes only.
      { ts: '2026-11-22T12:00:00Z', values: [0, 600, 600, 600, 8, 8, 8] },
    ];
    expect(compareStrings(FIELDS, points, 3)[0]!.chargeAh).toBe(2);
  });

  it('colours the ratio from red (60 % and less) through yellow to green (the median)', () => {
    expect(ratioColor(1)).toBe('hsl(120, 70%, 85%)');
    expect(ratioColor(0.5)).toBe('hsl(0, 70%, 85%)');
    expect(ratioColor(0.8)).toBe('hsl(60, 70%, 85%)');
    expect(ratioColor(null)).toBe('#f0f0f0');
  });
});
