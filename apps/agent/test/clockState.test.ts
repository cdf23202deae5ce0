import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { collectorStatusMessage } from '@solarops/contracts';
import { clockState } from '../src/run/clockState.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("the agent's clock state in its status message", () => {
  const run = () => {
    const dir = mkdtempSync(join(tmpdir(), 'agent-clock-'));
    dirs.push(dir);
    return join(dir, 'timesync');
  };

  it('says synchronised once systemd-timesyncd has set the clock, not before', () => {
    const timesync = run();
    mkdirSync(timesync);
    expect(clockState(1_764_400_000_000, timesync)).toEqual({ ms: 1_764_400_000_000, synced: false });
    writeFileSync(join(timesync, 'synchronized'), '');
    expect(clockState(1_764_400_000_000, timesync)).toEqual({ ms: 1_764_400_000_000, synced: true });
  });

  it('says only the time where no systemd-timesyncd runs, and the status message takes it', () => {
    const clock = clockState(1_764_400_000_000, run());
    expect(clock).toEqual({ ms: 1_764_400_000_000 });
    expect(collectorStatusMessage.parse({ state: 'online', firmware: '0.1.0', clock })).toMatchObject({
      clock,
    });
  });

  it('the status message refuses a clock that is not a time', () => {
    expect(collectorStatusMessage.safeParse({ state: 'online', clock: { ms: -1 } }).success).toBe(false);
    expect(collectorStatusMessage.safeParse({ state: 'online', clock: { ms: 1, drift: 2 } }).success).toBe(
      false,
    );
  });
});
