import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelope, errorEnvelope } from '@solarops/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';

/** How long readiness waits for the database before answering 503. */
const READY_TIMEOUT_MS = 2000;

const status = envelope(z.object({ status: z.literal('ok') }));

const plugin: FastifyPluginAsyncZod = async (app) => {
  /** One `select 1`, refused with 503 when the database does not answer in time. */
  const databaseAnswers = async () => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new AppError(503, 'serviceUnavailable')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([app.deps.db.execute(sql`select 1`), timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  app.get(
    '/health/live',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (a supervisor restarts it when this fails)',
        response: { 200: status },
      },
    },
    async () => ok({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        tags: ['system'],
        summary:
          'Readiness: the database answers; 503 while it cannot be reached (take out of the load balancer)',
        response: { 200: status, 503: errorEnvelope },
      },
    },
    async () => {
      await databaseAnswers();
      return ok({ status: 'ok' as const });
    },
  );

  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Readiness, by its first name (kept for existing load balancer checks)',
        response: { 200: status, 503: errorEnvelope },
      },
    },
    async () => {
      await databaseAnswers();
      return ok({ status: 'ok' as const });
    },
  );
};

export const healthModule = fp(plugin, { name: 'health', encapsulate: true });
