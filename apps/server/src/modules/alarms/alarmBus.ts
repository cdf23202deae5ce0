import { EventEmitter } from 'node:events';
import type { AlarmPush } from '@solarops/contracts';

/** What the alarms module tells its listeners (the stream to the top bar, the notifications, the fan-out). */
export interface AlarmBusEventMap {
  /** Alarms that occurred just now (committed). */
  raised: [alarms: AlarmPush[]];
  /** Alarms recovered or confirmed: the counters change. */
  changed: [alarms: AlarmPush[]];
}

export type AlarmBus = EventEmitter<AlarmBusEventMap>;

/** The in-process alarm events of one app (built once by `buildDeps`, carried in `app.deps.alarmBus`). */
export function createAlarmBus(): AlarmBus {
  const bus = new EventEmitter<AlarmBusEventMap>();
  // One listener per open alarm stream (a console tab each).
  bus.setMaxListeners(0);
  return bus;
}
