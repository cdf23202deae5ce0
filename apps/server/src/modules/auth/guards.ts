import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ROLE, type RouteName } from '@solarops/contracts';
import { forbidden, sessionRevoked, unauthorized } from '../../http/AppError.ts';
import { guard } from '../../http/guardsFirst.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import type { AuthContext } from './AuthContext.ts';
import { verifyAccessToken } from './tokens.ts';

/** The caller's account and session, as `authenticate` reads them. */
interface SessionRow {
  user_code: string;
  role_id: number;
  dealercode: string | null;
  enabled: boolean;
  status: string;
  menu_list: string[];
  revoked_reason: string | null;
}

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
  // Raw SQL, read by hand: this runs on every request, and the query builder's work cost more than the query.
  const [row] = await rowsOf<SessionRow>(
    db,
    sql`select u.user_code, u.role_id, u.dealercode, u.enabled, u.status, r.menu_list, s.revoked_reason
      from session_families s join users u on u.id = s.user_id join roles r on r.id = u.role_id
      where s.id = ${claims.sid} and u.id = ${claims.userId}`,
  );
  if (!row) throw unauthorized();
  if (!row.enabled || row.status !== 'active') throw sessionRevoked();
  if (row.revoked_reason === 'disabled' || row.revoked_reason === 'password') throw sessionRevoked();
  if (row.revoked_reason) throw unauthorized();
  request.auth = {
    userId: claims.userId,
    userCode: row.user_code,
    roleId: row.role_id,
    dealercode: row.dealercode,
    menuList: row.menu_list,
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
