import { describe, expect, it } from 'vitest';
import { groupSizesOf } from './rollouts.ts';

describe('a rollout’s groups from the sizes typed', () => {
  it('repeats the last count for the devices left instead of one large last group', () => {
    expect(groupSizesOf(26, 'count', [2, 4])).toEqual([2, 4, 4, 4, 4, 4, 4]);
    expect(groupSizesOf(1000, 'count', [100, 300, 600])).toEqual([100, 300, 600]);
    expect(groupSizesOf(3, 'count', [2, 4])).toEqual([2, 1]);
  });

  it('adds shares up to 100 % and repeats the last share', () => {
    expect(groupSizesOf(200, 'percent', [10, 30, 60])).toEqual([20, 60, 120]);
    expect(groupSizesOf(100, 'percent', [10, 20])).toEqual([10, 20, 20, 20, 20, 10]);
    // Each group has at least one device.
    expect(groupSizesOf(3, 'percent', [1])).toEqual([1, 1, 1]);
  });

  it('puts what is left into the twentieth group, the most a rollout has', () => {
    const sizes = groupSizesOf(100, 'count', [1]);
    expect(sizes).toHaveLength(20);
    expect(sizes.at(-1)).toBe(81);
    expect(sizes.reduce((a, b) => a + b)).toBe(100);
  });
});
