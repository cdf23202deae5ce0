import Fastify, { type FastifySchema } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { endpoint, pageOf } from '@solarops/contracts';
import type { EndpointRouteDoc } from './endpointRoute.ts';
import { listExport, pagedList } from './listRoutes.ts';

/**
 * A list of the endpoint map and its export take the route's whole documentation: what `endpointRoute` declares
 * from it (a description as well as the summary) is declared for them too.
 */
describe('the list recipes of the endpoint map', () => {
  const query = z.object({ pageSize: z.coerce.number().default(10) });
  const doc: EndpointRouteDoc = {
    preHandler: async () => undefined,
    tags: ['things'],
    summary: 'The things',
    description: 'What the summary leaves out',
    config: { audit: 'thing export' },
  };

  const declared = async (declare: (app: ReturnType<typeof appWithZod>) => void) => {
    const app = appWithZod();
    const schemas = new Map<string, FastifySchema | undefined>();
    app.addHook('onRoute', (route) => {
      if (route.method === 'GET') schemas.set(route.url, route.schema);
    });
    declare(app);
    await app.ready();
    await app.close();
    return schemas;
  };

  it('declares a list and its export with the description of their documentation', async () => {
    const schemas = await declared((app) => {
      pagedList(
        app,
        endpoint({
          method: 'GET',
          path: '/things/list',
          query,
          response: pageOf(z.object({ id: z.number() })),
        }),
        doc,
        async () => ({ total: 0, rows: [] }),
      );
      listExport(
        app,
        endpoint({ method: 'GET', path: '/things/export', query }),
        { ...doc, maxRows: 10, fileName: 'things.xlsx', workbook: async () => Buffer.alloc(0) },
        async () => ({ rows: [] }),
      );
    });
    expect(schemas.get('/things/list')).toMatchObject({ summary: doc.summary, description: doc.description });
    expect(schemas.get('/things/export')).toMatchObject({
      summary: doc.summary,
      description: doc.description,
    });
  });
});

function appWithZod() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}
