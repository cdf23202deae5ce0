import type { FastifyInstance } from 'fastify';
import { CommandCenter } from './CommandCenter.ts';

/**
 * The command center of an app. Until the device link hands over `sendToDevice`, commands are stored and stay
 * queued (a publish that fails leaves them for the next turn).
 */
export function commandCenterOf(app: FastifyInstance): CommandCenter {
  return new CommandCenter(
    app.deps.db,
    () => Promise.reject(new Error('the device link is not connected')),
    app.log,
  );
}
