import type { FastifyReply, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Endpoint } from '@solarops/contracts';

/**
 * A route declared from its entry in the contracts' endpoint map: method, path, parameters, query, body and answer
 * come from the entry, which the console calls through too; the route adds what only the server knows (its guard,
 * its documentation, its error answers) and its handler.
 */

type App = Parameters<FastifyPluginAsyncZod>[0];
type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
type Parsed<S> = S extends z.ZodType ? z.output<S> : unknown;

/** A request as the entry's schemas parse it. */
export type EndpointRequest<E extends Endpoint> = FastifyRequest<{
  Params: Parsed<E['params']>;
  Querystring: Parsed<E['query']>;
  Body: Parsed<E['body']>;
  Headers: Parsed<E['headers']>;
}>;

/** What a handler answers: the entry's answer, or the reply it sent itself (a file). */
type Answer<E extends Endpoint> = E['response'] extends z.ZodType ? z.input<E['response']> : FastifyReply;

export interface EndpointRouteDoc {
  /** Its guard; absent only on a route everyone may call, before sign-in too (then without `security`). */
  preHandler?: Guard;
  tags: string[];
  /** Who may call it: a signed-in user (`bearer`), or the console itself by its client credentials (`client`). */
  security?: ({ bearer: never[] } | { client: never[] })[];
  summary: string;
  /** What the summary leaves out: the answers of a refusal, a limit. */
  description?: string;
  /** The error answers it declares (`errorAnswers` of routeSchemas.ts). */
  errors?: Record<number, z.ZodType>;
  /** Route config: a rate limit, an audit entry. */
  config?: Record<string, unknown>;
}

/** Every entry a route was declared from (read by the test that the map and the routes agree). */
export const declaredEndpoints = new WeakSet<Endpoint>();

/** Declares the route of `endpoint`. */
export function endpointRoute<E extends Endpoint>(
  app: App,
  endpoint: E,
  doc: EndpointRouteDoc,
  handler: (request: EndpointRequest<E>, reply: FastifyReply) => Promise<Answer<E>>,
): void {
  declaredEndpoints.add(endpoint);
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(doc.preHandler ? { preHandler: doc.preHandler } : {}),
    ...(doc.config ? { config: doc.config } : {}),
    schema: {
      tags: doc.tags,
      ...(doc.security ? { security: doc.security } : {}),
      summary: doc.summary,
      ...(doc.description ? { description: doc.description } : {}),
      ...(endpoint.consumes ? { consumes: [endpoint.consumes] } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.response || doc.errors
        ? { response: { ...(endpoint.response ? { 200: endpoint.response } : {}), ...doc.errors } }
        : {}),
    },
    handler: handler as unknown as RouteHandlerMethod,
  });
}
