import { eq, and } from 'drizzle-orm';
import { AVATAR_MAX_BYTES, ROLE, type UploadedFile } from '@solarops/contracts';
import { conflict, fieldError, forbidden } from '../../http/AppError.ts';
import { storeImage } from '../../http/storeImage.ts';
import type { AuthContext } from '../auth/AuthContext.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { revokeUserSessions } from '../auth/sessions.ts';
import { checkPolicy, type UserDeps } from './accountChecks.ts';
import { emailTaken } from './queries.ts';
import { users } from './tables.ts';

/* The signed-in user's own account: password, profile, avatar, the installer's distributor. */

/** First-login (or any) password change by the user: other sessions end with 50012, this one continues. */
export async function changeOwnPassword(
  deps: UserDeps,
  caller: AuthContext,
  oldPassword: string,
  newPassword: string,
) {
  const [u] = await deps.db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.id, caller.userId));
  if (!u || !(await verifyPassword(oldPassword, u.hash))) throw fieldError('oldPassword', 'wrongOldPassword');
  if (oldPassword === newPassword) throw fieldError('newPassword', 'samePassword');
  await checkPolicy(deps, 'newPassword', newPassword);
  await deps.db
    .update(users)
    .set({ passwordHash: await hashPassword(newPassword), firstLogin: false, updatedAt: new Date() })
    .where(eq(users.id, caller.userId));
  await revokeUserSessions(deps.db, caller.userId, 'password', caller.sid);
}

/** The user changes its own name, email, phone or introduction. */
export async function updateProfile(
  deps: UserDeps,
  caller: AuthContext,
  form: {
    name?: string | undefined;
    email?: string | undefined;
    phone?: string | undefined;
    introduction?: string | undefined;
  },
) {
  if (form.email && (await emailTaken(deps.db, form.email, caller.userId))) throw conflict('emailTaken');
  const set = Object.fromEntries(Object.entries(form).filter(([, v]) => v !== undefined));
  await deps.db
    .update(users)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(users.id, caller.userId));
}

/** Makes an uploaded png, jpeg or webp (at most AVATAR_MAX_BYTES) the user's avatar; returns its URL. */
export async function saveAvatar(deps: UserDeps, caller: AuthContext, file: UploadedFile): Promise<string> {
  const dir = deps.config.filesDir;
  const avatar = await storeImage(dir, 'avatars', file, AVATAR_MAX_BYTES, `${caller.userId}-`);
  await deps.db.update(users).set({ avatar, updatedAt: new Date() }).where(eq(users.id, caller.userId));
  return avatar;
}

/** An installer binds itself to the distributor that owns `dealercode`. */
export async function bindDealercode(deps: UserDeps, caller: AuthContext, dealercode: string) {
  if (caller.roleId !== ROLE.installer) throw forbidden('onlyInstallers');
  const [distributor] = await deps.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(eq(users.roleId, ROLE.distributor), eq(users.dealercode, dealercode), eq(users.enabled, true)),
    );
  if (!distributor) throw fieldError('dealercode', 'dealercodeUnknown');
  await deps.db.update(users).set({ dealercode, updatedAt: new Date() }).where(eq(users.id, caller.userId));
}
