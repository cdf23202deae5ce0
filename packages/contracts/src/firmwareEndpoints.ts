import { z } from 'zod';
import { commandRow, commandState } from './commands.ts';
import { emptyEnvelope, envelope, pageOf, pageQuery } from './envelope.ts';
import { endpoint } from './endpoints.ts';
import {
  createRolloutBody,
  firmwareCheckBody,
  firmwareCheckResult,
  firmwareKeyBody,
  firmwareKeyRow,
  firmwarePackageIdBody,
  firmwarePackageListQuery,
  firmwarePackageRow,
  firmwareUpgradeBody,
  firmwareUploadBody,
  rolloutActionBody,
  rolloutDeviceRow,
  rolloutIdParams,
  rolloutRow,
} from './firmware.ts';

/** `GET /firmware/upgrade/list`: a page of upgrade commands, filtered. */
export const firmwareUpgradeListQuery = pageQuery.extend({
  serial: z.string().trim().max(64).optional(),
  batchId: z.string().max(64).optional(),
  state: commandState.optional(),
});

/**
 * Firmware's calls (the `update` and `scheduleList` screens): packages and the makers' keys they are signed with,
 * one device's upgrade, and rollouts with their progress stream.
 */
export const FIRMWARE_ENDPOINTS = {
  packages: endpoint({
    method: 'GET',
    path: '/firmware/package/list',
    query: firmwarePackageListQuery,
    response: pageOf(firmwarePackageRow),
  }),
  uploadPackage: endpoint({
    method: 'POST',
    path: '/firmware/package/upload',
    consumes: 'multipart/form-data',
    body: firmwareUploadBody,
    response: envelope(z.object({ id: z.number().int() })),
  }),
  deletePackage: endpoint({
    method: 'POST',
    path: '/firmware/package/delete',
    body: firmwarePackageIdBody,
    response: emptyEnvelope,
  }),
  checkPackage: endpoint({
    method: 'POST',
    path: '/firmware/package/check',
    body: firmwareCheckBody,
    response: envelope(firmwareCheckResult),
  }),
  upgrade: endpoint({
    method: 'POST',
    path: '/firmware/upgrade',
    body: firmwareUpgradeBody,
    response: envelope(commandRow),
  }),
  upgrades: endpoint({
    method: 'GET',
    path: '/firmware/upgrade/list',
    query: firmwareUpgradeListQuery,
    response: pageOf(commandRow),
  }),
  createRollout: endpoint({
    method: 'POST',
    path: '/firmware/rollout',
    body: createRolloutBody,
    response: envelope(z.object({ id: z.string() })),
  }),
  rollouts: endpoint({
    method: 'GET',
    path: '/firmware/rollout/list',
    query: pageQuery,
    response: pageOf(rolloutRow),
  }),
  rollout: endpoint({
    method: 'GET',
    path: '/firmware/rollout/:id',
    params: rolloutIdParams,
    response: envelope(z.object({ rollout: rolloutRow, devices: z.array(rolloutDeviceRow) })),
  }),
  actOnRollout: endpoint({
    method: 'POST',
    path: '/firmware/rollout/:id/action',
    params: rolloutIdParams,
    body: rolloutActionBody,
    response: emptyEnvelope,
  }),
  /** Server-sent events: `changed` when a device of the rollout reports. */
  rolloutStream: endpoint({ method: 'GET', path: '/firmware/rollout/:id/stream', params: rolloutIdParams }),
  keys: endpoint({
    method: 'GET',
    path: '/firmware/key/list',
    query: pageQuery,
    response: pageOf(firmwareKeyRow),
  }),
  addKey: endpoint({
    method: 'POST',
    path: '/firmware/key/add',
    body: firmwareKeyBody,
    response: emptyEnvelope,
  }),
  deleteKey: endpoint({
    method: 'POST',
    path: '/firmware/key/delete',
    body: firmwarePackageIdBody,
    response: emptyEnvelope,
  }),
};
