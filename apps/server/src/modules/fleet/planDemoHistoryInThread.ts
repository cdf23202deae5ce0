import { codeWorker } from '../../codeWorker.ts';
import type { DemoPlant } from '@solarops/simulator/fleet';
import type { DemoHistoryPlan, planDemoHistory } from './planDemoHistory.ts';

/**
 * `planDemoHistory` in a worker thread of its own (`planDemoHistoryHost.ts`): the same plan (a pure function of
 * the plants, the span and the seed; the plan is copied back whole), computed beside the API's thread instead of
 * on it, so that the fleet's seeding and the API go on meanwhile.
 */
export function planDemoHistoryInThread(
  plants: readonly DemoPlant[],
  span: Parameters<typeof planDemoHistory>[1],
): Promise<DemoHistoryPlan> {
  return new Promise((resolve, reject) => {
    const worker = codeWorker(
      { source: 'modules/fleet/planDemoHistoryHost.ts', built: 'plan-demo-history.js' },
      { workerData: { plants, span } },
    );
    let plan: DemoHistoryPlan | undefined;
    worker.once('message', (m: DemoHistoryPlan) => (plan = m));
    worker.once('error', reject);
    worker.once('exit', (code) =>
      plan
        ? resolve(plan)
        : reject(new Error(`the history's planning thread exited (${code}) without a plan`)),
    );
  });
}
