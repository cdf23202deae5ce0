import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTHENTICATION_ENDPOINTS as AUTHENTICATION, OAUTH_ENDPOINTS as OAUTH } from '@solarops/contracts';
import { AppError } from '../../http/AppError.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { ok } from '../../http/envelope.ts';
import { bearer, client, errorAnswers } from '../../http/routeSchemas.ts';
import { recordOperation } from '../audit/recordOperation.ts';
import { requireClient } from './clientAuth.ts';
import { authenticate, callerOf } from './guards.ts';
import { FailedSignIns } from './failedSignIns.ts';
import { refresh, signIn, type LoginAttempt } from './service.ts';
import { revokeFamily } from './sessions.ts';

const errors = errorAnswers(400, 401, 403, 429);

const plugin: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const failedSignIns = new FailedSignIns(deps.config.loginFailuresPerMinute);

  endpointRoute(
    app,
    AUTHENTICATION.signIn,
    {
      preHandler: requireClient,
      tags: ['auth'],
      security: client,
      summary: 'Sign in (multipart username and password; Basic client credentials)',
      description:
        'Unknown user, wrong password or an account locked by repeated failures: the same 400 in the same ' +
        'time. Disabled, pending or refused enterprise (right password only), or a demo account whose password ' +
        'is not issued yet: 403. Too many attempts, or too ' +
        'many failures, from one address within a minute: 429 for that address only.',
      errors,
      // Per client address, before any password is checked (slows spraying across accounts).
      config: { audit: false, rateLimit: { max: deps.config.loginRateLimitPerMinute, timeWindow: 60_000 } },
    },
    async (request, reply) => {
      const attempt: LoginAttempt = { userId: null, userCode: request.body.username };
      let status = 200;
      try {
        return ok(
          await signIn(
            deps,
            request.body.username,
            request.body.password,
            attempt,
            failedSignIns,
            request.ip,
          ),
        );
      } catch (err) {
        status = err instanceof AppError ? err.statusCode : 500;
        throw err;
      } finally {
        await recordOperation(deps.db, {
          userId: attempt.userId,
          userCode: attempt.userCode,
          action: 'login',
          method: request.method,
          path: request.url,
          target: attempt.userCode,
          ip: request.ip,
          status,
        }).catch((err: unknown) => reply.log.error({ err }, 'operation log write failed'));
      }
    },
  );

  endpointRoute(
    app,
    OAUTH.refresh,
    {
      preHandler: requireClient,
      tags: ['auth'],
      security: client,
      summary: 'Exchange a refresh token (rotates it; reusing a spent one revokes the session)',
      errors,
      config: {
        audit: false,
        rateLimit: { max: deps.config.loginRateLimitPerMinute * 4, timeWindow: 60_000 },
      },
    },
    async (request) => ok(await refresh(deps, request.body.refresh_token)),
  );

  endpointRoute(
    app,
    AUTHENTICATION.signOut,
    {
      preHandler: authenticate,
      tags: ['auth'],
      security: bearer,
      summary: 'Sign out: ends this session on the server (its refresh tokens stop working)',
      errors: errorAnswers(401),
      config: { audit: 'logout' },
    },
    async (request) => {
      await revokeFamily(deps.db, callerOf(request).sid, 'logout');
      return ok(null);
    },
  );
};

export const authModule = fp(plugin, { name: 'auth', encapsulate: true, dependencies: ['audit'] });
