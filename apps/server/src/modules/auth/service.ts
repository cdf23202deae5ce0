import { eq, sql } from 'drizzle-orm';
import type { LoginResult, RefreshResult } from '@solarops/contracts';
import type { AppDeps } from '../../http/deps.ts';
import { badRequest, forbidden } from '../../http/AppError.ts';
import { roles, users } from '../users/tables.ts';
import { dummyPasswordHash, isWeakPassword, verifyPassword } from './passwords.ts';
import { createSession, rotateRefreshToken } from './sessions.ts';
import { signAccessToken } from './tokens.ts';
import { loadSettings } from '../system/consoleSettings.ts';

/** Failed sign-ins that lock an account, and for how long (issue: 5 failures, 15 minutes). */
export const LOCKOUT = { failures: 5, minutes: 15 } as const;

type Deps = Pick<AppDeps, 'db' | 'config' | 'signingKey'>;

/** Outcome of a sign-in attempt: who it was about (for the operation log), then the answer or the failure. */
export interface LoginAttempt {
  userId: number | null;
  userCode: string;
}

/**
 * Checks a username and password and starts a session. An unknown user and a wrong password get the same answer in
 * the same time (a dummy hash is verified). After 5 failures the account is locked for 15 minutes and opens again
 * by itself; the lock is checked before the password so that guessing stops.
 */
export async function signIn(
  deps: Deps,
  username: string,
  password: string,
  attempt: LoginAttempt,
): Promise<LoginResult> {
  const { db, config, signingKey } = deps;
  const [user] = await db
    .select({
      id: users.id,
      userCode: users.userCode,
      passwordHash: users.passwordHash,
      roleId: users.roleId,
      enabled: users.enabled,
      status: users.status,
      firstLogin: users.firstLogin,
      lockedUntil: users.lockedUntil,
      menuList: roles.menuList,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(sql`lower(${users.userCode})`, username.toLowerCase()));
  if (!user) {
    await verifyPassword(password, await dummyPasswordHash());
    throw badRequest('badCredentials');
  }
  attempt.userId = user.id;
  attempt.userCode = user.userCode;
  if (user.lockedUntil && user.lockedUntil.getTime() > Date.now()) {
    throw forbidden('accountLocked', {
      minutes: Math.ceil((user.lockedUntil.getTime() - Date.now()) / 60_000),
    });
  }
  if (!(await verifyPassword(password, user.passwordHash))) {
    const n = LOCKOUT.failures;
    // One statement, so concurrent failures count exactly; the counter restarts once the lock is set.
    await db
      .update(users)
      .set({
        failedLogins: sql`case when ${users.failedLogins} + 1 >= ${n} then 0 else ${users.failedLogins} + 1 end`,
        lockedUntil: sql`case when ${users.failedLogins} + 1 >= ${n}
          then now() + make_interval(mins => ${LOCKOUT.minutes}) else null end`,
      })
      .where(eq(users.id, user.id));
    throw badRequest('badCredentials');
  }
  // The password is right: only now say why the account cannot sign in.
  if (!user.enabled) throw forbidden('accountDisabled');
  if (user.status === 'pending') throw forbidden('accountPending');
  if (user.status === 'refused') throw forbidden('accountRefused');
  await db.update(users).set({ failedLogins: 0, lockedUntil: null }).where(eq(users.id, user.id));

  // Lifetimes are the system screen's settings (start-up configuration until an administrator changes them).
  const lifetimes = await loadSettings(db, config);
  const session = await createSession(db, user.id, lifetimes.refreshTokenTtlSeconds);
  const accessToken = await signAccessToken(
    signingKey,
    { userId: user.id, sid: session.familyId },
    lifetimes.accessTokenTtlSeconds,
  );
  return {
    username: user.userCode,
    id: user.id,
    roleId: user.roleId,
    firstLogin: user.firstLogin,
    weakPassword: isWeakPassword(password),
    menuList: user.menuList,
    token: {
      access_token: accessToken,
      refresh_token: session.refreshToken,
      token_type: 'bearer',
      expires_in: lifetimes.accessTokenTtlSeconds,
    },
  };
}

/** `POST /oauth/token`: rotates the refresh token and issues a new access token of the same session. */
export async function refresh(deps: Deps, presented: string): Promise<RefreshResult> {
  const { db, config, signingKey } = deps;
  const lifetimes = await loadSettings(db, config);
  const next = await rotateRefreshToken(db, presented, lifetimes.refreshTokenTtlSeconds);
  const value = await signAccessToken(
    signingKey,
    { userId: next.userId, sid: next.familyId },
    lifetimes.accessTokenTtlSeconds,
  );
  return {
    tokenType: 'bearer',
    value,
    expiresIn: lifetimes.accessTokenTtlSeconds,
    refreshToken: { value: next.refreshToken },
  };
}
