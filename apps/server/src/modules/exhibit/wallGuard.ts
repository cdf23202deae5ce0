import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ExhibitScreen } from '@solarops/contracts';
import { AppError, unauthorized } from '../../http/AppError.ts';
import { guard } from '../../http/guardsFirst.ts';
import { callerOf, requirePermission } from '../auth/guards.ts';
import type { Caller } from '../plants/plantScope.ts';
import { displayLinkViewer } from './displayLinks.ts';

/** Who reads a wall: a signed-in user, or a display link's account (`linkId` set) with no session at all. */
export interface WallViewer {
  caller: Caller;
  linkId?: number;
}

const viewers = new WeakMap<FastifyRequest, WallViewer>();

/**
 * Guard of the wall calls: `Authorization: Display <token>` is a display link (401 `exhibit.linkRefused` when it is
 * unknown, expired or revoked); anything else is a signed-in user who needs one of the `screens` in the menu list.
 * A display token is accepted here only, so that it can read the walls and call nothing else.
 */
export function wallGuard(...screens: ExhibitScreen[]) {
  const signedIn = requirePermission(...screens);
  return guard(async (request: FastifyRequest, reply: FastifyReply) => {
    const token = /^display\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    if (!token) {
      await signedIn(request, reply);
      viewers.set(request, { caller: callerOf(request) });
      return;
    }
    const viewer = await displayLinkViewer(request.server.deps.db, token, request.ip);
    if (!viewer) throw new AppError(401, 'exhibit.linkRefused');
    viewers.set(request, { caller: viewer, linkId: viewer.linkId });
  });
}

/** The viewer of a call guarded by `wallGuard`. */
export function wallViewerOf(request: FastifyRequest): WallViewer {
  const viewer = viewers.get(request);
  if (!viewer) throw unauthorized();
  return viewer;
}
