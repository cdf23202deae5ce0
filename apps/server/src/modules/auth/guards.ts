import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLE, type RouteName } from '@solarops/contracts';
import { forbidden, sessionRevoked, unauthorized } from '../../http/AppError.ts';
import { guard } from '../../http/guardsFirst.ts';
import { roles, users } from '../users/tables.ts';
import type { AuthContext } from './AuthContext.ts';
import { sessionFamilies } from './tables.ts';
import { verifyAccessToken } from './tokens.ts';

/**
 * Guard (declared as `preHandler`, run as `onRequest`: http/guardsFirst.ts): checks the access token (`Authorization: bearer <token>`) and the session behind it, then sets
 * `request.auth`. 401 when the token is missing, bad, expired or its session ended by logout or reuse; 401 with
 * code 50012 when the session was revoked elsewhere (password changed, account disabled).
 */
export const authenticate = guard(async function authenticate(
  request: FastifyRequest,
  _reply?: FastifyReply,
): Promise<void> {
  if (request.auth) return;
  const header = request.headers.authorization ?? '';
  const match = /^bearer\s+(\S+)$/i.exec(header);
  if (!match?.[1]) throw unauthorized();
  const { db, signingKey } = request.server.deps;
  const claims = await verifyAccessToken(signingKey, match[1]);
  if (!claims) throw unauthorized();
  const [row] = await db
    .select({
      userCode: users.userCode,
      roleId: users.roleId,
      dealercode: users.dealercode,
      enabled: users.enabled,
      status: users.status,
      menuList: roles.menuList,
      revokedReason: sessionFamilies.revokedReason,
    })
    .from(sessionFamilies)
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(sessionFamilies.id, claims.sid), eq(users.id, claims.userId)));
  if (!row) throw unauthorized();
  if (!row.enabled || row.status !== 'active') throw sessionRevoked();
  if (row.revokedReason === 'disabled' || row.revokedReason === 'password') throw sessionRevoked();
  if (row.revokedReason) throw unauthorized();
  request.auth = {
    userId: claims.userId,
    userCode: row.userCode,
    roleId: row.roleId,
    dealercode: row.dealercode,
    menuList: row.menuList,
    sid: claims.sid,
  };
});

/** True when the caller's role lists one of `routeNames` (administrators always pass, so they cannot lock out). */
export const hasPermission = (auth: AuthContext, ...routeNames: RouteName[]) =>
  auth.roleId === ROLE.admin || routeNames.some((n) => auth.menuList.includes(n));

/**
 * Guard: authenticates, then requires one of the route names in the caller's menu list (ARCHITECTURE §4: a
 * hidden menu item is also a refused call). 403 otherwise.
 */
export function requirePermission(...routeNames: RouteName[]) {
  return guard(async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticate(request, reply);
    if (!hasPermission(callerOf(request), ...routeNames)) throw forbidden();
  });
}

/**
 * Guard of a call whose body names the screen it serves (`route`): one of the screens the body may name, checked
 * before the body is read, so that a caller with none of them gets 403 whatever it sends.
 */
export const requireScreenOf = (body: { shape: { route: { options: readonly string[] } } }) =>
  requirePermission(...(body.shape.route.options as RouteName[]));

/**
 * The screen named in a request is the permission it needs (a hidden menu item is also a refused call). The guard
 * let through a caller holding one of the screens the body may name; which one it names is known once it is read.
 */
export function requireRoute(caller: AuthContext, route: RouteName): void {
  if (!hasPermission(caller, route)) throw forbidden();
}

/** Guard: authenticates, then requires one of the roles. */
export function requireRole(...roleIds: number[]) {
  return guard(async (request: FastifyRequest, reply: FastifyReply) => {
    await authenticate(request, reply);
    if (!roleIds.includes(callerOf(request).roleId)) throw forbidden();
  });
}

/** The authenticated caller of a route guarded by `authenticate` or `requirePermission`. */
export function callerOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
