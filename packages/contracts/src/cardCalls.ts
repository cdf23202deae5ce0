import { callsOf } from './endpoints.ts';
import type { CARD_ENDPOINTS } from './cardEndpoints.ts';

/** The console's view of `CARD_ENDPOINTS` (method and path; the schemas as types only). */
export const CARD_CALLS = callsOf<typeof CARD_ENDPOINTS>()({
  list: { method: 'GET', path: '/card/list' },
  export: { method: 'GET', path: '/card/export' },
  add: { method: 'POST', path: '/card/add' },
  usage: { method: 'GET', path: '/card/:id/usage' },
});
