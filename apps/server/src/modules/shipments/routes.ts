import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { SHIPMENT_ENDPOINTS as SHIPMENTS, SHIPMENT_MAX_BYTES } from '@solarops/contracts';
import { forbidden } from '../../http/AppError.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { callerOf, requirePermission } from '../auth/guards.ts';
import { seesAll } from '../users/dataScope.ts';
import { importShipment, listShipmentItems, listShipments } from './service.ts';
import { shipmentItemsWorkbook, shipmentTemplate } from './shipmentWorkbook.ts';
import { sendXlsx } from '../../http/sendXlsx.ts';
import { oneFile } from '../../http/multipartBody.ts';
import { guard as asGuard } from '../../http/guardsFirst.ts';
import { listExport, pagedList } from '../../http/listRoutes.ts';
import { bearer, errorAnswers } from '../../http/routeSchemas.ts';

const errors = errorAnswers(400, 401, 403, 413);
const tags = ['shipments'];
/** Most items one export holds. */
const EXPORT_MAX_ROWS = 50_000;

/**
 * Shipment import (the `shipment` screen): the factory's file of collectors and devices sent to distributors. Every
 * route is declared from its entry in the contracts' endpoint map (`SHIPMENT_ENDPOINTS`), which the console calls
 * through.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const guard = requirePermission('shipment');
  /** Distributors see what was shipped to them; only the factory side (administrators, staff) imports. */
  const importGuard = asGuard(async (request: FastifyRequest, reply: FastifyReply) => {
    await guard(request, reply);
    if (!seesAll(callerOf(request))) throw forbidden();
  });

  endpointRoute(
    app,
    SHIPMENTS.template,
    { preHandler: guard, tags, summary: 'The .xlsx template of a shipment file', security: bearer },
    async (request, reply) =>
      sendXlsx(reply, 'shipment-template.xlsx', await shipmentTemplate(requestLanguage(request))),
  );

  endpointRoute(
    app,
    SHIPMENTS.import,
    {
      preHandler: importGuard,
      config: oneFile(SHIPMENT_MAX_BYTES),
      tags,
      summary:
        'Import a shipment file: `mode=all` stores nothing when a row is bad, `goodRows` stores the good rows; ' +
        'the answer reports each bad row and the secrets issued to new collectors',
      security: bearer,
      errors,
    },
    async (request) => {
      const caller = callerOf(request);
      request.auditTarget = request.body.file.filename;
      return ok(
        await importShipment(
          db,
          app.deps.brokerAccounts,
          caller,
          request.body.file,
          request.body.mode,
          requestLanguage(request),
        ),
      );
    },
  );

  pagedList(
    app,
    SHIPMENTS.shipments,
    { preHandler: guard, tags, summary: 'Imported shipment files, newest first', security: bearer, errors },
    (request, window) => listShipments(db, callerOf(request), window),
  );

  pagedList(
    app,
    SHIPMENTS.items,
    {
      preHandler: guard,
      tags,
      summary: 'Shipped collectors and devices; a distributor sees those shipped to it',
      security: bearer,
      errors,
    },
    (request, window) => listShipmentItems(db, callerOf(request), request.query, window),
  );

  listExport(
    app,
    SHIPMENTS.export,
    {
      preHandler: guard,
      config: { audit: 'shipment export' },
      tags,
      summary: 'Shipped items as an .xlsx workbook, with the same filters as the list',
      security: bearer,
      maxRows: EXPORT_MAX_ROWS,
      fileName: 'shipments.xlsx',
      workbook: shipmentItemsWorkbook,
    },
    (request, window) => listShipmentItems(db, callerOf(request), request.query, window),
  );
};

export const shipmentsModule = fp(plugin, {
  name: 'shipments',
  encapsulate: true,
  dependencies: ['audit', 'auth'],
});
