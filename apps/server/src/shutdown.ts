import type { IncomingMessage, Server } from 'node:http';
import { loggedUrl } from './http/requestLogValue.ts';

/** One step of the shutdown, named for the log line that says it did not finish. */
export interface ShutdownStep {
  name: string;
  run: () => Promise<void>;
}

interface ShutdownLogger {
  error(obj: object, msg: string): void;
}

/** The log line of a shutdown that did not finish in time. */
export const SHUTDOWN_DEADLINE_LINE = 'shutdown deadline passed: exiting with what was still open';

/**
 * The requests `server` is answering now, as the log writes their addresses (secrets redacted): what a shutdown
 * that waits for requests in flight is waiting for.
 */
export function trackOpenRequests(server: Server): () => string[] {
  const open = new Set<IncomingMessage>();
  server.on('request', (req: IncomingMessage, res) => {
    open.add(req);
    res.once('close', () => open.delete(req));
  });
  return () => [...open].map((r) => `${r.method ?? '?'} ${loggedUrl(r.url ?? '')}`);
}

/** What keeps the event loop alive, counted by kind (sockets, timers, file handles...). */
function activeResources(): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
  return counts;
}

/**
 * Runs the shutdown's steps in order, within `deadlineMs` for all of them, and answers the exit code: 0 when every
 * step finished, 1 when one failed (logged) or the deadline passed first. A step that never ends (a request whose
 * body never comes, a job that hangs, a connection that is not given back) would otherwise keep the process alive
 * forever after SIGTERM, and whoever stops it could not tell why: the log names the step, the requests still open
 * and what kept the event loop busy.
 */
export async function stopWithin(
  steps: readonly ShutdownStep[],
  deadlineMs: number,
  logger: ShutdownLogger,
  openRequests: () => string[],
): Promise<0 | 1> {
  let current = steps[0]?.name ?? '';
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<1>((resolve) => {
    timer = setTimeout(() => {
      logger.error(
        {
          deadlineMs,
          step: current,
          openRequests: openRequests(),
          activeResources: activeResources(),
        },
        SHUTDOWN_DEADLINE_LINE,
      );
      resolve(1);
    }, deadlineMs);
  });
  const run = async (): Promise<0 | 1> => {
    try {
      for (const step of steps) {
        current = step.name;
        await step.run();
      }
      return 0;
    } catch (err) {
      logger.error({ err, step: current }, 'shutdown failed');
      return 1;
    }
  };
  try {
    return await Promise.race([run(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
