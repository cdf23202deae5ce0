import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, errorEnvelope, ivDiagnoseBody, ivDiagnosisResult } from '@solarops/contracts';
import { ok } from '../../http/envelope.ts';
import { requestLanguage } from '../../http/language.ts';
import { requirePermission } from '../auth/guards.ts';
import { diagnoseForApi } from './diagnose.ts';

const errors = { 400: errorEnvelope, 401: errorEnvelope, 403: errorEnvelope };

/** IV-curve diagnosis (the `diagnosis` screens) and its open door for curves from any tracer. */
const plugin: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/iv/diagnose',
    {
      preHandler: requirePermission('diagnosis'),
      schema: {
        tags: ['iv'],
        summary:
          'Diagnose one IV curve from any tracer: key points at STC (IEC 60891), performance factor, fault class with confidence, advice',
        security: [{ bearer: [] }],
        body: ivDiagnoseBody,
        response: { 200: envelope(ivDiagnosisResult), ...errors },
      },
    },
    async (request) => ok(diagnoseForApi(request.body, requestLanguage(request))),
  );
};

export const ivModule = fp(plugin, { name: 'iv', encapsulate: true, dependencies: ['audit', 'auth'] });
