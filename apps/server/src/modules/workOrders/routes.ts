import fp from 'fastify-plugin';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  envelope,
  emptyEnvelope,
  workOrderAssignee,
  workOrderAssigneesQuery,
  workOrderCreate,
  workOrderDetail,
  workOrderImageForm,
  workOrderMoveBody,
  workOrderNoteBody,
  workOrderNotice,
  workOrderQuery,
  workOrderRow,
  WORK_ORDER_IMAGE_MAX_BYTES,
  WORK_ORDER_STATES,
} from '@solarops/contracts';
import { fieldError, notFound } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { bearer } from '../../http/routeSchemas.ts';
import { oneFile } from '../../http/multipartBody.ts';
import { sendPdf } from '../../http/sendPdf.ts';
import { storeImage } from '../../http/storeImage.ts';
import { pagedList } from '../../http/listRoutes.ts';
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
import { errors, idParams, questionGuard, tags } from './routeGuards.ts';
import { ruleRoutes } from './ruleRoutes.ts';
import { slaRoutes } from './slaRoutes.ts';

const PNG = (b: Uint8Array) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;

/** Work orders from alarms (the `question` screen): docs/decisions/0014-work-orders.md. */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const { db, config, workOrderBus } = app.deps;
  const guard = questionGuard;

  pagedList(
    app,
    '/workorder/list',
    {
      preHandler: guard,
      tags,
      summary: 'Work orders of the caller’s plants, newest first, with where their SLA clock stands',
      security: bearer,
      querystring: workOrderQuery,
      row: workOrderRow,
      errors,
    },
    (request, window) =>
      listWorkOrders(db, callerOf(request), request.query, window, requestLanguage(request)),
  );

  app.get(
    '/workorder/assignees',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Users the caller may assign work orders to (of one order: those who see its plant)',
        security: bearer,
        querystring: workOrderAssigneesQuery,
        response: { 200: envelope(z.array(workOrderAssignee)), ...errors },
      },
    },
    async (request) => ok(await assignees(db, callerOf(request), request.query.workOrderId)),
  );

  app.get(
    '/workorder/notices',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'SLA warnings (80 % and 100 %) of the open orders assigned to the caller',
        security: bearer,
        response: { 200: envelope(z.array(workOrderNotice)), ...errors },
      },
    },
    async (request) => ok(await slaNotices(db, callerOf(request))),
  );

  await app.register(slaRoutes);
  await app.register(ruleRoutes);

  app.post(
    '/workorder',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Opens a work order for an alarm; 409 naming the open order when its device and code already have one',
        security: bearer,
        body: workOrderCreate,
        response: { 200: envelope(z.object({ id: z.number().int() })), ...errors },
      },
    },
    async (request) => {
      const id = await createFromAlarm(db, callerOf(request), request.body);
      request.auditTarget = `#${id}`;
      await announceWorkOrders(db, workOrderBus, [id]);
      return ok({ id });
    },
  );

  app.get(
    '/workorder/:id',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'One work order: timeline, evidence, alarm occurrences and the moves the caller may make',
        security: bearer,
        params: idParams,
        response: { 200: envelope(workOrderDetail), ...errors },
      },
    },
    async (request) => {
      const detail = await detailOf(db, callerOf(request), request.params.id, requestLanguage(request));
      if (!detail) throw notFound();
      return ok(detail);
    },
  );

  app.get(
    '/workorder/:id/report.pdf',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'The service report of one work order as a PDF in the caller’s language: the order, plant, device, ' +
          'alarm and occurrences, SLA, every move with who and when, notes, photos and the signature',
        security: bearer,
        params: idParams,
      },
    },
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

  app.post(
    '/workorder/:id/move',
    {
      preHandler: guard,
      schema: {
        tags,
        summary:
          'Moves a work order along its transition table: 409 when its state does not allow the move, ' +
          '403 when the caller is not the assignee or a supervisor as the move requires',
        security: bearer,
        params: idParams,
        body: workOrderMoveBody,
        response: { 200: envelope(z.object({ state: z.enum(WORK_ORDER_STATES) })), ...errors },
      },
    },
    async (request) => {
      request.auditTarget = `#${request.params.id} ${request.body.move}`;
      const state = await moveWorkOrder(db, callerOf(request), request.params.id, request.body);
      await announceWorkOrders(db, workOrderBus, [request.params.id]);
      return ok({ state });
    },
  );

  app.post(
    '/workorder/:id/notes',
    {
      preHandler: guard,
      schema: {
        tags,
        summary: 'Adds a note (the assignee or a supervisor, while the order is open)',
        security: bearer,
        params: idParams,
        body: workOrderNoteBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      request.auditTarget = `#${request.params.id}`;
      await addEvidence(db, callerOf(request), request.params.id, { kind: 'note', text: request.body.text });
      return ok(null);
    },
  );

  for (const kind of ['photo', 'signature'] as const) {
    app.post(
      `/workorder/:id/${kind}s`,
      {
        preHandler: guard,
        config: oneFile(WORK_ORDER_IMAGE_MAX_BYTES),
        schema: {
          tags,
          summary:
            kind === 'photo'
              ? 'Adds a photo (png, jpeg or webp; the console resizes it first)'
              : 'Adds the signature drawn on site (png)',
          consumes: ['multipart/form-data'],
          security: bearer,
          params: idParams,
          body: workOrderImageForm,
          response: { 200: emptyEnvelope, ...errors },
        },
      },
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
