import { callsOf } from './endpoints.ts';
import type { FIRMWARE_ENDPOINTS } from './firmwareEndpoints.ts';

/** The console's view of `FIRMWARE_ENDPOINTS` (method and path; the schemas as types only). */
export const FIRMWARE_CALLS = callsOf<typeof FIRMWARE_ENDPOINTS>()({
  packages: { method: 'GET', path: '/firmware/package/list' },
  uploadPackage: { method: 'POST', path: '/firmware/package/upload' },
  deletePackage: { method: 'POST', path: '/firmware/package/delete' },
  checkPackage: { method: 'POST', path: '/firmware/package/check' },
  upgrade: { method: 'POST', path: '/firmware/upgrade' },
  upgrades: { method: 'GET', path: '/firmware/upgrade/list' },
  createRollout: { method: 'POST', path: '/firmware/rollout' },
  rollouts: { method: 'GET', path: '/firmware/rollout/list' },
  rollout: { method: 'GET', path: '/firmware/rollout/:id' },
  actOnRollout: { method: 'POST', path: '/firmware/rollout/:id/action' },
  rolloutStream: { method: 'GET', path: '/firmware/rollout/:id/stream' },
  keys: { method: 'GET', path: '/firmware/key/list' },
  addKey: { method: 'POST', path: '/firmware/key/add' },
  deleteKey: { method: 'POST', path: '/firmware/key/delete' },
});
