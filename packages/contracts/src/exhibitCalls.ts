import { callsOf } from './endpoints.ts';
import type { EXHIBIT_ENDPOINTS } from './exhibitEndpoints.ts';

/** The console's view of `EXHIBIT_ENDPOINTS` (method and path; the schemas as types only). */
export const EXHIBIT_CALLS = callsOf<typeof EXHIBIT_ENDPOINTS>()({
  overview: { method: 'GET', path: '/exhibit/overview' },
  station: { method: 'GET', path: '/exhibit/station' },
  stationCurve: { method: 'GET', path: '/exhibit/station/:id/curve' },
  equipment: { method: 'GET', path: '/exhibit/equipment' },
  operation: { method: 'GET', path: '/exhibit/operation' },
  stream: { method: 'GET', path: '/exhibit/stream' },
  links: { method: 'GET', path: '/exhibit/links' },
  createLink: { method: 'POST', path: '/exhibit/links' },
  revokeLink: { method: 'DELETE', path: '/exhibit/links/:id' },
});
