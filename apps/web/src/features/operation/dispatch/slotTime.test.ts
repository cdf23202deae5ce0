import { describe, expect, it } from 'vitest';
import { type DispatchSlot, scheduleProblem } from '@solarops/contracts';
import { withSlotAdded } from './slotTime.ts';

const slot = (start: number, end: number): DispatchSlot => ({
  start,
  end,
  mode: 'hold',
  powerW: 0,
  socMin: 10,
  socMax: 100,
});
const spans = (slots: DispatchSlot[]) => slots.map((s) => [s.start, s.end]);
const problemOf = (weekday: DispatchSlot[], capacity = 48) =>
  scheduleProblem({ dispatchId: 'D', weekday, weekend: [] }, capacity);

describe('adding a dispatch slot', () => {
  it('starts an empty day with an hour from midnight', () => {
    expect(spans(withSlotAdded([]))).toEqual([[0, 60]]);
  });

  it('follows the last slot for an hour while the day is not filled, cut at midnight', () => {
    expect(spans(withSlotAdded([slot(0, 600)]))).toEqual([
      [0, 600],
      [600, 660],
    ]);
    expect(spans(withSlotAdded([slot(0, 1410)]))).toEqual([
      [0, 1410],
      [1410, 1440],
    ]);
  });

  it('splits the last slot of a filled day at its middle quarter hour, so that nothing overlaps', () => {
    let slots = [slot(0, 600), slot(600, 900), slot(900, 1080), slot(1080, 1320), slot(1320, 1440)];
    slots = withSlotAdded(slots);
    expect(spans(slots).slice(-2)).toEqual([
      [1320, 1380],
      [1380, 1440],
    ]);
    // Seven slots on a six-slot device: the problem named is the length, not an overlap.
    slots = withSlotAdded(slots);
    expect(slots).toHaveLength(7);
    expect(problemOf(slots, 6)).toMatchObject({ message: 'commands.tooManySlots', capacity: 6 });
    expect(problemOf(slots)).toBeUndefined();
  });

  it('adds a slot at midnight when the last one is too short to split (the overlap is then named)', () => {
    const slots = withSlotAdded([slot(0, 1425), slot(1425, 1440)]);
    expect(spans(slots).at(-1)).toEqual([0, 60]);
    expect(problemOf(slots)).toMatchObject({ message: 'commands.slotsOverlap', slots: [1, 3] });
  });
});
