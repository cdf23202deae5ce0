import path from 'node:path';
import fp from 'fastify-plugin';
import QRCode from 'qrcode';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MANUAL_ENDPOINTS as MANUALS, MANUAL_MAX_BYTES_DEFAULT, errorEnvelope } from '@solarops/contracts';
import { forbidden, notFound } from '../../http/AppError.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { bearerDocs } from '../../http/bearerDocs.ts';
import { ok } from '../../http/envelope.ts';
import { guard as asGuard } from '../../http/guardsFirst.ts';
import { keepSpooledFile, oneFileToDisk } from '../../http/multipartBody.ts';
import { publicOrigin } from '../../http/publicOrigin.ts';
import { pagedList } from '../../http/listRoutes.ts';
import { bearer, errorAnswers } from '../../http/routeSchemas.ts';
import { callerOf, requirePermission } from '../auth/guards.ts';
import { seesAll } from '../users/dataScope.ts';
import { listManuals, manualById, versionFile, versionsOf } from './queries.ts';
import { sendManualFile } from './sendManualFile.ts';
import {
  deleteManual,
  deleteManualVersion,
  MANUALS_INCOMING,
  manualAddress,
  uploadManual,
} from './service.ts';

const errors = errorAnswers(400, 401, 403, 404);
const tags = ['manuals'];

/**
 * The `manual` screen's calls: manuals per device model and language, each upload a new version, the QR code of
 * each manual's public address (`addressRoutes.ts`). Every role with the screen reads and downloads; only the
 * manufacturer's side (administrators and staff, who see everything) uploads and deletes (decision 0015). Every
 * route is declared from its entry in the contracts' endpoint map (`MANUAL_ENDPOINTS`), which the console calls
 * through.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const maxBytes = config.manualMaxBytes ?? MANUAL_MAX_BYTES_DEFAULT;
  const guard = requirePermission('manual');
  const editGuard = asGuard(async (request: FastifyRequest, reply: FastifyReply) => {
    await guard(request, reply);
    if (!seesAll(callerOf(request))) throw forbidden();
  });
  const doc = bearerDocs(tags, errors);

  pagedList(
    app,
    MANUALS.list,
    doc(
      guard,
      'Manuals with their newest version, filtered by name, device model and language; newest first',
    ),
    async (request, window) => {
      const { total, rows } = await listManuals(db, request.query, window);
      const origin = publicOrigin(request, config.publicUrl);
      return {
        total,
        rows: rows.map((r) => ({ ...r, address: manualAddress(origin, r.model, r.language) })),
      };
    },
  );

  endpointRoute(
    app,
    MANUALS.upload,
    {
      ...doc(
        editGuard,
        'Upload a manual (`file`: PDF, png, jpeg or webp, told by its content) for a device model and language; ' +
          'the next version of that manual when one exists',
      ),
      errors: { ...errors, 413: errorEnvelope },
      config: oneFileToDisk(maxBytes, path.join(config.filesDir, MANUALS_INCOMING)),
    },
    async (request) => {
      const { file, ...fields } = request.body;
      request.auditTarget = `${fields.model} ${fields.language}`;
      return ok(
        await uploadManual(db, config.filesDir, fields, file, callerOf(request).userCode, (target) =>
          keepSpooledFile(request, file, target),
        ),
      );
    },
  );

  endpointRoute(
    app,
    MANUALS.versions,
    doc(guard, 'Every version of a manual, the newest first'),
    async (request) => {
      const versions = await versionsOf(db, request.params.id);
      if (versions.length === 0) throw notFound();
      return ok(versions);
    },
  );

  endpointRoute(
    app,
    MANUALS.versionFile,
    {
      preHandler: guard,
      tags,
      security: bearer,
      summary: 'Download one version of a manual (old versions stay downloadable here)',
    },
    async (request, reply) => {
      const file = await versionFile(db, request.params.id);
      if (!file) throw notFound();
      return sendManualFile(reply, config.filesDir, file, 'attachment');
    },
  );

  endpointRoute(
    app,
    MANUALS.qr,
    {
      preHandler: guard,
      tags,
      security: bearer,
      summary: "The QR code of a manual's public address, as a PNG or an SVG file for labels",
    },
    async (request, reply) => {
      const manual = await manualById(db, request.params.id);
      if (!manual) throw notFound();
      const address = manualAddress(publicOrigin(request, config.publicUrl), manual.model, manual.language);
      const name = `manual-${manual.model}-${manual.language}-qr.${request.query.format}`;
      // Level M (15 % of the code may be damaged) and the standard quiet zone of 4 modules: a label that is
      // scuffed or photographed at an angle still reads.
      const options = { errorCorrectionLevel: 'M', margin: 4 } as const;
      reply.header('content-disposition', `attachment; filename="${name}"`);
      if (request.query.format === 'svg')
        return reply.type('image/svg+xml').send(await QRCode.toString(address, { ...options, type: 'svg' }));
      return reply
        .type('image/png')
        .send(await QRCode.toBuffer(address, { ...options, type: 'png', width: 512 }));
    },
  );

  endpointRoute(
    app,
    MANUALS.remove,
    doc(editGuard, 'Delete a manual with all its versions (its address answers 404 afterwards)'),
    async (request) => {
      request.auditTarget = `manual ${request.params.id}`;
      if (!(await deleteManual(db, config.filesDir, request.params.id))) throw notFound();
      return ok(null);
    },
  );

  endpointRoute(
    app,
    MANUALS.removeVersion,
    doc(editGuard, 'Delete one version of a manual (the address then serves the newest one left)'),
    async (request) => {
      request.auditTarget = `manual version ${request.params.id}`;
      if (!(await deleteManualVersion(db, config.filesDir, request.params.id))) throw notFound();
      return ok(null);
    },
  );
};

export const manualsModule = fp(plugin, {
  name: 'manuals',
  encapsulate: true,
  dependencies: ['audit', 'auth'],
});
