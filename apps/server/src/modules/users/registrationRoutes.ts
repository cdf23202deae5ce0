import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { USER_ENDPOINTS as USER } from '@solarops/contracts';
import { ok } from '../../http/envelope.ts';
import { endpointRoute, type EndpointRouteDoc } from '../../http/endpointRoute.ts';
import { requireClient } from '../auth/clientAuth.ts';
import { issueEmailCode } from '../auth/emailCodes.ts';
import { callerOf, requirePermission } from '../auth/guards.ts';
import { forgetPassword, registerEnterprise, registerTerminal } from './registration.ts';
import { auditEnterprise, listEnterprises } from './enterpriseAudit.ts';
import { pagedList } from '../../http/listRoutes.ts';
import { client } from '../../http/routeSchemas.ts';
import { errors, signedInDoc, tags } from './routeSchemas.ts';

/**
 * Sign-up and recovery before sign-in (the app's client credentials), and the audit of enterprise sign-ups; declared
 * from their entries in the contracts' endpoint map (`USER_ENDPOINTS`).
 */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Sign-up and recovery are limited like sign-in: each call may mail someone or create an account.
  const perMinute = { rateLimit: { max: deps.config.loginRateLimitPerMinute, timeWindow: 60_000 } };

  /** A call before sign-in with the console's client credentials. */
  const withClient = (summary: string, config: EndpointRouteDoc['config']): EndpointRouteDoc => ({
    preHandler: requireClient,
    tags,
    security: client,
    summary,
    errors,
    config,
  });

  endpointRoute(
    app,
    USER.emailCode,
    withClient('Mail a 6-digit code (valid 10 minutes; 1 a minute and 10 a day per address)', {
      audit: 'send email code',
      ...perMinute,
    }),
    async (request) => {
      await issueEmailCode(deps.db, deps.mailer, deps.signingKey, request.query.email);
      return ok(null);
    },
  );

  endpointRoute(
    app,
    USER.forgetPassword,
    withClient('Set a new password with an emailed code', perMinute),
    async (request) => {
      await forgetPassword(deps, request.body);
      return ok(null);
    },
  );

  /** A sign-up's route: anyone may post one (no guard, no credentials), as often as a sign-in. */
  const signUp = (summary: string): EndpointRouteDoc => ({ tags, summary, errors, config: perMinute });

  endpointRoute(
    app,
    USER.registerTerminal,
    signUp('Register a personal account (active at once)'),
    async (request) => {
      await registerTerminal(deps, request.body);
      return ok(null);
    },
  );

  endpointRoute(
    app,
    USER.registerEnterprise,
    signUp('Register an enterprise account (pending authentication)'),
    async (request) => {
      await registerEnterprise(deps, request.body);
      return ok(null);
    },
  );

  pagedList(
    app,
    USER.enterprises,
    signedInDoc(requirePermission('enterprise'), 'Enterprise registrations and their audit'),
    (request, window) => listEnterprises(deps, callerOf(request), request.query.status, window),
  );

  endpointRoute(
    app,
    USER.auditEnterprise,
    signedInDoc(
      requirePermission('enterprise'),
      'Approve (mails a random initial password) or refuse a pending enterprise account',
    ),
    async (request) => {
      await auditEnterprise(deps, callerOf(request), request.body);
      return ok(null);
    },
  );
};
