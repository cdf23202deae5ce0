import { describe, expect, it } from 'vitest';
import { deviceSlotsNeeded, findOverlap, minutesOf } from './scheduleRules.ts';

const slot = (start: string, end: string, state = 'charge') => ({ start, end, state });
const same = (a: { state: string }, b: { state: string }) => a.state === b.state;

describe('battery schedule rules', () => {
  it('reads HH:MM up to 24:00 and nothing else', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('07:30')).toBe(450);
    expect(minutesOf('24:00')).toBe(1440);
    for (const bad of ['24:01', '7:30', '12:60', '', 'noon']) expect(minutesOf(bad)).toBeNaN();
  });

  it('finds the first two overlapping slots, in the order the user wrote them', () => {
    expect(findOverlap([slot('00:00', '06:00'), slot('06:00', '12:00'), slot('12:00', '24:00')])).toBe(
      undefined,
    );
    expect(findOverlap([slot('10:00', '12:00'), slot('00:00', '06:00'), slot('11:00', '13:00')])).toEqual([
      0, 2,
    ]);
    expect(findOverlap([slot('11:00', '13:00'), slot('10:00', '12:00')])).toEqual([0, 1]);
  });

  it('counts the slots a fixed-slot device needs: gaps take one, the gap round midnight one in all', () => {
    // Sixteen hourly slots alternating charge and discharge need sixteen device slots plus the night gap.
    const sixteen = Array.from({ length: 16 }, (_, i) =>
      slot(`${String(i + 4).padStart(2, '0')}:00`, `${String(i + 5).padStart(2, '0')}:00`, i % 2 ? 'a' : 'b'),
    );
    expect(deviceSlotsNeeded(sixteen, same)).toBe(17);
    // A whole day in three slots needs three.
    const day = [slot('00:00', '08:00', 'a'), slot('08:00', '16:00', 'b'), slot('16:00', '24:00', 'a')];
    expect(deviceSlotsNeeded(day, same)).toBe(3);
    // Two separated slots: two gaps (between them, and round midnight).
    expect(deviceSlotsNeeded([slot('02:00', '05:00'), slot('17:00', '20:00')], same)).toBe(4);
    // Equal neighbours share a device slot.
    expect(
      deviceSlotsNeeded(
        [slot('00:00', '04:00', 'x'), slot('04:00', '08:00', 'x'), slot('08:00', '24:00')],
        same,
      ),
    ).toBe(2);
    expect(deviceSlotsNeeded([], same)).toBe(1);
  });
});
