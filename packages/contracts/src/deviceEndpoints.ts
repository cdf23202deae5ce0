import { z } from 'zod';
import { emptyEnvelope, envelope, pageOf } from './envelope.ts';
import { endpoint } from './endpoints.ts';
import {
  acceptedFoundDevice,
  acceptFoundInput,
  agentCollectorInput,
  agentConfigFile,
  collectorRow,
  collectorSearchQuery,
  collectorSecret,
  deviceHistory,
  deviceHistoryQuery,
  deviceListQuery,
  deviceRow,
  deviceSnParams,
  relationExportQuery,
  relationListQuery,
  relationRow,
} from './plants.ts';

/**
 * The console's calls of devices (`/device/*`): the device lists, a device's detail and readings, and the
 * collector-device relation list and export. The devices' own HTTP link (`/device/v1/*`, called by data loggers and
 * edge agents with their own credentials) is not the console's and stays off the map.
 */
export const DEVICE_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: '/device/list',
    query: deviceListQuery,
    response: pageOf(deviceRow),
  }),
  history: endpoint({
    method: 'GET',
    path: '/device/:sn/history',
    params: deviceSnParams,
    query: deviceHistoryQuery,
    response: envelope(deviceHistory),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/device/:sn',
    params: deviceSnParams,
    response: envelope(deviceRow),
  }),
  relationList: endpoint({
    method: 'GET',
    path: '/device/relation/list',
    query: relationListQuery,
    response: pageOf(relationRow),
  }),
  relationExport: endpoint({ method: 'GET', path: '/device/relation/export', query: relationExportQuery }),
};

/**
 * The collectors' calls (`/collector/*`): the collector search and information, a new device secret, an edge
 * agent's configuration, a new edge agent, a found device accepted, and a collector removed.
 */
export const COLLECTOR_ENDPOINTS = {
  search: endpoint({
    method: 'GET',
    path: '/collector/search',
    query: collectorSearchQuery,
    response: envelope(z.array(collectorRow)),
  }),
  detail: endpoint({
    method: 'GET',
    path: '/collector/:sn',
    params: deviceSnParams,
    response: envelope(collectorRow),
  }),
  rekey: endpoint({
    method: 'POST',
    path: '/collector/:sn/secret',
    params: deviceSnParams,
    response: envelope(collectorSecret),
  }),
  agentConfig: endpoint({
    method: 'POST',
    path: '/collector/:sn/agent-config',
    params: deviceSnParams,
    response: envelope(agentConfigFile),
  }),
  addAgent: endpoint({
    method: 'POST',
    path: '/collector/agent',
    body: agentCollectorInput,
    response: envelope(agentConfigFile),
  }),
  acceptFound: endpoint({
    method: 'POST',
    path: '/collector/:sn/accept',
    params: deviceSnParams,
    body: acceptFoundInput,
    response: envelope(acceptedFoundDevice),
  }),
  remove: endpoint({
    method: 'DELETE',
    path: '/collector/:sn',
    params: deviceSnParams,
    response: emptyEnvelope,
  }),
};
