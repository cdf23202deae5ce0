import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FIRMWARE_ENDPOINTS as FIRMWARE, FIRMWARE_LIMITS, ROLE } from '@solarops/contracts';
import { forbidden, notFound } from '../../http/AppError.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { bearerDocs } from '../../http/bearerDocs.ts';
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

/**
 * Firmware packages and the makers' keys they are signed with, upgrades and rollouts (the `update` and `scheduleList`
 * screens; docs/firmware.md). Every route is declared from its entry in the contracts' endpoint map
 * (`FIRMWARE_ENDPOINTS`), which the console calls through.
 */
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
  const doc = bearerDocs(tags, errors);

  pagedList(
    app,
    FIRMWARE.packages,
    doc(viewer, 'Firmware packages, newest first, with the state of their signature by the trusted keys'),
    (request, window) => {
      const { name, type } = request.query;
      return listPackages(db, { name, type }, window);
    },
  );

  endpointRoute(
    app,
    FIRMWARE.uploadPackage,
    {
      ...doc(
        maintainer,
        'Upload a firmware package (multipart: the image as `file`, streamed to disk and hashed, at most ' +
          'FIRMWARE_MAX_BYTES; its fields; optionally the maker signature over its SHA-256)',
      ),
      config: oneFileToDisk(maxBytes, firmwareSpoolDir(config.filesDir)),
    },
    async (request) => {
      request.auditTarget = request.body.file.filename;
      const id = await storePackage(db, config.filesDir, request, request.body, callerOf(request).userId);
      return ok({ id });
    },
  );

  endpointRoute(
    app,
    FIRMWARE.deletePackage,
    doc(maintainer, 'Delete a firmware package and its image'),
    async (request) => {
      request.auditTarget = await deletePackage(db, config.filesDir, request.body.id);
      return ok(null);
    },
  );

  endpointRoute(
    app,
    FIRMWARE.checkPackage,
    doc(
      viewer,
      'Whether a package may be assigned to these devices: trusted signature, intact image, devices in scope ' +
        'and of the models it is built for (400 naming the first reason, 404 for a device out of scope)',
    ),
    async (request) => {
      const { id, serials } = request.body;
      const { targets } = await assignablePackage(db, config.filesDir, callerOf(request), id, serials);
      return ok({ fits: targets.map((t) => t.serial) });
    },
  );

  endpointRoute(
    app,
    FIRMWARE.upgrade,
    doc(
      viewer,
      'Upgrade one device (a collector, or an inverter for ARM/DSP firmware) through the command model: the ' +
        'package passes the assignment gate; an offline device is refused',
    ),
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
    FIRMWARE.upgrades,
    doc(
      viewer,
      'Upgrade commands of the caller’s devices, newest first, with their stage and percentage in `result`',
    ),
    (request, window) => {
      const { serial, batchId, state } = request.query;
      return listCommands(db, callerOf(request), { kind: 'upgrade', serial, batchId, state }, window);
    },
  );

  endpointRoute(
    app,
    FIRMWARE.createRollout,
    doc(
      viewer,
      'Roll a package out to devices, plants or every device of its models in scope, group by group, with ' +
        'success and error thresholds, a rate limit and a maintenance window; over 50 devices it waits for a ' +
        'second user',
    ),
    async (request) => {
      const id = await createRollout(app.deps, callerOf(request), request.body);
      request.auditTarget = id;
      return ok({ id });
    },
  );

  pagedList(
    app,
    FIRMWARE.rollouts,
    doc(
      progressViewer,
      'Rollouts with a device in the caller’s scope, newest first, their devices counted by stage',
    ),
    (request, window) => pageOfRollouts(db, callerOf(request), window),
  );

  endpointRoute(
    app,
    FIRMWARE.rollout,
    doc(
      progressViewer,
      'One rollout with its counts, and its devices in the caller’s scope (`scheduleList`)',
    ),
    async (request) => {
      const caller = callerOf(request);
      const rollout = await findRollout(db, caller, request.params.id);
      if (!rollout) throw notFound();
      return ok({ rollout, devices: await rolloutDevices(db, caller, request.params.id) });
    },
  );

  endpointRoute(
    app,
    FIRMWARE.actOnRollout,
    doc(
      viewer,
      'Approve (another user), pause, resume or cancel a rollout: 403 when some of its devices lie outside ' +
        'the caller’s scope, 409 when its state does not allow it',
    ),
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

  endpointRoute(
    app,
    FIRMWARE.rolloutStream,
    {
      preHandler: progressViewer,
      tags,
      security: bearer,
      summary: 'Server-sent events: `changed` within half a second of a device’s report in the rollout',
    },
    async (request, reply) => {
      const caller = callerOf(request);
      if (!(await findRollout(db, caller, request.params.id))) throw notFound();
      reply.hijack();
      const end = await openRolloutStream(db, commandCenter, caller, request.params.id, reply.raw, () =>
        streams.delete(end),
      );
      streams.add(end);
      return reply;
    },
  );

  const adminOnly = requireRole(ROLE.admin);

  pagedList(
    app,
    FIRMWARE.keys,
    doc(adminOnly, 'The makers’ public keys whose signatures are trusted, oldest first (administrators)'),
    (request, window) => listKeys(db, window),
  );

  endpointRoute(
    app,
    FIRMWARE.addKey,
    doc(adminOnly, 'Trust a maker’s Ed25519 public key (PEM or the 32 bytes in base64)'),
    async (request) => {
      request.auditTarget = request.body.name;
      await addKey(db, request.body);
      return ok(null);
    },
  );

  endpointRoute(
    app,
    FIRMWARE.deleteKey,
    doc(adminOnly, 'Stop trusting a key: packages signed with it can no longer be assigned'),
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
