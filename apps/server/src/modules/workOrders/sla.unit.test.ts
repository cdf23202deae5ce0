import { describe, expect, it } from 'vitest';
import { countedMs, DEFAULT_SLA_TARGETS, slaStanding } from './sla.ts';

const HOUR = 3_600_000;
const at = (iso: string) => new Date(iso).getTime();

describe('SLA clock', () => {
  it('counts business hours in the plant’s local time: Friday 17:00 to Monday 09:00 in Shanghai is 2 h', () => {
    // 2026-11-20 is a Friday; 17:00 in Shanghai is 09:00 UTC.
    const from = at('2026-11-20T09:00:00Z');
    const to = at('2026-11-23T01:00:00Z'); // Monday 09:00 in Shanghai
    expect(countedMs(from, to, true, 'Asia/Shanghai')).toBe(2 * HOUR);
    // The same instants in Berlin: Friday 10:00 to Monday 02:00, so 8 h on Friday.
    expect(countedMs(from, to, true, 'Europe/Berlin')).toBe(8 * HOUR);
    expect(countedMs(from, to, false, 'Asia/Shanghai')).toBe(64 * HOUR);
  });

  it('stands still on hold and once resolved, and runs again after rework', () => {
    const t0 = at('2026-11-24T00:00:00Z');
    const changes = [
      { toState: 'new' as const, atMs: t0 },
      { toState: 'inProgress' as const, atMs: t0 + HOUR },
      { toState: 'onHold' as const, atMs: t0 + 2 * HOUR },
      { toState: 'inProgress' as const, atMs: t0 + 10 * HOUR },
      { toState: 'resolved' as const, atMs: t0 + 11 * HOUR },
    ];
    const urgent = DEFAULT_SLA_TARGETS.urgent; // 4 h round the clock
    expect(slaStanding(changes, urgent, 'UTC', t0 + 30 * HOUR)).toEqual({
      targetMinutes: 240,
      businessHours: false,
      elapsedMinutes: 180,
      percent: 75,
      paused: true,
    });
    const reworked = [...changes, { toState: 'inProgress' as const, atMs: t0 + 20 * HOUR }];
    expect(slaStanding(reworked, urgent, 'UTC', t0 + 21 * HOUR)).toMatchObject({
      elapsedMinutes: 240,
      percent: 100,
      paused: false,
    });
  });
});
