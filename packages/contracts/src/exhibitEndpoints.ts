import { z } from 'zod';
import { idSchema } from './common.ts';
import { emptyEnvelope, envelope } from './envelope.ts';
import { endpoint } from './endpoints.ts';
import {
  createDisplayLinkBody,
  createdDisplayLink,
  displayLink,
  wallEquipment,
  wallOperation,
  wallOverview,
  wallStation,
} from './exhibit.ts';
import { powerCurve } from './plants.ts';

const idParams = z.object({ id: idSchema });

/**
 * The walls' calls (the `Exhibit` screens, with the user's session or a display link's token) and the display links
 * administrators hand out.
 */
export const EXHIBIT_ENDPOINTS = {
  overview: endpoint({ method: 'GET', path: '/exhibit/overview', response: envelope(wallOverview) }),
  station: endpoint({ method: 'GET', path: '/exhibit/station', response: envelope(wallStation) }),
  stationCurve: endpoint({
    method: 'GET',
    path: '/exhibit/station/:id/curve',
    params: idParams,
    response: envelope(powerCurve),
  }),
  equipment: endpoint({ method: 'GET', path: '/exhibit/equipment', response: envelope(wallEquipment) }),
  operation: endpoint({ method: 'GET', path: '/exhibit/operation', response: envelope(wallOperation) }),
  /** Server-sent events: `changed`, `revoked`. */
  stream: endpoint({ method: 'GET', path: '/exhibit/stream' }),
  links: endpoint({ method: 'GET', path: '/exhibit/links', response: envelope(z.array(displayLink)) }),
  createLink: endpoint({
    method: 'POST',
    path: '/exhibit/links',
    body: createDisplayLinkBody,
    response: envelope(createdDisplayLink),
  }),
  revokeLink: endpoint({
    method: 'DELETE',
    path: '/exhibit/links/:id',
    params: idParams,
    response: emptyEnvelope,
  }),
};
