import { z } from 'zod';
import { uploadedFile } from './common.ts';
import { emptyEnvelope, envelope, pageOf } from './envelope.ts';
import { endpoint } from './endpoints.ts';
import {
  bindCollectorInput,
  collectorRow,
  deviceRow,
  energyFlow,
  energyQuery,
  energySeries,
  fleetFigures,
  fleetFiguresQuery,
  fleetMap,
  followInput,
  followRow,
  plantExportQuery,
  plantIdParams,
  plantInput,
  plantListQuery,
  plantPerformance,
  plantPictureResult,
  plantRow,
  plantSummary,
  powerCurve,
  powerCurveQuery,
} from './plants.ts';

/**
 * The plants' calls (`/plant/*`): the plant list, its export and writes, a plant's figures, charts, devices and
 * collectors (the last served by the devices module), and the dashboard's fleet figures and map.
 */
export const PLANT_ENDPOINTS = {
  list: endpoint({ method: 'GET', path: '/plant/list', query: plantListQuery, response: pageOf(plantRow) }),
  export: endpoint({ method: 'GET', path: '/plant/export', query: plantExportQuery }),
  create: endpoint({
    method: 'POST',
    path: '/plant',
    body: plantInput,
    response: envelope(z.object({ id: z.number().int() })),
  }),
  uploadPicture: endpoint({
    method: 'POST',
    path: '/plant/picture',
    consumes: 'multipart/form-data',
    body: z.object({ file: uploadedFile }),
    response: envelope(plantPictureResult),
  }),
  plant: endpoint({ method: 'GET', path: '/plant/:id', params: plantIdParams, response: envelope(plantRow) }),
  update: endpoint({
    method: 'PUT',
    path: '/plant/:id',
    params: plantIdParams,
    body: plantInput,
    response: emptyEnvelope,
  }),
  remove: endpoint({ method: 'DELETE', path: '/plant/:id', params: plantIdParams, response: emptyEnvelope }),
  summary: endpoint({
    method: 'GET',
    path: '/plant/:id/summary',
    params: plantIdParams,
    response: envelope(plantSummary),
  }),
  performance: endpoint({
    method: 'GET',
    path: '/plant/:id/performance',
    params: plantIdParams,
    response: envelope(plantPerformance),
  }),
  power: endpoint({
    method: 'GET',
    path: '/plant/:id/power',
    params: plantIdParams,
    query: powerCurveQuery,
    response: envelope(powerCurve),
  }),
  energyFlow: endpoint({
    method: 'GET',
    path: '/plant/:id/energy-flow',
    params: plantIdParams,
    response: envelope(energyFlow),
  }),
  energy: endpoint({
    method: 'GET',
    path: '/plant/:id/energy',
    params: plantIdParams,
    query: energyQuery,
    response: envelope(energySeries),
  }),
  devices: endpoint({
    method: 'GET',
    path: '/plant/:id/devices',
    params: plantIdParams,
    response: envelope(z.array(deviceRow)),
  }),
  collectors: endpoint({
    method: 'GET',
    path: '/plant/:id/collectors',
    params: plantIdParams,
    response: envelope(z.array(collectorRow)),
  }),
  bindCollector: endpoint({
    method: 'POST',
    path: '/plant/:id/collector',
    params: plantIdParams,
    body: bindCollectorInput,
    response: emptyEnvelope,
  }),
  fleet: endpoint({
    method: 'GET',
    path: '/plant/fleet',
    query: fleetFiguresQuery,
    response: envelope(fleetFigures),
  }),
  map: endpoint({ method: 'GET', path: '/plant/map', response: envelope(fleetMap) }),
};

/** The follow list's calls (`/follow*`, the `collectList` screen): the plants and collectors a user follows. */
export const FOLLOW_ENDPOINTS = {
  list: endpoint({ method: 'GET', path: '/follow/list', response: envelope(z.array(followRow)) }),
  follow: endpoint({ method: 'POST', path: '/follow', body: followInput, response: emptyEnvelope }),
  unfollow: endpoint({ method: 'DELETE', path: '/follow', query: followInput, response: emptyEnvelope }),
};
