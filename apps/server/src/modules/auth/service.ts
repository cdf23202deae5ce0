import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { LoginResult, RefreshResult } from '@solarops/contracts';
import type { AppDeps } from '../../http/deps.ts';
import { badRequest, forbidden, tooManyRequests } from '../../http/AppError.ts';
import type { FailedSignIns } from './failedSignIns.ts';
import { roles, users } from '../users/tables.ts';
import { dummyPasswordHash, isWeakPassword, PASSWORD_NOT_ISSUED, verifyPassword } from './passwords.ts';
import { createSession, rotateRefreshToken } from './sessions.ts';
import { sha256, signAccessToken } from './tokens.ts';
import { loadSettings } from '../system/consoleSettings.ts';

/**
 * Back-off per account: the first `freeFailures` failures cost nothing; each one after locks the account for
 * `firstSeconds`, doubled per further failure, never longer than `maxSeconds` (its owner can always try again after
 * 15 minutes). A failure while locked does not count: it cannot extend the lock.
 */
export const LOCKOUT = { freeFailures: 4, firstSeconds: 30, maxSeconds: 15 * 60 } as const;

type Deps = Pick<AppDeps, 'db' | 'config' | 'signingKey'>;

/**
 * Counts a failed sign-in of the account named `username` and locks it by the back-off. One statement, so that
 * concurrent failures count exactly; a failure while the account is locked matches no row, so it cannot extend the
 * lock. The exponent stops growing once the ceiling is reached (`power` of a large count would overflow).
 */
async function countFailure(db: Deps['db'], username: string): Promise<void> {
  const { freeFailures, firstSeconds, maxSeconds } = LOCKOUT;
  await db
    .update(users)
    .set({
      failedLogins: sql`${users.failedLogins} + 1`,
      lockedUntil: sql`case when ${users.failedLogins} + 1 > ${freeFailures}
        then now() + make_interval(secs => least(${maxSeconds},
          ${firstSeconds} * power(2, least(${users.failedLogins} - ${freeFailures}, 16))))
        end`,
    })
    .where(
      and(
        eq(sql`lower(${users.userCode})`, username.toLowerCase()),
        or(isNull(users.lockedUntil), lte(users.lockedUntil, sql`now()`)),
      ),
    );
}

/** Outcome of a sign-in attempt: who it was about (for the operation log), then the answer or the failure. */
export interface LoginAttempt {
  userId: number | null;
  userCode: string;
}

/**
 * Checks a username and password and starts a session. An unknown user, a wrong password and a locked account get
 * the same answer in the same time: the password is hashed in every case (against a dummy hash for an unknown
 * user), and a locked account refuses even the right password, so nobody learns which names exist or are locked.
 * Failures lock the account by exponential back-off (`LOCKOUT`); the failures from the client `address` are limited
 * by `guard` (per address, never for everyone).
 */
export async function signIn(
  deps: Deps,
  username: string,
  password: string,
  attempt: LoginAttempt,
  guard: FailedSignIns,
  address: string,
): Promise<LoginResult> {
  const { db, config, signingKey } = deps;
  // Over the limit of failures, nothing is hashed: a password spray must not cost the server a scrypt each.
  if (guard.exhausted(address)) throw tooManyRequests();
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
  // The same steps whatever the name: one hash (a dummy one for an unknown name), then one statement that counts
  // the failure by name (it changes no row for an unknown name or a locked account).
  if (user) {
    attempt.userId = user.id;
    attempt.userCode = user.userCode;
  }
  // A demo account whose password is not issued yet (fleet/issueDemoPasswords.ts): no password can match, and the
  // demo accounts' names are public, so the answer says so rather than "wrong password", and counts no failure (a
  // lock would outlast the issue of the password).
  if (user?.passwordHash === PASSWORD_NOT_ISSUED) throw forbidden('passwordNotIssued');
  const matches = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()));
  const locked = user?.lockedUntil != null && user.lockedUntil.getTime() > Date.now();
  if (!user || !matches || locked) {
    guard.failed(address);
    await countFailure(db, username);
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
  const next = await rotateRefreshToken(db, signingKey, presented, lifetimes.refreshTokenTtlSeconds);
  // Issued as of the rotation, with an id of the new refresh token: a caller within the grace period gets the same
  // access token too.
  const value = await signAccessToken(
    signingKey,
    { userId: next.userId, sid: next.familyId },
    lifetimes.accessTokenTtlSeconds,
    { issuedAt: Math.floor(next.rotatedAt.getTime() / 1000), jti: sha256(next.refreshToken).slice(0, 12) },
  );
  return {
    tokenType: 'bearer',
    value,
    expiresIn: lifetimes.accessTokenTtlSeconds,
    refreshToken: { value: next.refreshToken },
  };
}
