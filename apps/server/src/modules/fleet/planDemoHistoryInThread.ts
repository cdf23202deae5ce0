import { availableParallelism } from 'node:os';
import type { Worker } from 'node:worker_threads';
import { codeWorker } from '../../codeWorker.ts';
import type { DemoPlant } from '@solarops/simulator/fleet';
import { planDemoHistory, type DemoHistoryPlan } from './planDemoHistory.ts';

/** A part of the fleet's plan: its plants `[from, to)`. */
type PlanPart = { from: number; to: number };

/**
 * Threads the plan is shared among at most: the live fleet waits for the whole plan, and on the two cores of a
 * small machine two threads make it in about half the time; more would each load the simulator's code again for
 * less and less.
 */
const MAX_THREADS = 2;

/**
 * `planDemoHistory` in worker threads of their own (`planDemoHistoryHost.ts`), each planning a part of the plants:
 * the same plan (a pure function of the plants, the span and the seed; each plant's days are its own, the parts
 * are joined in the plants' order and copied back whole), computed beside the API's thread instead of on it, so
 * that the fleet's seeding and the API go on meanwhile. A thread that cannot start or ends without its part (a
 * build without its entry, a loader that fails) costs only the speed: the plan is then made on this thread, since
 * a start without it would leave the demo without its history, and a restart without it could never resume.
 */
export async function planDemoHistoryInThread(
  plants: readonly DemoPlant[],
  span: Parameters<typeof planDemoHistory>[1],
  startThread: typeof planningThread = planningThread,
  threads = Math.min(MAX_THREADS, availableParallelism()),
): Promise<DemoHistoryPlan> {
  const started: Worker[] = [];
  const planned: Promise<DemoHistoryPlan>[] = [];
  try {
    for (const part of partsOf(plants.length, threads)) {
      const worker = startThread(plants, span, part);
      started.push(worker);
      const plan = inThread(worker);
      // Handled here too: when a thread fails, the others' ends are awaited by nobody.
      plan.catch(() => undefined);
      planned.push(plan);
    }
    return joined(await Promise.all(planned));
  } catch {
    // The threads still planning would only take the cores from the plan made here.
    for (const worker of started) void worker.terminate();
    return planDemoHistory(plants, span);
  }
}

/** `count` plants in `threads` parts of consecutive plants, as even as can be (none empty). */
function partsOf(count: number, threads: number): PlanPart[] {
  const n = Math.max(1, Math.min(threads, count));
  return Array.from({ length: n }, (_, i) => ({
    from: Math.round((i * count) / n),
    to: Math.round(((i + 1) * count) / n),
  }));
}

/** The plan of the parts' plants, in the parts' order: what `planDemoHistory` makes of all of them at once. */
function joined(parts: DemoHistoryPlan[]): DemoHistoryPlan {
  const [first, ...rest] = parts;
  return rest.reduce(
    (plan, part) => ({
      ...plan,
      chunks: new Map([...plan.chunks, ...part.chunks]),
      states: { ...plan.states, ...part.states },
      events: [...plan.events, ...part.events],
    }),
    first!,
  );
}

/** A thread planning `part` of the plants. */
export function planningThread(
  plants: readonly DemoPlant[],
  span: Parameters<typeof planDemoHistory>[1],
  part: PlanPart,
): Worker {
  return codeWorker(
    { source: 'modules/fleet/planDemoHistoryHost.ts', built: 'plan-demo-history.js' },
    { workerData: { plants, span, part } },
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
