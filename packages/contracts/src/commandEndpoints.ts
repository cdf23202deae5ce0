import { z } from 'zod';
import {
  awaitingBatch,
  batchDecisionBody,
  commandBatch,
  commandDevice,
  commandDevicesQuery,
  commandIdParams,
  commandListQuery,
  commandRow,
  createDispatchBody,
  createSettingsBody,
  createdCommands,
  debugReadBody,
  debugWriteBody,
  readSettingsBody,
  restartBody,
} from './commands.ts';
import { envelope, pageOf, pageQuery } from './envelope.ts';
import { endpoint } from './endpoints.ts';
import { settingsProfile } from './settingsProfile.ts';

/** What every create call answers: the commands made, their batch, and the devices refused before sending. */
const created = envelope(createdCommands);

/** `GET /commands`: a page of the caller's commands, newest first, filtered. */
export const commandPageQuery = pageQuery.extend(commandListQuery.shape);

/**
 * The command centre's calls (the settings, dispatch, debug and command-result screens): the six ways to create
 * commands, the lists and the live stream of their states, a cancel, and a large batch's second-user decision.
 */
export const COMMAND_ENDPOINTS = {
  profiles: endpoint({
    method: 'GET',
    path: '/commands/profiles',
    response: envelope(z.array(settingsProfile)),
  }),
  devices: endpoint({
    method: 'GET',
    path: '/commands/devices',
    query: commandDevicesQuery,
    response: envelope(z.array(commandDevice)),
  }),
  writeSettings: endpoint({
    method: 'POST',
    path: '/commands/settings',
    body: createSettingsBody,
    response: created,
  }),
  readSettings: endpoint({
    method: 'POST',
    path: '/commands/read',
    body: readSettingsBody,
    response: created,
  }),
  dispatch: endpoint({
    method: 'POST',
    path: '/commands/dispatch',
    body: createDispatchBody,
    response: created,
  }),
  debugRead: endpoint({
    method: 'POST',
    path: '/commands/debug/read',
    body: debugReadBody,
    response: created,
  }),
  debugWrite: endpoint({
    method: 'POST',
    path: '/commands/debug/write',
    body: debugWriteBody,
    response: created,
  }),
  restart: endpoint({ method: 'POST', path: '/commands/restart', body: restartBody, response: created }),
  list: endpoint({ method: 'GET', path: '/commands', query: commandPageQuery, response: pageOf(commandRow) }),
  /** Server-sent events: `command` with `commandPush` rows. */
  stream: endpoint({ method: 'GET', path: '/commands/stream' }),
  command: endpoint({
    method: 'GET',
    path: '/commands/:id',
    params: commandIdParams,
    response: envelope(commandRow),
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/commands/:id/cancel',
    params: commandIdParams,
    response: envelope(commandRow),
  }),
  awaitingBatches: endpoint({
    method: 'GET',
    path: '/commands/batches/awaiting',
    response: envelope(z.array(awaitingBatch)),
  }),
  batch: endpoint({
    method: 'GET',
    path: '/commands/batches/:id',
    params: commandIdParams,
    response: envelope(commandBatch),
  }),
  decideBatch: endpoint({
    method: 'POST',
    path: '/commands/batches/:id/decision',
    params: commandIdParams,
    body: batchDecisionBody,
    response: envelope(commandBatch),
  }),
};
