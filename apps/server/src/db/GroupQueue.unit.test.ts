import { describe, expect, it } from 'vitest';
import { GroupQueue } from './GroupQueue.ts';

describe('GroupQueue', () => {
  it('runs what was added meanwhile as one group, each add answered with its own result', async () => {
    const groups: number[][] = [];
    const q = new GroupQueue<number, number>(async (items) => {
      groups.push(items);
      await new Promise((r) => setTimeout(r, 20));
      return items.map((i) => i * 10);
    });
    const first = [1, 2, 3].map((i) => q.add(i));
    // Added while the first group runs: they wait and go together.
    await new Promise((r) => setTimeout(r, 5));
    const second = [4, 5].map((i) => q.add(i));
    expect(await Promise.all([...first, ...second])).toEqual([10, 20, 30, 40, 50]);
    expect(groups).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('rejects the items of a failed group only, and carries on with the next', async () => {
    const q = new GroupQueue<string, string>(async (items) => {
      if (items.includes('bad')) throw new Error('group failed');
      return items;
    }, 2);
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((i) => q.add(i)));
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected', 'fulfilled']);
  });
});
