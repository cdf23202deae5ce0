import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../../http/AppError.ts';
import type { EndpointRouteDoc } from '../../http/endpointRoute.ts';
import { guard as asGuard } from '../../http/guardsFirst.ts';
import { bearer, errorAnswers } from '../../http/routeSchemas.ts';
import { callerOf, requirePermission } from '../auth/guards.ts';
import { seesAll } from '../users/dataScope.ts';

/** What the work-order route files share: their guards, tags and error answers. */

/** The `question` screen's calls. */
export const questionGuard = requirePermission('question');

/** SLA targets and rules are the platform's: administrators and staff set them. */
export const settingsGuard = asGuard(async (request: FastifyRequest, reply: FastifyReply) => {
  await questionGuard(request, reply);
  if (!seesAll(callerOf(request))) throw forbidden();
});

export const tags = ['workOrders'];
export const errors = errorAnswers(400, 401, 403, 404, 409, 413);

/** A work-order route's documentation: its guard and summary, with the error answers they all declare. */
export const doc = (
  preHandler: EndpointRouteDoc['preHandler'],
  summary: string,
  rest: Pick<EndpointRouteDoc, 'config' | 'errors'> = { errors },
): EndpointRouteDoc => ({ preHandler, tags, security: bearer, summary, ...rest });
