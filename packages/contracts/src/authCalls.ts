import { callsOf } from './endpoints.ts';
import type { AUTHENTICATION_ENDPOINTS, OAUTH_ENDPOINTS } from './authEndpoints.ts';

/** The console's view of `AUTHENTICATION_ENDPOINTS` (method and path; the schemas as types only). */
export const AUTHENTICATION_CALLS = callsOf<typeof AUTHENTICATION_ENDPOINTS>()({
  signIn: { method: 'POST', path: '/authentication/form' },
  signOut: { method: 'POST', path: '/authentication/logout' },
});

/** The console's view of `OAUTH_ENDPOINTS` (method and path; the schemas as types only). */
export const OAUTH_CALLS = callsOf<typeof OAUTH_ENDPOINTS>()({
  refresh: { method: 'POST', path: '/oauth/token' },
});
