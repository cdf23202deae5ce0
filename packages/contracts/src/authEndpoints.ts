import { emptyEnvelope, envelope } from './envelope.ts';
import { endpoint } from './endpoints.ts';
import { loginForm, loginResult, refreshForm, refreshResult } from './auth.ts';

/**
 * Signing in and out (`/authentication/*`): the sign-in form, sent as multipart with the console's client
 * credentials, and the sign-out of the signed-in user's session.
 */
export const AUTHENTICATION_ENDPOINTS = {
  signIn: endpoint({
    method: 'POST',
    path: '/authentication/form',
    consumes: 'multipart/form-data',
    body: loginForm,
    response: envelope(loginResult),
  }),
  signOut: endpoint({ method: 'POST', path: '/authentication/logout', response: emptyEnvelope }),
};

/** The exchange of a refresh token (`/oauth/token`), a plain form with the console's client credentials. */
export const OAUTH_ENDPOINTS = {
  refresh: endpoint({
    method: 'POST',
    path: '/oauth/token',
    consumes: 'application/x-www-form-urlencoded',
    body: refreshForm,
    response: envelope(refreshResult),
  }),
};
