import { describe, expect, it } from 'vitest';
import { batchUnfinished } from './api.ts';

describe('a batch’s counts stay live', () => {
  it('while any of its commands is on its way, and stop once all have finished', () => {
    expect(batchUnfinished({ counts: { acked: 352, applied: 100 } })).toBe(true);
    expect(batchUnfinished({ counts: { queued: 1 } })).toBe(true);
    expect(batchUnfinished({ counts: { applied: 340, failed: 160, acked: 0 } })).toBe(false);
    expect(batchUnfinished({ counts: { applied: 3, expired: 1, cancelled: 1 } })).toBe(false);
  });
});
