import type { StartupHook } from './startupHook.ts';
import { demoFleetHook } from './modules/fleet/demoFleetHook.ts';
import { deviceLinkHook } from './modules/deviceLink/deviceLinkHook.ts';
import { alarmFanoutHook } from './modules/alarms/alarmFanout.ts';
import { alarmJobsHook } from './modules/alarms/alarmJobsHook.ts';
import { plantLiveFiguresHook } from './modules/plants/liveFigures.ts';
import { commandFanoutHook } from './modules/commands/commandFanout.ts';
import { commandJobsHook } from './modules/commands/commandJobsHook.ts';
import { workOrderJobsHook } from './modules/workOrders/workOrderJobsHook.ts';
import { workOrderFanoutHook } from './modules/workOrders/workOrderFanout.ts';
import { cardJobsHook } from './modules/cards/cardJobsHook.ts';
import { reportJobsHook } from './modules/reports/reportJobsHook.ts';
import { rolloutJobsHook } from './modules/firmware/rolloutJobsHook.ts';

/**
 * Long-running parts started by `main.ts` beside the HTTP server, in this order: the device link's transports
 * and jobs (before the simulator, which connects to them), the alarm fan-out and jobs, the plants' live figures,
 * the command fan-out and job, the firmware rollouts' job, the work-order fan-out and jobs, the demo fleet, the internet cards'
 * jobs (after the fleet: its collectors get cards), the scheduled reports. A module appends its hook here; the
 * hook's type is in `startupHook.ts`.
 */
export const STARTUP_HOOKS: StartupHook[] = [
  deviceLinkHook,
  alarmFanoutHook,
  alarmJobsHook,
  plantLiveFiguresHook,
  commandFanoutHook,
  commandJobsHook,
  rolloutJobsHook,
  workOrderFanoutHook,
  workOrderJobsHook,
  demoFleetHook,
  cardJobsHook,
  reportJobsHook,
];
