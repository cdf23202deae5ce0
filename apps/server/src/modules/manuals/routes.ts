import path from 'node:path';
import fp from 'fastify-plugin';
import QRCode from 'qrcode';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emptyEnvelope,
  envelope,
  errorEnvelope,
  idSchema,
  MANUAL_MAX_BYTES_DEFAULT,
  manualListQuery,
  manualQrQuery,
  manualRow,
  manualUploadFields,
  manualVersionRow,
  spooledFile,
} from '@solarops/contracts';
import { forbidden, notFound } from '../../http/AppError.ts';
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
const idParams = z.object({ id: idSchema });

/**
 * The `manual` screen's calls: manuals per device model and language, each upload a new version, the QR code of
 * each manual's public address (`addressRoutes.ts`). Every role with the screen reads and downloads; only the
 * manufacturer's side (administrators and staff, who see everything) uploads and deletes (decision 0015).
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;
  const maxBytes = config.manualMaxBytes ?? MANUAL_MAX_BYTES_DEFAULT;
  const guard = requirePermission('manual');
  const editGuard = asGuard(async (request: FastifyRequest, reply: FastifyReply) => {
    await guard(request, reply);
    if (!seesAll(callerOf(request))) throw forbidden();
  });

  pagedList(
    app,
    '/manual/list',
    {
      preHandler: guard,
      tags,
      security: bearer,
      summary: 'Manuals with their newest version, filtered by name, device model and language; newest first',
      querystring: manualListQuery,
      row: manualRow,
      errors,
    },
    async (request, window) => {
      const { total, rows } = await listManuals(db, request.query, window);
      const origin = publicOrigin(request, config.publicUrl);
      return {
        total,
        rows: rows.map((r) => ({ ...r, address: manualAddress(origin, r.model, r.language) })),
      };
    },
  );

  app.post(
    '/manual/upload',
    {
      preHandler: editGuard,
      config: oneFileToDisk(maxBytes, path.join(config.filesDir, MANUALS_INCOMING)),
      schema: {
        tags,
        security: bearer,
        summary:
          'Upload a manual (`file`: PDF, png, jpeg or webp, told by its content) for a device model and language; ' +
          'the next version of that manual when one exists',
        consumes: ['multipart/form-data'],
        body: manualUploadFields.extend({ file: spooledFile }),
        response: {
          200: envelope(
            z.object({ manualId: z.number().int(), versionId: z.number().int(), version: z.number().int() }),
          ),
          ...errors,
          413: errorEnvelope,
        },
      },
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

  app.get(
    '/manual/:id/versions',
    {
      preHandler: guard,
      schema: {
        tags,
        security: bearer,
        summary: 'Every version of a manual, the newest first',
        params: idParams,
        response: { 200: envelope(z.array(manualVersionRow)), ...errors },
      },
    },
    async (request) => {
      const versions = await versionsOf(db, request.params.id);
      if (versions.length === 0) throw notFound();
      return ok(versions);
    },
  );

  app.get(
    '/manual/version/:id/file',
    {
      preHandler: guard,
      schema: {
        tags,
        security: bearer,
        summary: 'Download one version of a manual (old versions stay downloadable here)',
        params: idParams,
      },
    },
    async (request, reply) => {
      const file = await versionFile(db, request.params.id);
      if (!file) throw notFound();
      return sendManualFile(reply, config.filesDir, file, 'attachment');
    },
  );

  app.get(
    '/manual/:id/qr',
    {
      preHandler: guard,
      schema: {
        tags,
        security: bearer,
        summary: "The QR code of a manual's public address, as a PNG or an SVG file for labels",
        params: idParams,
        querystring: manualQrQuery,
      },
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

  app.delete(
    '/manual/:id',
    {
      preHandler: editGuard,
      schema: {
        tags,
        security: bearer,
        summary: 'Delete a manual with all its versions (its address answers 404 afterwards)',
        params: idParams,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      request.auditTarget = `manual ${request.params.id}`;
      if (!(await deleteManual(db, config.filesDir, request.params.id))) throw notFound();
      return ok(null);
    },
  );

  app.delete(
    '/manual/version/:id',
    {
      preHandler: editGuard,
      schema: {
        tags,
        security: bearer,
        summary: 'Delete one version of a manual (the address then serves the newest one left)',
        params: idParams,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
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
