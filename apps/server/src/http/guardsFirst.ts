import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

const guards = new WeakSet<Guard>();

/** Marks a hook as a guard (token, permission, client credentials): it needs no body and must run first. */
export function guard<T extends Guard>(fn: T): T {
  guards.add(fn);
  return fn;
}

const asList = <T>(v: T | T[] | undefined): T[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * `onRoute`: a route's guards, declared as `preHandler` like any other hook, run as `onRequest` instead, before the
 * body is read and validated. A caller without a token or permission then learns nothing about the schema and
 * cannot make the server read (or buffer) an upload.
 */
export function runGuardsFirst(route: RouteOptions): void {
  const preHandler = asList(route.preHandler as Guard | Guard[] | undefined);
  const first = preHandler.filter((h) => guards.has(h));
  if (first.length === 0) return;
  route.onRequest = [
    ...first,
    ...asList(route.onRequest as Guard | Guard[] | undefined),
  ] as RouteOptions['onRequest'];
  route.preHandler = preHandler.filter((h) => !guards.has(h)) as RouteOptions['preHandler'];
}
