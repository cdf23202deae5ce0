import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COMMAND_ROUTES,
  awaitingBatch,
  SETTINGS_PROFILES,
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
  envelope,
  pageQuery,
  readSettingsBody,
  restartBody,
  settingsProfile,
  type RouteName,
} from '@solarops/contracts';
import { AppError, notFound } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { pagedList } from '../../http/listRoutes.ts';
import { bearer } from '../../http/routeSchemas.ts';
import { authenticate, callerOf, requirePermission, requireRoute, requireScreenOf } from '../auth/guards.ts';
import type { AuthContext } from '../auth/AuthContext.ts';
import { openCommandStream } from './commandStream.ts';
import { commandRequests, type AskedCommands, type Asker } from './commandRequests.ts';
import { createCommands, type Created } from './createCommands.ts';
import { pickerDevices } from './deviceTargets.ts';
import { awaitingBatches, commandsById, findBatch, listCommands, newCommandRow } from './queries.ts';

const ANY_COMMAND_ROUTE = COMMAND_ROUTES as unknown as RouteName[];
/** A guard, run before the body is read (`http/guardsFirst.ts`). */
type RouteGuard = ReturnType<typeof requirePermission>;

const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const center = app.deps.commandCenter;
  const tags = ['commands'];
  const streams = new Set<() => void>();
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  /** The answer to a create call: the new commands as rows (as stored or marked sent), sent at once to online collectors. */
  const answer = async (caller: AuthContext, created: Created) => {
    const sent = new Map((await center.dispatchCreated(created.toSend)).map((c) => [c.id, c]));
    return ok({
      batchId: created.batchId,
      awaitingApproval: created.awaitingApproval,
      commands: created.stored.map((c) =>
        newCommandRow(sent.get(c.id) ?? c, created.devices.get(c.deviceSerial)!, caller.userCode),
      ),
      refused: created.refused,
    });
  };

  app.get(
    '/commands/profiles',
    {
      preHandler: authenticate,
      schema: {
        tags,
        security: bearer,
        summary: 'The settings profiles (register maps) of the device models',
        response: { 200: envelope(z.array(settingsProfile)) },
      },
    },
    async () => ok([...SETTINGS_PROFILES]),
  );

  app.get(
    '/commands/devices',
    {
      preHandler: requirePermission(...ANY_COMMAND_ROUTE),
      schema: {
        tags,
        security: bearer,
        summary: 'Devices of a plant (or matching a search) with their settings profile, for the pickers',
        querystring: commandDevicesQuery,
        response: { 200: envelope(z.array(commandDevice)) },
      },
    },
    async (request) => ok(await pickerDevices(db(), callerOf(request), request.query)),
  );

  /**
   * A create route: its guard and body schema declared, the body turned into commands by `commandRequests`, the
   * commands created and answered. The route's screen is checked again once the body is read (`requireRoute`).
   */
  const createRoute = <B extends z.ZodType>(
    path: string,
    guard: RouteGuard,
    body: B,
    summary: string,
    ask: (body: z.infer<B>, asker: Asker) => AskedCommands,
  ) =>
    app.post(
      path,
      {
        preHandler: guard,
        schema: { tags, security: bearer, summary, body, response: { 200: envelope(createdCommands) } },
      },
      async (request) => {
        const caller = callerOf(request);
        const lang = requestLanguage(request);
        const asked = ask(request.body as z.infer<B>, { caller, lang });
        requireRoute(caller, asked.route as RouteName);
        request.auditTarget =
          asked.serials.length === 1 ? asked.serials[0] : `${asked.serials.length} devices`;
        return answer(caller, await createCommands(db(), { caller, lang, ...asked }));
      },
    );

  createRoute(
    '/commands/settings',
    requireScreenOf(createSettingsBody),
    createSettingsBody,
    'Write settings to devices (one, several, or a batch of mixed models from setUpList)',
    commandRequests.settings,
  );
  createRoute(
    '/commands/read',
    requireScreenOf(readSettingsBody),
    readSettingsBody,
    'Read a device’s current settings (every point of its profile, or those named)',
    commandRequests.read,
  );
  createRoute(
    '/commands/dispatch',
    requirePermission('dispatch'),
    createDispatchBody,
    'Send a battery schedule (weekday and weekend slots) to one or many devices',
    commandRequests.dispatch,
  );
  createRoute(
    '/commands/debug/read',
    requireScreenOf(debugReadBody),
    debugReadBody,
    'Read holding registers of a device by address, count and type',
    commandRequests.debugRead,
  );
  createRoute(
    '/commands/debug/write',
    requireScreenOf(debugWriteBody),
    debugWriteBody,
    'Write holding registers of a device (read back before it counts as applied)',
    commandRequests.debugWrite,
  );
  createRoute(
    '/commands/restart',
    requireScreenOf(restartBody),
    restartBody,
    'Restart a device',
    commandRequests.restart,
  );

  pagedList(
    app,
    '/commands',
    {
      preHandler: requirePermission(...ANY_COMMAND_ROUTE),
      tags,
      security: bearer,
      summary: 'Commands of the caller’s devices, newest first',
      querystring: pageQuery.extend(commandListQuery.shape),
      row: commandRow,
    },
    (request, window) => listCommands(db(), callerOf(request), request.query, window),
  );

  app.get(
    '/commands/stream',
    {
      preHandler: requirePermission(...ANY_COMMAND_ROUTE),
      schema: {
        tags,
        security: bearer,
        summary: 'Server-sent events: `command` with the state changes of the caller’s devices’ commands',
      },
    },
    async (request, reply) => {
      const caller = callerOf(request);
      reply.hijack();
      const end = openCommandStream(db(), center, caller, reply.raw, () => streams.delete(end));
      streams.add(end);
    },
  );

  app.get(
    '/commands/:id',
    {
      preHandler: requirePermission(...ANY_COMMAND_ROUTE),
      schema: {
        tags,
        security: bearer,
        summary: 'One command with its state, values and the device’s reason',
        params: commandIdParams,
        response: { 200: envelope(commandRow) },
      },
    },
    async (request) => {
      const [row] = await commandsById(db(), callerOf(request), [request.params.id]);
      if (!row) throw notFound();
      return ok(row);
    },
  );

  app.post(
    '/commands/:id/cancel',
    {
      preHandler: requirePermission(...ANY_COMMAND_ROUTE),
      schema: {
        tags,
        security: bearer,
        summary: 'Cancel a command still queued (409 once it was sent)',
        params: commandIdParams,
        response: { 200: envelope(commandRow) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const [row] = await commandsById(db(), caller, [request.params.id]);
      if (!row) throw notFound();
      request.auditTarget = row.deviceSerial;
      if (!(await center.cancel(row.id)))
        throw new AppError(409, 'commands.badTransition', { params: { state: row.state, to: 'cancelled' } });
      const [after] = await commandsById(db(), caller, [row.id]);
      return ok(after!);
    },
  );

  app.get(
    '/commands/batches/awaiting',
    {
      preHandler: requirePermission(...ANY_COMMAND_ROUTE),
      schema: {
        tags,
        security: bearer,
        summary:
          'Batches waiting for a second user’s approval, oldest first, and whether the caller may decide',
        response: { 200: envelope(z.array(awaitingBatch)) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const rows = await awaitingBatches(db(), caller);
      return ok(
        rows.map(({ batch, createdById, partialView }) => ({
          ...batch,
          canDecide: center.mayDecide(caller, { createdById, route: batch.route, partialView }),
          partialView,
        })),
      );
    },
  );

  app.get(
    '/commands/batches/:id',
    {
      preHandler: requirePermission(...ANY_COMMAND_ROUTE),
      schema: {
        tags,
        security: bearer,
        summary: 'A batch: who asked and approved, its commands counted by state',
        params: commandIdParams,
        response: { 200: envelope(commandBatch) },
      },
    },
    async (request) => {
      const b = await findBatch(db(), callerOf(request), request.params.id);
      if (!b) throw notFound();
      return ok(b);
    },
  );

  app.post(
    '/commands/batches/:id/decision',
    {
      preHandler: requirePermission(...ANY_COMMAND_ROUTE),
      schema: {
        tags,
        security: bearer,
        summary:
          'Approve or reject a batch awaiting approval (a user other than its author, who sees all of its ' +
          'devices: 403 otherwise)',
        params: commandIdParams,
        body: batchDecisionBody,
        response: { 200: envelope(commandBatch) },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      const batch = await findBatch(db(), caller, request.params.id);
      if (!batch) throw notFound();
      requireRoute(caller, batch.route as RouteName);
      request.auditTarget = `batch ${batch.id}`;
      await center.decideBatch(caller, batch.id, request.body.approve);
      return ok((await findBatch(db(), caller, batch.id))!);
    },
  );
};

export const commandsModule = fp(plugin, {
  name: 'commands',
  encapsulate: true,
  dependencies: ['audit', 'auth'],
});
