/**
 * Statements that may give way to others. The embedded database runs one statement at a time (decision 0019): a
 * report's long run of pieces (`reports/reportPieces.ts`) sent back to back kept every short request waiting behind
 * one piece per statement it made (a plant list, two statements, waited for two pieces). Work run by
 * `inBackground` marks its statements; `PgliteThread` holds them back while others' statements are out and sends
 * them one at a time, so that a request waits for at most the one piece already running (decision 0038).
 * PostgreSQL runs statements side by side and ignores the mark.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const background = new AsyncLocalStorage<true>();

/** Runs `work` with its statements marked as background: on the embedded database they go after others'. */
export function inBackground<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

/** True inside `inBackground` (what the statement about to be sent belongs to). */
export function runsInBackground(): boolean {
  return background.getStore() === true;
}
