import { EventEmitter } from 'node:events';
import type { AlarmPush } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';

/** What the alarms module tells its listeners (the stream to the top bar, the notifications). */
export interface AlarmBusEventMap {
  /** Alarms that occurred just now (committed). */
  raised: [alarms: AlarmPush[]];
  /** Alarms recovered or confirmed: the counters change. */
  changed: [alarms: AlarmPush[]];
}

const buses = new WeakMap<Database, EventEmitter<AlarmBusEventMap>>();

/** The in-process alarm events of a database (one bus per database, so that test apps stay apart). */
export function alarmBus(db: Database): EventEmitter<AlarmBusEventMap> {
  let b = buses.get(db);
  if (!b) {
    b = new EventEmitter<AlarmBusEventMap>();
    // One listener per open alarm stream (a console tab each).
    b.setMaxListeners(0);
    buses.set(db, b);
  }
  return b;
}
