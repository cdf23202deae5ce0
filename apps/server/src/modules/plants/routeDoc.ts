import type { EndpointRouteDoc } from '../../http/endpointRoute.ts';
import { bearer } from '../../http/routeSchemas.ts';

/**
 * A station route's documentation (plants, follows, and the devices module's devices and collectors): its guard and
 * summary (and its config: an upload's, an audit entry).
 */
export const stationDoc = (
  preHandler: NonNullable<EndpointRouteDoc['preHandler']>,
  summary: string,
  config?: EndpointRouteDoc['config'],
): EndpointRouteDoc => ({
  preHandler,
  tags: ['station'],
  security: bearer,
  summary,
  ...(config ? { config } : {}),
});
