/**
 * The running agent's side of an update's probation: once it has reached the server it confirms the version it
 * runs (if that one is on probation), and it tells the server how the last update ended, as the answer to the
 * upgrade command that asked for it.
 */
import type { CommandReply } from '@solarops/contracts';
import { InstallDir, type LastUpdate } from './installDir.ts';

/**
 * Confirms the running version if it is the one on probation: the supervisor then keeps it. Call it once the
 * server has heard this version (its status message acknowledged). If the supervisor gave up on it first, its
 * verdict stands and this version is about to be stopped.
 *
 * @returns how the update ended when this call ended it, else undefined
 */
export function confirmUpdate(installDir: string, runningVersion: string): LastUpdate | undefined {
  const dir = new InstallDir(installDir);
  const pending = dir.pending();
  if (pending?.version !== runningVersion) return undefined;
  if (dir.decide({ verdict: 'confirmed' }).verdict !== 'confirmed') return undefined;
  return dir.settle();
}

/**
 * The reply that tells the server how the last update ended, while it has not been sent: `succeeded` with the
 * version now running, or `failed` saying that the agent went back (the upgrade command then fails with that
 * reason and the rollout counts it).
 *
 * @param runningVersion - The version this process runs
 */
export function updateReply(installDir: string, runningVersion: string): CommandReply | undefined {
  const last = new InstallDir(installDir).lastUpdate();
  if (!last?.cmdId || last.reported) return undefined;
  return replyOf({ ...last, cmdId: last.cmdId }, runningVersion);
}

/** The reply for an update's end (sent once, and again when the server repeats the upgrade's start message). */
export function replyOf(last: LastUpdate & { cmdId: string }, runningVersion: string): CommandReply {
  if (last.outcome === 'installed')
    return { cmdId: last.cmdId, state: 'succeeded', result: { version: runningVersion } };
  const why = last.reason ? `: ${last.reason}` : '';
  return {
    cmdId: last.cmdId,
    state: 'failed',
    reason: `rolled back to ${runningVersion}${why}`.slice(0, 200),
  };
}

/** Records that the last update's reply went to the server. */
export function markUpdateReported(installDir: string): void {
  const dir = new InstallDir(installDir);
  const last = dir.lastUpdate();
  if (last && !last.reported) dir.setLastUpdate({ ...last, reported: true });
}
