/** Where a test may have the server killed on its way to sending a new command (`commandKill.test.ts`). */
export const CRASH_POINTS = ['beforePublish', 'afterPublish'] as const;
export type CrashPoint = (typeof CRASH_POINTS)[number];

/** The variable naming the crash point; read only when NODE_ENV is `test`. */
export const CRASH_POINT_VARIABLE = 'SOLAROPS_TEST_COMMAND_CRASH_POINT';

/**
 * The crash point a test asked for, or undefined: never outside NODE_ENV=test, so that no setting of a
 * production server can make it kill itself.
 */
export function testCrashPoint(env: Record<string, string | undefined>): CrashPoint | undefined {
  if (env.NODE_ENV !== 'test') return undefined;
  return CRASH_POINTS.find((p) => p === env[CRASH_POINT_VARIABLE]);
}

/** Kills this process without warning, as a power cut or the OOM killer would: no handler runs, nothing is flushed. */
export function dieNow(): never {
  process.kill(process.pid, 'SIGKILL');
  // SIGKILL to oneself is not caught; this only satisfies the type.
  throw new Error('killed');
}
