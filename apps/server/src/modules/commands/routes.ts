import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  COMMAND_ENDPOINTS as COMMANDS,
  COMMAND_ROUTES,
  SETTINGS_PROFILES,
  type Endpoint,
  type RouteName,
} from '@solarops/contracts';
import { AppError, notFound } from '../../http/AppError.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { bearerDocs } from '../../http/bearerDocs.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { pagedList } from '../../http/listRoutes.ts';
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
/** An entry of the map that creates commands: a body turned into commands, answered with what was made. */
type CreateEndpoint<B extends z.ZodType> = Endpoint & {
  method: 'POST';
  body: B;
  response: typeof COMMANDS.restart.response;
};

/**
 * The command centre's door: creating commands, their lists and live states, a cancel, a large batch's second-user
 * decision. Every route is declared from its entry in the contracts' endpoint map (`COMMAND_ENDPOINTS`), which the
 * console calls through.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const db = () => app.deps.db;
  const center = app.deps.commandCenter;
  const tags = ['commands'];
  const anyCommandScreen = requirePermission(...ANY_COMMAND_ROUTE);
  const doc = bearerDocs(tags);
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

  endpointRoute(
    app,
    COMMANDS.profiles,
    doc(authenticate, 'The settings profiles (register maps) of the device models'),
    async () => ok([...SETTINGS_PROFILES]),
  );

  endpointRoute(
    app,
    COMMANDS.devices,
    doc(
      anyCommandScreen,
      'Devices of a plant (or matching a search) with their settings profile, for the pickers',
    ),
    async (request) => ok(await pickerDevices(db(), callerOf(request), request.query)),
  );

  /**
   * A create route: declared from its entry with its guard, the body turned into commands by `commandRequests`, the
   * commands created and answered. The route's screen is checked again once the body is read (`requireRoute`).
   */
  const createRoute = <B extends z.ZodType>(
    endpoint: CreateEndpoint<B>,
    guard: RouteGuard,
    summary: string,
    ask: (body: z.infer<B>, asker: Asker) => AskedCommands,
  ) =>
    endpointRoute(app, endpoint, doc(guard, summary), async (request) => {
      const caller = callerOf(request);
      const lang = requestLanguage(request);
      const asked = ask(request.body as z.infer<B>, { caller, lang });
      requireRoute(caller, asked.route as RouteName);
      request.auditTarget = asked.serials.length === 1 ? asked.serials[0] : `${asked.serials.length} devices`;
      return answer(caller, await createCommands(db(), { caller, lang, ...asked }));
    });

  createRoute(
    COMMANDS.writeSettings,
    requireScreenOf(COMMANDS.writeSettings.body),
    'Write settings to devices (one, several, or a batch of mixed models from setUpList)',
    commandRequests.settings,
  );
  createRoute(
    COMMANDS.readSettings,
    requireScreenOf(COMMANDS.readSettings.body),
    'Read a device’s current settings (every point of its profile, or those named)',
    commandRequests.read,
  );
  createRoute(
    COMMANDS.dispatch,
    requirePermission('dispatch'),
    'Send a battery schedule (weekday and weekend slots) to one or many devices',
    commandRequests.dispatch,
  );
  createRoute(
    COMMANDS.debugRead,
    requireScreenOf(COMMANDS.debugRead.body),
    'Read holding registers of a device by address, count and type',
    commandRequests.debugRead,
  );
  createRoute(
    COMMANDS.debugWrite,
    requireScreenOf(COMMANDS.debugWrite.body),
    'Write holding registers of a device (read back before it counts as applied)',
    commandRequests.debugWrite,
  );
  createRoute(
    COMMANDS.restart,
    requireScreenOf(COMMANDS.restart.body),
    'Restart a device',
    commandRequests.restart,
  );

  pagedList(
    app,
    COMMANDS.list,
    doc(anyCommandScreen, 'Commands of the caller’s devices, newest first'),
    (request, window) => listCommands(db(), callerOf(request), request.query, window),
  );

  endpointRoute(
    app,
    COMMANDS.stream,
    doc(
      anyCommandScreen,
      'Server-sent events: `command` with the state changes of the caller’s devices’ commands',
    ),
    async (request, reply) => {
      const caller = callerOf(request);
      reply.hijack();
      const end = openCommandStream(db(), center, caller, reply.raw, () => streams.delete(end));
      streams.add(end);
      return reply;
    },
  );

  endpointRoute(
    app,
    COMMANDS.command,
    doc(anyCommandScreen, 'One command with its state, values and the device’s reason'),
    async (request) => {
      const [row] = await commandsById(db(), callerOf(request), [request.params.id]);
      if (!row) throw notFound();
      return ok(row);
    },
  );

  endpointRoute(
    app,
    COMMANDS.cancel,
    doc(anyCommandScreen, 'Cancel a command still queued (409 once it was sent)'),
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

  endpointRoute(
    app,
    COMMANDS.awaitingBatches,
    doc(
      anyCommandScreen,
      'Batches waiting for a second user’s approval, oldest first, and whether the caller may decide',
    ),
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

  endpointRoute(
    app,
    COMMANDS.batch,
    doc(anyCommandScreen, 'A batch: who asked and approved, its commands counted by state'),
    async (request) => {
      const b = await findBatch(db(), callerOf(request), request.params.id);
      if (!b) throw notFound();
      return ok(b);
    },
  );

  endpointRoute(
    app,
    COMMANDS.decideBatch,
    doc(
      anyCommandScreen,
      'Approve or reject a batch awaiting approval (a user other than its author, who sees all of its ' +
        'devices: 403 otherwise)',
    ),
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
