import type { FastifyReply, FastifyRequest } from 'fastify';
import { idSchema } from '@solarops/contracts';
import { z } from 'zod';
import { forbidden } from '../../http/AppError.ts';
import { guard as asGuard } from '../../http/guardsFirst.ts';
import { errorAnswers } from '../../http/routeSchemas.ts';
import { callerOf, requirePermission } from '../auth/guards.ts';
import { seesAll } from '../users/dataScope.ts';

/** What the work-order route files share: their guards, tags, error answers and id parameter. */

/** The `question` screen's calls. */
export const questionGuard = requirePermission('question');

/** SLA targets and rules are the platform's: administrators and staff set them. */
export const settingsGuard = asGuard(async (request: FastifyRequest, reply: FastifyReply) => {
  await questionGuard(request, reply);
  if (!seesAll(callerOf(request))) throw forbidden();
});

export const tags = ['workOrders'];
export const errors = errorAnswers(400, 401, 403, 404, 409, 413);
export const idParams = z.object({ id: idSchema });
