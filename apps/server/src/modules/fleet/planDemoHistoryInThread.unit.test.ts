import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { generateDemoFleet, withAgentPlant } from '@solarops/simulator/fleet';
import { historySpan } from './backfillTelemetry.ts';
import { planDemoHistory } from './planDemoHistory.ts';
import { planDemoHistoryInThread, planningThread } from './planDemoHistoryInThread.ts';

/**
 * The first start plans the demo history in a thread of its own: the live fleet continues the plan's states and
 * each day is generated again from the plan's state before it, so the thread's plan must be the plan, exactly.
 */
describe('the demo history planned in a thread of its own', () => {
  it('is the same plan as on the calling thread: states, days and the history’s faults', async () => {
    const { fleet } = withAgentPlant(generateDemoFleet({ seed: 7, plants: 4 }));
    const span = { ...historySpan(3, Date.UTC(2026, 5, 21, 9, 7)), seed: 7 };
    const [inThread, here] = await Promise.all([
      planDemoHistoryInThread(fleet.plants, span),
      planDemoHistory(fleet.plants, span),
    ]);
    expect(here.events.length).toBeGreaterThan(0);
    expect([...here.chunks.values()].flat().length).toBeGreaterThanOrEqual(4 * 3);
    expect(inThread).toEqual(here);
  }, 120_000);

  it('is the same plan when threads share it, each planning a part of the plants', async () => {
    const { fleet } = withAgentPlant(generateDemoFleet({ seed: 7, plants: 5 }));
    const span = { ...historySpan(2, Date.UTC(2026, 5, 21, 9, 7)), seed: 7 };
    const parts: unknown[] = [];
    const [shared, here] = await Promise.all([
      planDemoHistoryInThread(
        fleet.plants,
        span,
        (...args: Parameters<typeof planningThread>) => {
          parts.push(args[2]);
          return planningThread(...args);
        },
        2,
      ),
      planDemoHistory(fleet.plants, span),
    ]);
    // Two threads, the plants split between them in their order.
    expect(parts).toEqual([
      { from: 0, to: 3 },
      { from: 3, to: 5 },
    ]);
    expect(here.events.length).toBeGreaterThan(0);
    expect(shared).toEqual(here);
    expect([...shared.chunks.keys()]).toEqual(fleet.plants.map((p) => p.id));
  }, 120_000);

  it('is made on the calling thread when the thread ends without one, so the demo still gets its history', async () => {
    const { fleet } = withAgentPlant(generateDemoFleet({ seed: 7, plants: 2 }));
    const span = { ...historySpan(2, Date.UTC(2026, 5, 21, 9, 7)), seed: 7 };
    const failing = () => new Worker('process.exit(3)', { eval: true });
    const [fellBack, here] = await Promise.all([
      planDemoHistoryInThread(fleet.plants, span, failing),
      planDemoHistory(fleet.plants, span),
    ]);
    expect([...here.chunks.values()].flat().length).toBeGreaterThan(0);
    expect(fellBack).toEqual(here);
  }, 120_000);

  it('stops the other thread when one cannot start, so that the plan made here has the cores', async () => {
    const { fleet } = withAgentPlant(generateDemoFleet({ seed: 7, plants: 2 }));
    const span = { ...historySpan(2, Date.UTC(2026, 5, 21, 9, 7)), seed: 7 };
    /** Per thread started: at its end, whether it sent its part. */
    const ends: Promise<boolean>[] = [];
    const secondFails = (...args: Parameters<typeof planningThread>) => {
      if (ends.length === 1) throw new Error('no such entry');
      const worker = planningThread(...args);
      let sent = false;
      worker.once('message', () => (sent = true));
      ends.push(once(worker, 'exit').then(() => sent));
      return worker;
    };
    const [fellBack, here] = await Promise.all([
      planDemoHistoryInThread(fleet.plants, span, secondFails, 2),
      planDemoHistory(fleet.plants, span),
    ]);
    expect(fellBack).toEqual(here);
    // The first thread stopped, not left to plan its part for nothing beside the plan made here.
    expect(ends).toHaveLength(1);
    expect(await ends[0]).toBe(false);
  }, 120_000);
});
