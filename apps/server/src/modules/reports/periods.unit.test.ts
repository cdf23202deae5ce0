import { describe, expect, it } from 'vitest';
import { billingCycle, periodLabel, weekDays } from './periods.ts';

describe('billing cycles', () => {
  it('from the 31st: February’s cycle starts on its last day, and the one before ends the day before', () => {
    expect(billingCycle(31, '2025-02-15')).toEqual({ from: '2025-01-31', to: '2025-02-27' });
    expect(billingCycle(31, '2025-02-28')).toEqual({ from: '2025-02-28', to: '2025-03-30' });
    expect(billingCycle(31, '2024-02-29')).toEqual({ from: '2024-02-29', to: '2024-03-30' });
    expect(billingCycle(31, '2025-04-30')).toEqual({ from: '2025-04-30', to: '2025-05-30' });
  });

  it('from an ordinary day, across the year’s end', () => {
    expect(billingCycle(15, '2025-01-03')).toEqual({ from: '2024-12-15', to: '2025-01-14' });
    expect(billingCycle(1, '2025-11-20')).toEqual({ from: '2025-11-01', to: '2025-11-30' });
    expect(billingCycle(29, '2025-03-01')).toEqual({ from: '2025-02-28', to: '2025-03-28' });
  });

  it('weeks run Monday to Sunday', () => {
    expect(weekDays('2025-11-20')).toEqual({ from: '2025-11-17', to: '2025-11-23' });
    expect(weekDays('2025-11-23')).toEqual({ from: '2025-11-17', to: '2025-11-23' });
  });
});

describe('a report’s period in its file name', () => {
  it('names the month or year reported, not the day picked in it', () => {
    expect(periodLabel('month', '2026-11-29')).toBe('2026-11');
    expect(periodLabel('year', '2026-11-29')).toBe('2026');
    expect(periodLabel('day', '2026-11-29')).toBe('2026-11-29');
  });
});
