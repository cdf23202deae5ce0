import { startPgFanout } from '../../db/pgFanout.ts';
import type { StartupHook } from '../../startupHook.ts';

/**
 * Carries the work-order bus's `changed` to every other server instance on the same PostgreSQL (channel
 * `solarops_work_orders`), so that a wall connected to any instance hears of a move made on another, or of the
 * orders the rules job opened wherever it runs. It lives apart from the bus, which `http/deps.ts` imports, so that
 * the bus imports no startup code.
 */
export const workOrderFanoutHook: StartupHook = {
  name: 'work order fan-out',
  start: ({ database, deps, logger }) =>
    startPgFanout(database, deps.workOrderBus, {
      channel: 'solarops_work_orders',
      events: ['changed'],
      logger,
    }),
};
