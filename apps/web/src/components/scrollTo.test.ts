import { afterEach, describe, expect, it, vi } from 'vitest';
import { scrollTo } from './scrollTo.ts';

/** Drives requestAnimationFrame by hand: each call to `frame(t)` runs the queued callbacks at time t [ms]. */
function manualFrames() {
  let queue: FrameRequestCallback[] = [];
  vi.spyOn(performance, 'now').mockReturnValue(0);
  vi.stubGlobal('requestAnimationFrame', (cb: FrameRequestCallback) => {
    queue.push(cb);
    return queue.length;
  });
  return (t: number) => {
    const run = queue;
    queue = [];
    for (const cb of run) cb(t);
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('scrollTo (spec §9: back to the top over 800 ms)', () => {
  it('moves a container gradually and reaches the target at 800 ms', () => {
    const frame = manualFrames();
    const box = document.createElement('div');
    box.scrollTop = 1000;
    scrollTo(0, 800, box);
    frame(200);
    const early = box.scrollTop;
    expect(early).toBeGreaterThan(0);
    expect(early).toBeLessThan(1000);
    frame(400);
    expect(box.scrollTop).toBeLessThan(early);
    frame(800);
    expect(box.scrollTop).toBe(0);
  });

  it('jumps at once when already there or without a duration', () => {
    const box = document.createElement('div');
    box.scrollTop = 300;
    scrollTo(0, 0, box);
    expect(box.scrollTop).toBe(0);
  });
});
