import fp from 'fastify-plugin';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelope } from '@solarops/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';

const plugin: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and database reachability (for load balancers)',
        response: { 200: envelope(z.object({ status: z.literal('ok') })) },
      },
    },
    async () => {
      await app.deps.db.execute(sql`select 1`);
      return ok({ status: 'ok' as const });
    },
  );
};

export const healthModule = fp(plugin, { name: 'health', encapsulate: true });
