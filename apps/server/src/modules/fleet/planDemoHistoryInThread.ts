import type { Worker } from 'node:worker_threads';
import { codeWorker } from '../../codeWorker.ts';
import type { DemoPlant } from '@solarops/simulator/fleet';
import { planDemoHistory, type DemoHistoryPlan } from './planDemoHistory.ts';

/**
 * `planDemoHistory` in a worker thread of its own (`planDemoHistoryHost.ts`): the same plan (a pure function of
 * the plants, the span and the seed; the plan is copied back whole), computed beside the API's thread instead of
 * on it, so that the fleet's seeding and the API go on meanwhile. A thread that cannot start or ends without a plan
 * (a build without its entry, a loader that fails) costs only the speed: the plan is then made on this thread, since
 * a start without it would leave the demo without its history, and a restart without it could never resume.
 */
export async function planDemoHistoryInThread(
  plants: readonly DemoPlant[],
  span: Parameters<typeof planDemoHistory>[1],
  startThread: typeof planningThread = planningThread,
): Promise<DemoHistoryPlan> {
  try {
    return await inThread(startThread(plants, span));
  } catch {
    return planDemoHistory(plants, span);
  }
}

function planningThread(plants: readonly DemoPlant[], span: Parameters<typeof planDemoHistory>[1]): Worker {
  return codeWorker(
    { source: 'modules/fleet/planDemoHistoryHost.ts', built: 'plan-demo-history.js' },
    { workerData: { plants, span } },
  );
}

function inThread(worker: Worker): Promise<DemoHistoryPlan> {
  return new Promise((resolve, reject) => {
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
