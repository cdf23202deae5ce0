/**
 * The worker thread that plans the demo fleet's history (`planDemoHistoryInThread`): the plan is the solar
 * geometry and the generator over every plant and 5-minute step, seconds of CPU that the first start spent on the
 * API's thread before the fleet went live. Here it runs beside the seeding and everything else the start does, a
 * part of the plants in each of the threads (planDemoHistoryInThread.ts).
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { DemoPlant } from '@solarops/simulator/fleet';
import { planDemoHistory } from './planDemoHistory.ts';

if (!parentPort) throw new Error('planDemoHistoryHost runs in a worker thread');
const { plants, span, part } = workerData as {
  plants: DemoPlant[];
  span: Parameters<typeof planDemoHistory>[1];
  part: Parameters<typeof planDemoHistory>[2];
};
parentPort.postMessage(await planDemoHistory(plants, span, part));
