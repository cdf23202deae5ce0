import type { EndpointRouteDoc } from '../../http/endpointRoute.ts';
import { bearer } from '../../http/routeSchemas.ts';

/** An alarm route's documentation: its guard and summary (and its config: an audit entry). */
export const alarmDoc = (
  preHandler: EndpointRouteDoc['preHandler'],
  summary: string,
  config?: EndpointRouteDoc['config'],
): EndpointRouteDoc => ({
  preHandler,
  tags: ['alarms'],
  security: bearer,
  summary,
  ...(config ? { config } : {}),
});
