import type { FastifyBaseLogger } from 'fastify';
import type { App } from './app.ts';
import type { Config } from './config.ts';
import type { OpenedDatabase } from './db/openDatabase.ts';
import { demoFleetHook } from './modules/fleet/demoFleetHook.ts';
import { deviceLinkHook } from './modules/mqtt/deviceLinkHook.ts';
import { alarmFanoutHook } from './modules/alarms/alarmFanout.ts';
import { alarmJobsHook } from './modules/alarms/alarmJobsHook.ts';
import { plantLiveFiguresHook } from './modules/plants/liveFigures.ts';

export interface StartupContext {
  config: Config;
  database: OpenedDatabase;
  app: App;
  logger: FastifyBaseLogger;
}

/** Started after the HTTP server listens; the returned function stops it at shutdown (in reverse order). */
export type StartupHook = {
  name: string;
  start(ctx: StartupContext): Promise<(() => Promise<void>) | void>;
};

/**
 * Long-running parts started by `main.ts` beside the HTTP server: the device link (MQTT broker and ingest
 * subscriber), background jobs and the simulator are appended here by their modules.
 */
export const STARTUP_HOOKS: StartupHook[] = [
  deviceLinkHook,
  alarmFanoutHook,
  alarmJobsHook,
  plantLiveFiguresHook,
  demoFleetHook,
];
