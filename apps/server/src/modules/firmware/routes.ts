import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  emptyEnvelope,
  envelope,
  FIRMWARE_LIMITS,
  firmwareCheckBody,
  firmwareCheckResult,
  firmwareKeyBody,
  firmwareKeyRow,
  firmwarePackageIdBody,
  firmwarePackageListQuery,
  firmwarePackageRow,
  firmwareUploadBody,
  firmwareUpgradeBody,
  commandRow,
  commandState,
  createRolloutBody,
  rolloutActionBody,
  rolloutDeviceRow,
  rolloutIdParams,
  rolloutRow,
  pageQuery,
  ROLE,
} from '@solarops/contracts';
import { forbidden, notFound } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
import { guard } from '../../http/guardsFirst.ts';
import { oneFileToDisk } from '../../http/multipartBody.ts';
import { pagedList } from '../../http/listRoutes.ts';
import { bearer, errorAnswers } from '../../http/routeSchemas.ts';
import { callerOf, requirePermission, requireRole } from '../auth/guards.ts';
import { seesAll } from '../users/dataScope.ts';
import { assignablePackage } from './assignment.ts';
import { addKey, deleteKey, listKeys } from './keys.ts';
import { commandsById, listCommands } from '../commands/index.ts';
import { deletePackage, firmwareSpoolDir, listPackages, storePackage } from './packages.ts';
import { actOnRollout, createRollout } from './rollouts.ts';
import { findRollout, pageOfRollouts, rolloutDevices } from './rolloutQueries.ts';
import { openRolloutStream } from './rolloutStream.ts';
import { upgradeOne } from './upgrade.ts';

const errors = errorAnswers(400, 401, 403, 404, 409, 413);
const tags = ['firmware'];

