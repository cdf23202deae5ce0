import { TERMINAL_STATES, type CommandReply, type CommandState } from '@solarops/contracts';
import type { CommandRecord, Patch } from './stateMachine.ts';
import { WRITE_KINDS, pointsOf, profileOf, readBackMatches, type RegisterValues } from './wire.ts';

/** One state a reply moves a command to, with what it stores. */
export interface Step {
  to: CommandState;
  patch: Patch;
}

/**
 * What one device reply does to a command as it stands (docs/device-protocol.md "Commands"): the states it moves
 * through and whether the write's read-back goes out now. `accepted` acknowledges (a write is then read back);
 * `failed` ends it with the device's reason, never re-sent; `succeeded` ends reads and restarts as applied, and the
 * read-back of a write as applied only when the values match (else `failed: notApplied`). A reply to a command
 * still `queued` (published just before a crash, or before its `sent` was stored) first makes it `sent`. Replies
 * to finished commands change nothing.
 */
export function replySteps(
  c: CommandRecord,
  reply: CommandReply,
  isReadBack: boolean,
  now: Date,
): { steps: Step[]; readBack: boolean } {
  const steps: Step[] = [];
  let readBack = false;
  if (TERMINAL_STATES.includes(c.state)) return { steps, readBack };
  let state = c.state;
  const go = (to: CommandState, patch: Patch) => {
    steps.push({ to, patch });
    state = to;
  };
  if (state === 'queued') go('sent', { sentAt: now, sends: c.sends + 1 });
  const profile = profileOf(c);
  const isWrite = WRITE_KINDS.includes(c.kind);
  if (reply.state === 'failed') {
    go('failed', {
      reason: reply.reason === 'expired' ? 'expired' : 'refused',
      reasonDetail: reply.reason ?? null,
      finishedAt: now,
      // An upgrade keeps what its transfer reported (bytes sent, the stage it failed in is in the reason).
      ...(c.kind === 'upgrade' ? { result: { ...(c.result as object | null), stage: 'failed' } } : {}),
    });
  } else if (!isReadBack && (reply.state === 'accepted' || reply.state === 'succeeded')) {
    if (state === 'sent') {
      const previous = (reply.result as { previous?: RegisterValues } | undefined)?.previous;
      go('acked', {
        ackedAt: now,
        ...(previous && profile ? { oldValues: pointsOf(profile, previous) } : {}),
      });
      readBack = isWrite;
    }
    if (c.kind === 'upgrade' && reply.state === 'succeeded') {
      // Done only when the device, rebooted, runs the version it was sent.
      const running = (reply.result as { version?: unknown } | undefined)?.version;
      const expected = (c.params as { version: string }).version;
      const result = {
        ...(c.result as object | null),
        stage: running === expected ? 'done' : 'failed',
        running,
      };
      go(
        running === expected ? 'applied' : 'failed',
        running === expected
          ? { finishedAt: now, result }
          : {
              reason: 'notApplied',
              reasonDetail: `running ${String(running)}, expected ${expected}`,
              finishedAt: now,
              result,
            },
      );
    } else if (!isWrite && reply.state === 'succeeded') {
      const result = reply.result ?? null;
      const values =
        c.kind === 'readSettings' && profile
          ? pointsOf(
              profile,
              ((result as { registers?: RegisterValues } | null)?.registers ?? {}) as RegisterValues,
            )
          : null;
      go('applied', {
        finishedAt: now,
        result: values
          ? { values, revertLeftS: (result as { revertLeftS?: unknown }).revertLeftS ?? {} }
          : result,
        ...(values ? { newValues: values } : {}),
      });
    }
  } else if (isReadBack && reply.state === 'succeeded' && state === 'acked') {
    const { matches, values } = readBackMatches(c, profile, reply.result);
    go(
      matches ? 'applied' : 'failed',
      matches
        ? { finishedAt: now, newValues: values }
        : { reason: 'notApplied', reasonDetail: null, finishedAt: now, newValues: values },
    );
  }
  return { steps, readBack };
}
