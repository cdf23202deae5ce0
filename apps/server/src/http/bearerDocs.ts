import type { EndpointRouteDoc } from './endpointRoute.ts';
import { bearer } from './routeSchemas.ts';

/**
 * Documents the routes of one tag called with the access token, so that each route states only its guard and
 * summary, and may add a config (an audit entry, an upload limit) and error answers beyond the tag's. One helper
 * for every module: the tag and its error answers are what differ between them.
 */
export const bearerDocs =
  (tags: string[], errors?: NonNullable<EndpointRouteDoc['errors']>) =>
  (
    preHandler: NonNullable<EndpointRouteDoc['preHandler']>,
    summary: string,
    more: Pick<EndpointRouteDoc, 'config' | 'errors'> = {},
  ): EndpointRouteDoc => ({
    preHandler,
    tags,
    security: bearer,
    summary,
    // A tag without error answers declares none, so that its routes' documented answers stay as they are.
    ...(errors || more.errors ? { errors: { ...errors, ...more.errors } } : {}),
    ...(more.config ? { config: more.config } : {}),
  });
