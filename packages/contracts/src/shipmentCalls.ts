import { callsOf } from './endpoints.ts';
import type { SHIPMENT_ENDPOINTS } from './shipmentEndpoints.ts';

/** The console's view of `SHIPMENT_ENDPOINTS` (method and path; the schemas as types only). */
export const SHIPMENT_CALLS = callsOf<typeof SHIPMENT_ENDPOINTS>()({
  template: { method: 'GET', path: '/shipment/template' },
  import: { method: 'POST', path: '/shipment/import' },
  shipments: { method: 'GET', path: '/shipment/list' },
  items: { method: 'GET', path: '/shipment/items' },
  export: { method: 'GET', path: '/shipment/export' },
});
