import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../http/deps.ts';
import { verifyAccessToken } from '../auth/tokens.ts';
import { users } from '../users/tables.ts';
import { GroupQueue } from '../../db/GroupQueue.ts';
import { recordOperations, type OperationEntry } from './recordOperation.ts';

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

/**
 * The caller of a write refused before its guard ran (a 400 from validation): the token's signature is checked, its
 * session is not, since this only names who tried.
 */
async function identify(deps: AppDeps, authorization: string | undefined) {
  const token = /^bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const claims = token ? await verifyAccessToken(deps.signingKey, token) : undefined;
  if (!claims) return undefined;
  const [u] = await deps.db
    .select({ userCode: users.userCode })
    .from(users)
    .where(eq(users.id, claims.userId));
  return u ? { userId: claims.userId, userCode: u.userCode } : undefined;
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
 * Records every write in the operation log (who, what, target, when, IP, result), through one onSend hook on
 * the whole API: modules do nothing to be audited. Not encapsulated, so the hook reaches every module after it.
 * The entries of writes answered meanwhile are stored together (`GroupQueue`): one INSERT for a burst of
 * requests instead of one each.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  app.decorateRequest('auditTarget', undefined);
  const entries = new GroupQueue<OperationEntry, void>(async (group) => {
    await recordOperations(app.deps.db, group);
    return group.map(() => undefined);
  });
  // onSend, not onResponse: the entry is written before the caller gets the answer, so a caller that saw its write
  // succeed also finds it in the log.
  app.addHook('onSend', async (request, reply, payload) => {
    const audit = request.routeOptions.config.audit;
    if (audit === false) return payload;
    if (!WRITE_METHODS.has(request.method) && typeof audit !== 'string') return payload;
    try {
      const who = request.auth ?? (await identify(app.deps, request.headers.authorization));
      await entries.add({
        userId: who?.userId ?? null,
        userCode: who?.userCode ?? null,
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
    return payload;
  });
};

export const auditModule = fp(plugin, { name: 'audit' });
