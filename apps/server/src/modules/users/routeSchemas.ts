import type { EndpointRouteDoc } from '../../http/endpointRoute.ts';
import { bearer, errorAnswers } from '../../http/routeSchemas.ts';

/** What the users route files share: their tag, their error answers and how they document a route. */

export const tags = ['users'];
export const errors = errorAnswers(400, 401, 403, 404, 409, 429);

/**
 * Documents the routes of one tag called with the access token: each states its guard and summary, and may add a
 * config (an audit entry, an upload limit) and error answers beyond the tag's.
 */
export const bearerDocs =
  (tags: string[], errors: NonNullable<EndpointRouteDoc['errors']>) =>
  (
    preHandler: EndpointRouteDoc['preHandler'],
    summary: string,
    more: Pick<EndpointRouteDoc, 'config' | 'errors'> = {},
  ): EndpointRouteDoc => ({
    preHandler,
    tags,
    security: bearer,
    summary,
    errors: { ...errors, ...more.errors },
    ...(more.config ? { config: more.config } : {}),
  });

/** A users route's documentation. */
export const signedInDoc = bearerDocs(tags, errors);
