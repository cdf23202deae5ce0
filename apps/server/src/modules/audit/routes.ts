import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordOperation } from './recordOperation.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Operation-log entry of this route: an action name to log a GET that writes (enable, disable, bind), or
     * false for a write that logs itself (sign-in). Other writes (POST, PUT, PATCH, DELETE) are logged anyway.
     */
    audit?: string | false;
  }
  interface FastifyRequest {
    /** What the call acted on (a userCode, a plant id), for the operation log. */
    auditTarget: string | undefined;
  }
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const targetOf = (request: { query: unknown; body: unknown }): string | undefined => {
  for (const source of [request.body, request.query]) {
    if (source && typeof source === 'object') {
      const s = source as Record<string, unknown>;
      for (const k of ['userCode', 'userId', 'id', 'sn', 'email']) {
        const v = s[k];
        if (typeof v === 'string' || typeof v === 'number') return String(v);
      }
    }
  }
  return undefined;
};

/**
 * Records every write in the operation log (who, what, target, when, IP, result), through one onResponse hook on
 * the whole API: modules do nothing to be audited. Not encapsulated, so the hook reaches every module after it.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('auditTarget', undefined);
  app.addHook('onResponse', async (request, reply) => {
    const audit = request.routeOptions.config.audit;
    if (audit === false) return;
    if (!WRITE_METHODS.has(request.method) && typeof audit !== 'string') return;
    try {
      await recordOperation(app.deps.db, {
        userId: request.auth?.userId ?? null,
        userCode: request.auth?.userCode ?? null,
        action: audit ?? `${request.method} ${request.routeOptions.url ?? request.url}`,
        method: request.method,
        path: request.url.split('?')[0] ?? request.url,
        target: request.auditTarget ?? targetOf(request) ?? null,
        ip: request.ip,
        status: reply.statusCode,
      });
    } catch (err) {
      request.log.error({ err }, 'operation log write failed');
    }
  });
};

export const auditModule = fp(plugin, { name: 'audit' });
