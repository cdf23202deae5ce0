import { scheduleJobs } from '../../jobs/scheduleJobs.ts';
import type { StartupHook } from '../../startupHook.ts';
import { reconcileOrders } from '../orders/service.ts';
import { sendExpiryNotices } from './expiryNotices.ts';
import { SimulatedCarrier } from './SimulatedCarrier.ts';

/** How often each instance adds the traffic its collectors' messages cost to their cards [ms]. */
const TRAFFIC_FLUSH_MS = 60_000;

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The internet cards' jobs: with the demo fleet, the simulated carrier gives new collectors their cards; the
 * carrier's day (expired plans stopped, cards stopped 90 days cancelled) and the expiry warnings every 10 minutes;
 * the reconciliation of unpaid renewal orders every minute. Each under the scheduler's lock (one instance runs
 * it); the traffic counted in this instance is added to the cards by this instance.
 */
export const cardJobsHook: StartupHook = {
  name: 'card jobs',
  async start({ config, database, deps, logger }) {
    const { carrier } = deps;
    const simulated = carrier instanceof SimulatedCarrier ? carrier : null;
    const flush = simulated
      ? setInterval(
          () => void simulated.flushTraffic().catch((err: unknown) => logger.error({ err }, 'card traffic')),
          TRAFFIC_FLUSH_MS,
        )
      : undefined;
    const stop = scheduleJobs(database, logger, [
      {
        name: 'cards',
        lockKey: 727_701,
        everyMs: 10 * 60_000,
        atStart: true,
        run: async () => {
          if (simulated && config.simulator) await simulated.provision();
          await carrier.sync(today());
          await sendExpiryNotices(deps, today());
        },
      },
      { name: 'renewal reconciliation', lockKey: 727_702, everyMs: 60_000, run: () => reconcileOrders(deps) },
    ]);
    return async () => {
      clearInterval(flush);
      await stop();
    };
  },
};
