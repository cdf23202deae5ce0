import { callsOf } from './endpoints.ts';
import type { MANUAL_ENDPOINTS } from './manualEndpoints.ts';

/** The console's view of `MANUAL_ENDPOINTS` (method and path; the schemas as types only). */
export const MANUAL_CALLS = callsOf<typeof MANUAL_ENDPOINTS>()({
  list: { method: 'GET', path: '/manual/list' },
  upload: { method: 'POST', path: '/manual/upload' },
  versions: { method: 'GET', path: '/manual/:id/versions' },
  versionFile: { method: 'GET', path: '/manual/version/:id/file' },
  qr: { method: 'GET', path: '/manual/:id/qr' },
  remove: { method: 'DELETE', path: '/manual/:id' },
  removeVersion: { method: 'DELETE', path: '/manual/version/:id' },
});