/** Firmware packages and the makers' keys they are signed with (the `update` screen; docs/firmware.md). */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const { db, config, commandCenter } = app.deps;
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });
  /** The progress screen reads what the `update` screen started. */
  const progressViewer = requirePermission('update', 'scheduleList');
  const viewer = requirePermission('update');
  /**
   * Packages serve the whole fleet: only those who see all of it (administrators, staff) upload and delete them;
   * distributors and installers list them and assign them to their own devices.
   */
  const maintainer = guard(async (request, reply) => {
    await viewer(request, reply);
    if (!seesAll(callerOf(request))) throw forbidden();
  });
  const maxBytes = config.firmwareMaxBytes ?? FIRMWARE_LIMITS.defaultMaxBytes;

  pagedList(
    app,
    '/firmware/package/list',
    {
      preHandler: viewer,
      tags,
      summary: 'Firmware packages, newest first, with the state of their signature by the trusted keys',
      security: bearer,
      querystring: firmwarePackageListQuery,
      row: firmwarePackageRow,
      errors,
    },
    (request, window) => {
      const { name, type } = request.query;
      return listPackages(db, { name, type }, window);
    },
  );

  app.post(
    '/firmware/package/upload',
    {
      preHandler: maintainer,
      config: oneFileToDisk(maxBytes, firmwareSpoolDir(config.filesDir)),
      schema: {
        tags,
        summary:
          'Upload a firmware package (multipart: the image as `file`, streamed to disk and hashed, at most ' +
          'FIRMWARE_MAX_BYTES; its fields; optionally the maker signature over its SHA-256)',
        consumes: ['multipart/form-data'],
        security: bearer,
        body: firmwareUploadBody,
        response: { 200: envelope(z.object({ id: z.number().int() })), ...errors },
      },
    },
    async (request) => {
      request.auditTarget = request.body.file.filename;
      const id = await storePackage(db, config.filesDir, request, request.body, callerOf(request).userId);
      return ok({ id });
    },
  );

  app.post(
    '/firmware/package/delete',
    {
      preHandler: maintainer,
      schema: {
        tags,
        summary: 'Delete a firmware package and its image',
        security: bearer,
        body: firmwarePackageIdBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      request.auditTarget = await deletePackage(db, config.filesDir, request.body.id);
      return ok(null);
    },
  );

  app.post(
    '/firmware/package/check',
    {
      preHandler: viewer,
      schema: {
        tags,
        summary:
          'Whether a package may be assigned to these devices: trusted signature, intact image, devices in scope ' +
          'and of the models it is built for (400 naming the first reason, 404 for a device out of scope)',
        security: bearer,
        body: firmwareCheckBody,
        response: { 200: envelope(firmwareCheckResult), ...errors },
      },
    },
    async (request) => {
      const { id, serials } = request.body;
      const { targets } = await assignablePackage(db, config.filesDir, callerOf(request), id, serials);
      return ok({ fits: targets.map((t) => t.serial) });
    },
  );

  app.post(
    '/firmware/upgrade',
    {
      preHandler: viewer,
      schema: {
        tags,
        summary:
          'Upgrade one device (a collector, or an inverter for ARM/DSP firmware) through the command model: the ' +
          'package passes the assignment gate; an offline device is refused',
        security: bearer,
        body: firmwareUpgradeBody,
        response: { 200: envelope(commandRow), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      request.auditTarget = request.body.serial;
      const command = await upgradeOne(app.deps, caller, request.body);
      const [row] = await commandsById(db, caller, [command.id]);
      return ok(row!);
    },
  );

  pagedList(
    app,
    '/firmware/upgrade/list',
    {
      preHandler: viewer,
      tags,
      summary:
        'Upgrade commands of the caller’s devices, newest first, with their stage and percentage in `result`',
      security: bearer,
      querystring: pageQuery.extend({
        serial: z.string().trim().max(64).optional(),
        batchId: z.string().max(64).optional(),
        state: commandState.optional(),
      }),
      row: commandRow,
      errors,
    },
    (request, window) => {
      const { serial, batchId, state } = request.query;
      return listCommands(db, callerOf(request), { kind: 'upgrade', serial, batchId, state }, window);
    },
  );

  app.post(
    '/firmware/rollout',
    {
      preHandler: viewer,
      schema: {
        tags,
        summary:
          'Roll a package out to devices, plants or every device of its models in scope, group by group, with ' +
          'success and error thresholds, a rate limit and a maintenance window; over 50 devices it waits for a ' +
          'second user',
        security: bearer,
        body: createRolloutBody,
        response: { 200: envelope(z.object({ id: z.string() })), ...errors },
      },
    },
    async (request) => {
      const id = await createRollout(app.deps, callerOf(request), request.body);
      request.auditTarget = id;
      return ok({ id });
    },
  );

  pagedList(
    app,
    '/firmware/rollout/list',
    {
      preHandler: progressViewer,
      tags,
      summary: 'Rollouts with a device in the caller’s scope, newest first, their devices counted by stage',
      security: bearer,
      querystring: pageQuery,
      row: rolloutRow,
      errors,
    },
    (request, window) => pageOfRollouts(db, callerOf(request), window),
  );

  app.get(
    '/firmware/rollout/:id',
    {
      preHandler: progressViewer,
      schema: {
        tags,
        summary: 'One rollout with its counts, and its devices in the caller’s scope (`scheduleList`)',
        security: bearer,
        params: rolloutIdParams,
        response: {
          200: envelope(z.object({ rollout: rolloutRow, devices: z.array(rolloutDeviceRow) })),
          ...errors,
        },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const rollout = await findRollout(db, caller, request.params.id);
      if (!rollout) throw notFound();
      return ok({ rollout, devices: await rolloutDevices(db, caller, request.params.id) });
    },
  );

  app.post(
    '/firmware/rollout/:id/action',
    {
      preHandler: viewer,
      schema: {
        tags,
        summary:
          'Approve (another user), pause, resume or cancel a rollout: 403 when some of its devices lie outside ' +
          'the caller’s scope, 409 when its state does not allow it',
        security: bearer,
        params: rolloutIdParams,
        body: rolloutActionBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      request.auditTarget = request.params.id;
      // A rollout with no device in the caller's scope does not exist for it (404); one that also covers devices
      // outside it is decided by someone who sees all of it (403): a partial view never acts on the whole.
      const rollout = await findRollout(db, caller, request.params.id);
      if (!rollout) throw notFound();
      if (rollout.partialView) throw forbidden('firmware.rolloutBeyondScope');
      await actOnRollout(app.deps, caller, request.params.id, request.body.action);
      return ok(null);
    },
  );

  app.get(
    '/firmware/rollout/:id/stream',
    {
      preHandler: progressViewer,
      schema: {
        tags,
        summary: 'Server-sent events: `changed` within half a second of a device’s report in the rollout',
        security: bearer,
        params: rolloutIdParams,
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!(await findRollout(db, caller, request.params.id))) throw notFound();
      reply.hijack();
      const end = await openRolloutStream(db, commandCenter, caller, request.params.id, reply.raw, () =>
        streams.delete(end),
      );
      streams.add(end);
    },
  );

  const adminOnly = requireRole(ROLE.admin);

  pagedList(
    app,
    '/firmware/key/list',
    {
      preHandler: adminOnly,
      tags,
      summary: 'The makers’ public keys whose signatures are trusted, oldest first (administrators)',
      security: bearer,
      querystring: pageQuery,
      row: firmwareKeyRow,
      errors,
    },
    (request, window) => listKeys(db, window),
  );

  app.post(
    '/firmware/key/add',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Trust a maker’s Ed25519 public key (PEM or the 32 bytes in base64)',
        security: bearer,
        body: firmwareKeyBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      request.auditTarget = request.body.name;
      await addKey(db, request.body);
      return ok(null);
    },
  );

  app.post(
    '/firmware/key/delete',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        summary: 'Stop trusting a key: packages signed with it can no longer be assigned',
        security: bearer,
        body: firmwarePackageIdBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      request.auditTarget = await deleteKey(db, request.body.id);
      return ok(null);
    },
  );
};

export const firmwareModule = fp(plugin, {
  name: 'firmware',
  encapsulate: true,
  dependencies: ['audit', 'auth'],
});
