import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AVATAR_MAX_BYTES, ROLE, errorEnvelope, USER_ENDPOINTS as USER } from '@solarops/contracts';
import { unauthorized } from '../../http/AppError.ts';
import { ok } from '../../http/envelope.ts';
import { endpointRoute } from '../../http/endpointRoute.ts';
import { authenticate, callerOf, requireRole } from '../auth/guards.ts';
import { loadUserInfo } from './queries.ts';
import { bindDealercode, changeOwnPassword, saveAvatar, updateProfile } from './profile.ts';
import { oneFile } from '../../http/multipartBody.ts';
import { signedInDoc } from './routeSchemas.ts';
import { accountRoutes } from './accountRoutes.ts';
import { registrationRoutes } from './registrationRoutes.ts';
import { roleRoutes } from './roleRoutes.ts';

/**
 * The caller's own account (profile, avatar, password, distributor code); the other resources' route files. Every
 * route is declared from its entry in the contracts' endpoint map (`USER_ENDPOINTS`, `ROLE_ENDPOINTS`).
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  await app.register(roleRoutes);
  await app.register(accountRoutes);
  await app.register(registrationRoutes);

  endpointRoute(app, USER.info, signedInDoc(authenticate, 'The signed-in user'), async (request) => {
    const info = await loadUserInfo(deps.db, callerOf(request).userId);
    if (!info) throw unauthorized();
    return ok(info);
  });

  endpointRoute(
    app,
    USER.changePassword,
    signedInDoc(
      authenticate,
      'Change the own password (first login or later); other sessions of the user end with 50012',
    ),
    async (request) => {
      await changeOwnPassword(deps, callerOf(request), request.body.oldPassword, request.body.newPassword);
      return ok(null);
    },
  );

  endpointRoute(
    app,
    USER.updateProfile,
    signedInDoc(authenticate, 'Update the own profile (form; each field optional)'),
    async (request) => {
      const caller = callerOf(request);
      await updateProfile(deps, caller, request.body);
      return ok((await loadUserInfo(deps.db, caller.userId))!);
    },
  );

  endpointRoute(
    app,
    USER.uploadAvatar,
    signedInDoc(authenticate, 'Upload the own avatar (multipart `file`: png, jpeg or webp, at most 1 MB)', {
      config: oneFile(AVATAR_MAX_BYTES),
      errors: { 413: errorEnvelope },
    }),
    async (request) => ok({ avatar: await saveAvatar(deps, callerOf(request), request.body.file) }),
  );

  endpointRoute(
    app,
    USER.bindDealercode,
    signedInDoc(requireRole(ROLE.installer), 'An installer binds itself to a distributor code', {
      config: { audit: 'bind dealercode' },
    }),
    async (request) => {
      request.auditTarget = request.query.dealercode;
      await bindDealercode(deps, callerOf(request), request.query.dealercode);
      return ok(null);
    },
  );
};

export const usersModule = fp(plugin, { name: 'users', encapsulate: true, dependencies: ['audit', 'auth'] });
