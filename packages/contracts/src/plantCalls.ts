import { callsOf } from './endpoints.ts';
import type { FOLLOW_ENDPOINTS, PLANT_ENDPOINTS } from './plantEndpoints.ts';

/** The console's view of `PLANT_ENDPOINTS` (method and path; the schemas as types only). */
export const PLANT_CALLS = callsOf<typeof PLANT_ENDPOINTS>()({
  list: { method: 'GET', path: '/plant/list' },
  export: { method: 'GET', path: '/plant/export' },
  create: { method: 'POST', path: '/plant' },
  uploadPicture: { method: 'POST', path: '/plant/picture' },
  plant: { method: 'GET', path: '/plant/:id' },
  update: { method: 'PUT', path: '/plant/:id' },
  remove: { method: 'DELETE', path: '/plant/:id' },
  summary: { method: 'GET', path: '/plant/:id/summary' },
  performance: { method: 'GET', path: '/plant/:id/performance' },
  power: { method: 'GET', path: '/plant/:id/power' },
  energyFlow: { method: 'GET', path: '/plant/:id/energy-flow' },
  energy: { method: 'GET', path: '/plant/:id/energy' },
  devices: { method: 'GET', path: '/plant/:id/devices' },
  collectors: { method: 'GET', path: '/plant/:id/collectors' },
  bindCollector: { method: 'POST', path: '/plant/:id/collector' },
  fleet: { method: 'GET', path: '/plant/fleet' },
  map: { method: 'GET', path: '/plant/map' },
});

/** The console's view of `FOLLOW_ENDPOINTS`. */
export const FOLLOW_CALLS = callsOf<typeof FOLLOW_ENDPOINTS>()({
  list: { method: 'GET', path: '/follow/list' },
  follow: { method: 'POST', path: '/follow' },
  unfollow: { method: 'DELETE', path: '/follow' },
});
