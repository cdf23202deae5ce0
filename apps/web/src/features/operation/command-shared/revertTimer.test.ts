import { describe, expect, it } from 'vitest';
import { formatTimeLeft, revertAt, secondsLeft } from './revertTimer.ts';

describe('revert timer', () => {
  it('reverts revertSeconds after the value was applied; none without a timer', () => {
    expect(revertAt('2026-11-24T10:00:00Z', 600)).toBe(Date.parse('2026-11-24T10:10:00Z'));
    expect(revertAt('2026-11-24T10:00:00Z', 0)).toBeUndefined();
    expect(revertAt('2026-11-24T10:00:00Z', null)).toBeUndefined();
    expect(revertAt('not a time', 60)).toBeUndefined();
  });

  it('counts whole seconds left, never below zero', () => {
    const until = Date.parse('2026-11-24T10:10:00Z');
    expect(secondsLeft(until, Date.parse('2026-11-24T10:00:00Z'))).toBe(600);
    expect(secondsLeft(until, Date.parse('2026-11-24T10:09:59.500Z'))).toBe(1);
    expect(secondsLeft(until, Date.parse('2026-11-24T10:11:00Z'))).toBe(0);
  });

  it('shows m:ss under an hour and h:mm:ss from an hour up', () => {
    expect(formatTimeLeft(0)).toBe('0:00');
    expect(formatTimeLeft(65)).toBe('1:05');
    expect(formatTimeLeft(3600)).toBe('1:00:00');
    expect(formatTimeLeft(3 * 3600 + 7 * 60 + 9)).toBe('3:07:09');
  });
});
