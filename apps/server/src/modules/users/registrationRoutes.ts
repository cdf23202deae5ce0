import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  emptyEnvelope,
  enterpriseAuditBody,
  enterpriseListQuery,
  enterpriseRegisterBody,
  enterpriseRow,
  forgetPasswordForm,
  getCodeQuery,
  terminalRegisterBody,
} from '@solarops/contracts';
import { ok } from '../../http/envelope.ts';
import { requireClient } from '../auth/clientAuth.ts';
import { issueEmailCode } from '../auth/emailCodes.ts';
import { callerOf, requirePermission } from '../auth/guards.ts';
import { forgetPassword, registerEnterprise, registerTerminal } from './registration.ts';
import { auditEnterprise, listEnterprises } from './enterpriseAudit.ts';
import { pagedList } from '../../http/listRoutes.ts';
import { bearer } from '../../http/routeSchemas.ts';
import { errors, tags } from './routeSchemas.ts';

const client = [{ client: [] }];

/** Sign-up and recovery before sign-in (the app's client credentials), and the audit of enterprise sign-ups. */
export const registrationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // Sign-up and recovery are limited like sign-in: each call may mail someone or create an account.
  const perMinute = { rateLimit: { max: deps.config.loginRateLimitPerMinute, timeWindow: 60_000 } };

  app.get(
    '/user/manager/get/code',
    {
      preHandler: requireClient,
      config: { audit: 'send email code', ...perMinute },
      schema: {
        tags,
        summary: 'Mail a 6-digit code (valid 10 minutes; 1 a minute and 10 a day per address)',
        security: client,
        querystring: getCodeQuery,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      await issueEmailCode(deps.db, deps.mailer, deps.signingKey, request.query.email);
      return ok(null);
    },
  );

  app.post(
    '/user/manager/forget/password',
    {
      preHandler: requireClient,
      config: perMinute,
      schema: {
        tags,
        summary: 'Set a new password with an emailed code',
        consumes: ['application/x-www-form-urlencoded'],
        security: client,
        body: forgetPasswordForm,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      await forgetPassword(deps, request.body);
      return ok(null);
    },
  );

  /** A sign-up's route: anyone may post one, as often as a sign-in; its body is checked against `body`. */
  const signUp = <Body extends z.ZodType>(summary: string, body: Body) => ({
    config: perMinute,
    schema: { tags, summary, body, response: { 200: emptyEnvelope, ...errors } },
  });

  app.post(
    '/user/manager/terminal/register',
    signUp('Register a personal account (active at once)', terminalRegisterBody),
    async (request) => {
      await registerTerminal(deps, request.body);
      return ok(null);
    },
  );

  app.post(
    '/user/manager/enterprise/register',
    signUp('Register an enterprise account (pending authentication)', enterpriseRegisterBody),
    async (request) => {
      await registerEnterprise(deps, request.body);
      return ok(null);
    },
  );

  pagedList(
    app,
    '/user/manager/enterprise/list',
    {
      preHandler: requirePermission('enterprise'),
      tags,
      summary: 'Enterprise registrations and their audit',
      security: bearer,
      querystring: enterpriseListQuery,
      row: enterpriseRow,
      errors,
    },
    (request, window) => listEnterprises(deps, callerOf(request), request.query.status, window),
  );

  app.post(
    '/user/manager/enterprise/audit',
    {
      preHandler: requirePermission('enterprise'),
      schema: {
        tags,
        summary: 'Approve (mails a random initial password) or refuse a pending enterprise account',
        security: bearer,
        body: enterpriseAuditBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      await auditEnterprise(deps, callerOf(request), request.body);
      return ok(null);
    },
  );
};
