import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AVATAR_MAX_BYTES,
  ROLE,
  avatarForm,
  avatarResult,
  dealercodeQuery,
  emptyEnvelope,
  envelope,
  errorEnvelope,
  updateFirstBody,
  updateProfileForm,
  userInfo,
} from '@solarops/contracts';
import { unauthorized } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
import { authenticate, callerOf, requireRole } from '../auth/guards.ts';
import { loadUserInfo } from './queries.ts';
import { bindDealercode, changeOwnPassword, saveAvatar, updateProfile } from './profile.ts';
import { oneFile } from '../../http/multipartBody.ts';
import { bearer } from '../../http/routeSchemas.ts';
import { errors, tags } from './routeSchemas.ts';
import { accountRoutes } from './accountRoutes.ts';
import { registrationRoutes } from './registrationRoutes.ts';
import { roleRoutes } from './roleRoutes.ts';

/** The caller's own account (profile, avatar, password, distributor code); the other resources' route files. */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await app.register(roleRoutes);
  await app.register(accountRoutes);
  await app.register(registrationRoutes);

  app.get(
    '/user/manager/info',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: envelope(userInfo), ...errors },
      },
    },
    async (request) => {
      const info = await loadUserInfo(deps.db, callerOf(request).userId);
      if (!info) throw unauthorized();
      return ok(info);
    },
  );

  app.post(
    '/user/manager/update/first',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'Change the own password (first login or later); other sessions of the user end with 50012',
        security: bearer,
        body: updateFirstBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      await changeOwnPassword(deps, callerOf(request), request.body.oldPassword, request.body.newPassword);
      return ok(null);
    },
  );

  app.post(
    '/user/manager/update',
    {
      preHandler: authenticate,
      schema: {
        tags,
        summary: 'Update the own profile (form; each field optional)',
        consumes: ['application/x-www-form-urlencoded'],
        security: bearer,
        body: updateProfileForm,
        response: { 200: envelope(userInfo), ...errors },
      },
    },
    async (request) => {
      const caller = callerOf(request);
      await updateProfile(deps, caller, request.body);
      return ok((await loadUserInfo(deps.db, caller.userId))!);
    },
  );

  app.post(
    '/user/manager/avatar',
    {
      preHandler: authenticate,
      config: oneFile(AVATAR_MAX_BYTES),
      schema: {
        tags,
        summary: 'Upload the own avatar (multipart `file`: png, jpeg or webp, at most 1 MB)',
        consumes: ['multipart/form-data'],
        security: bearer,
        body: avatarForm,
        response: { 200: envelope(avatarResult), 413: errorEnvelope, ...errors },
      },
    },
    async (request) => ok({ avatar: await saveAvatar(deps, callerOf(request), request.body.file) }),
  );

  app.get(
    '/user/manager/bind/dealercode',
    {
      preHandler: requireRole(ROLE.installer),
      config: { audit: 'bind dealercode' },
      schema: {
        tags,
        summary: 'An installer binds itself to a distributor code',
        security: bearer,
        querystring: dealercodeQuery,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      request.auditTarget = request.query.dealercode;
      await bindDealercode(deps, callerOf(request), request.query.dealercode);
      return ok(null);
    },
  );
};

export const usersModule = fp(plugin, { name: 'users', encapsulate: true, dependencies: ['audit', 'auth'] });
