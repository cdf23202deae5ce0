import { callsOf } from './endpoints.ts';
import type { COMMAND_ENDPOINTS } from './commandEndpoints.ts';

/** The console's view of `COMMAND_ENDPOINTS` (method and path; the schemas as types only). */
export const COMMAND_CALLS = callsOf<typeof COMMAND_ENDPOINTS>()({
  profiles: { method: 'GET', path: '/commands/profiles' },
  devices: { method: 'GET', path: '/commands/devices' },
  writeSettings: { method: 'POST', path: '/commands/settings' },
  readSettings: { method: 'POST', path: '/commands/read' },
  dispatch: { method: 'POST', path: '/commands/dispatch' },
  debugRead: { method: 'POST', path: '/commands/debug/read' },
  debugWrite: { method: 'POST', path: '/commands/debug/write' },
  restart: { method: 'POST', path: '/commands/restart' },
  list: { method: 'GET', path: '/commands' },
  stream: { method: 'GET', path: '/commands/stream' },
  command: { method: 'GET', path: '/commands/:id' },
  cancel: { method: 'POST', path: '/commands/:id/cancel' },
  awaitingBatches: { method: 'GET', path: '/commands/batches/awaiting' },
  batch: { method: 'GET', path: '/commands/batches/:id' },
  decideBatch: { method: 'POST', path: '/commands/batches/:id/decision' },
});
