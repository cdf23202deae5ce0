import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { OpenedDatabase } from './db/openDatabase.ts';
import type { AppDeps } from './http/deps.ts';

/** What a start-up hook is given: the app's dependencies (the device link among them), as routes see them. */
export interface StartupContext {
  config: Config;
  database: OpenedDatabase;
  deps: AppDeps;
  logger: FastifyBaseLogger;
}

/**
 * A long-running part started after the HTTP server listens; the returned function stops it at shutdown (in
 * reverse order). The hooks import this type only; the list of hooks is `startupHooks.ts`.
 */
export type StartupHook = {
  name: string;
  start(ctx: StartupContext): Promise<(() => Promise<void>) | void>;
};
