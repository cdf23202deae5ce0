import { describe, expect, it } from 'vitest';
import type { DispatchSchedule } from '@solarops/contracts';
import { readBackMatches } from './wire.ts';

const schedule: DispatchSchedule = {
  dispatchId: 'D1',
  weekday: [{ start: 0, end: 1440, mode: 'charge', powerW: 5000, socMin: 10, socMax: 100 }],
  weekend: [{ start: 0, end: 1440, mode: 'hold', powerW: 0, socMin: 10, socMax: 100 }],
};

describe('the read-back of a battery schedule', () => {
  it('matches the schedule sent whatever order its keys come back in (jsonb orders them its own way)', () => {
    const reordered = {
      weekend: schedule.weekend.map((s) => ({
        socMax: s.socMax,
        socMin: s.socMin,
        powerW: s.powerW,
        mode: s.mode,
        end: s.end,
        start: s.start,
      })),
      weekday: schedule.weekday.map((s) => ({
        mode: s.mode,
        end: s.end,
        start: s.start,
        socMax: s.socMax,
        socMin: s.socMin,
        powerW: s.powerW,
      })),
      dispatchId: 'D1',
    };
    expect(
      readBackMatches({ kind: 'dispatch', params: { schedule } }, undefined, { schedule: reordered }).matches,
    ).toBe(true);
  });

  it('does not match another schedule, or none', () => {
    const other = { ...schedule, weekday: [{ ...schedule.weekday[0]!, powerW: 4000 }] };
    expect(
      readBackMatches({ kind: 'dispatch', params: { schedule } }, undefined, { schedule: other }).matches,
    ).toBe(false);
    expect(
      readBackMatches({ kind: 'dispatch', params: { schedule } }, undefined, { schedule: null }).matches,
    ).toBe(false);
  });
});
