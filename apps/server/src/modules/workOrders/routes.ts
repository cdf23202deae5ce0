import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { WORK_ORDER_ENDPOINTS as WO, WORK_ORDER_IMAGE_MAX_BYTES } from '@solarops/contracts';
import { fieldError, notFound } from '../../http/AppError.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { pagedList } from '../../http/listRoutes.ts';
import { oneFile } from '../../http/multipartBody.ts';
import { sendPdf } from '../../http/sendPdf.ts';
import { storeImage } from '../../http/storeImage.ts';
import { callerOf } from '../auth/guards.ts';
import {
  assignees,
  listWorkOrders,
  sentSlaWarnings,
  slaNotices,
  workOrderDetail as detailOf,
} from './queries.ts';
import { addEvidence, checkEvidenceAllowed, createFromAlarm, moveWorkOrder } from './service.ts';
import { announceWorkOrders } from './workOrderBus.ts';
import { serviceReport, serviceReportName } from './serviceReport.ts';
import { doc, errors, questionGuard } from './routeGuards.ts';
import { ruleRoutes } from './ruleRoutes.ts';
import { slaRoutes } from './slaRoutes.ts';

const PNG = (b: Uint8Array) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;

/**
 * Work orders from alarms (the `question` screen): docs/decisions/0014-work-orders.md. Every route is declared from
 * its entry in the contracts' endpoint map (`WORK_ORDER_ENDPOINTS`), which the console calls through.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const { db, config, workOrderBus } = app.deps;
  const guard = questionGuard;

  pagedList(
    app,
    WO.list,
    doc(guard, 'Work orders of the caller’s plants, newest first, with where their SLA clock stands'),
    (request, window) =>
      listWorkOrders(db, callerOf(request), request.query, window, requestLanguage(request)),
  );

  endpointRoute(
    app,
    WO.assignees,
    doc(guard, 'Users the caller may assign work orders to (of one order: those who see its plant)'),
    async (request) => ok(await assignees(db, callerOf(request), request.query.workOrderId)),
  );

  endpointRoute(
    app,
    WO.notices,
    doc(guard, 'SLA warnings (80 % and 100 %) of the open orders assigned to the caller'),
    async (request) => ok(await slaNotices(db, callerOf(request))),
  );

  await app.register(slaRoutes);
  await app.register(ruleRoutes);

  endpointRoute(
    app,
    WO.create,
    doc(
      guard,
      'Opens a work order for an alarm; 409 naming the open order when its device and code already have one',
    ),
    async (request) => {
      const id = await createFromAlarm(db, callerOf(request), request.body);
      request.auditTarget = `#${id}`;
      await announceWorkOrders(db, workOrderBus, [id]);
      return ok({ id });
    },
  );

  endpointRoute(
    app,
    WO.detail,
    doc(guard, 'One work order: timeline, evidence, alarm occurrences and the moves the caller may make'),
    async (request) => {
      const detail = await detailOf(db, callerOf(request), request.params.id, requestLanguage(request));
      if (!detail) throw notFound();
      return ok(detail);
    },
  );

  endpointRoute(
    app,
    WO.serviceReport,
    doc(
      guard,
      'The service report of one work order as a PDF in the caller’s language: the order, plant, device, ' +
        'alarm and occurrences, SLA, every move with who and when, notes, photos and the signature',
      {},
    ),
    async (request, reply) => {
      const lang = requestLanguage(request);
      const detail = await detailOf(db, callerOf(request), request.params.id, lang);
      if (!detail) throw notFound();
      const file = await serviceReport(detail, {
        lang,
        filesDir: config.filesDir,
        warnings: await sentSlaWarnings(db, detail.id),
      });
      return sendPdf(reply, serviceReportName(detail.id, lang), file);
    },
  );

  endpointRoute(
    app,
    WO.move,
    doc(
      guard,
      'Moves a work order along its transition table: 409 when its state does not allow the move, ' +
        '403 when the caller is not the assignee or a supervisor as the move requires',
    ),
    async (request) => {
      request.auditTarget = `#${request.params.id} ${request.body.move}`;
      const state = await moveWorkOrder(db, callerOf(request), request.params.id, request.body);
      await announceWorkOrders(db, workOrderBus, [request.params.id]);
      return ok({ state });
    },
  );

  endpointRoute(
    app,
    WO.addNote,
    doc(guard, 'Adds a note (the assignee or a supervisor, while the order is open)'),
    async (request) => {
      request.auditTarget = `#${request.params.id}`;
      await addEvidence(db, callerOf(request), request.params.id, { kind: 'note', text: request.body.text });
      return ok(null);
    },
  );

  for (const [kind, entry] of [
    ['photo', WO.addPhoto],
    ['signature', WO.addSignature],
  ] as const) {
    endpointRoute(
      app,
      entry,
      doc(
        guard,
        kind === 'photo'
          ? 'Adds a photo (png, jpeg or webp; the console resizes it first)'
          : 'Adds the signature drawn on site (png)',
        { config: oneFile(WORK_ORDER_IMAGE_MAX_BYTES), errors },
      ),
      async (request) => {
        const caller = callerOf(request);
        request.auditTarget = `#${request.params.id}`;
        const { file } = request.body;
        if (kind === 'signature' && !PNG(file.data)) throw fieldError('file', 'fileType');
        // Checked before the file is written: nothing is stored for an order the caller may not touch.
        await checkEvidenceAllowed(db, caller, request.params.id);
        const stored = await storeImage(config.filesDir, 'workorders', file, WORK_ORDER_IMAGE_MAX_BYTES);
        await addEvidence(db, caller, request.params.id, { kind, file: stored });
        return ok(null);
      },
    );
  }
};

export const workOrdersModule = fp(plugin, {
  name: 'workOrders',
  encapsulate: true,
  dependencies: ['audit', 'auth', 'alarms'],
});
