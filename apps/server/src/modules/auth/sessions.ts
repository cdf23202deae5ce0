import { randomUUID } from 'node:crypto';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/openDatabase.ts';
import { sessionRevoked, AppError } from '../../http/AppError.ts';
import { users } from '../users/tables.ts';
import { refreshTokens, sessionFamilies } from './tables.ts';
import { newRefreshToken, sha256 } from './tokens.ts';

export type RevokeReason = 'logout' | 'reuse' | 'disabled' | 'password';

/** Starts a session (a refresh family) for a user; returns its id and first refresh token. */
export async function createSession(db: Database, userId: number, refreshTtlSeconds: number) {
  const familyId = randomUUID();
  const refreshToken = newRefreshToken();
  await db.transaction(async (tx) => {
    await tx.insert(sessionFamilies).values({ id: familyId, userId });
    await tx.insert(refreshTokens).values({
      tokenHash: sha256(refreshToken),
      familyId,
      expiresAt: new Date(Date.now() + refreshTtlSeconds * 1000),
    });
  });
  return { familyId, refreshToken };
}

const invalidRefresh = () => new AppError(401, 'invalidRefreshToken');

/**
 * Exchanges a refresh token for the next one of its family. The token is spent atomically, so of two concurrent
 * uses only one wins; presenting a spent token again is a reuse (a stolen token, or a replay) and revokes the whole
 * family: every token of it then gets 401.
 */
export async function rotateRefreshToken(
  db: Database,
  presented: string,
  refreshTtlSeconds: number,
): Promise<{ userId: number; familyId: string; refreshToken: string }> {
  const hash = sha256(presented);
  const [spent] = await db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
    .returning({ familyId: refreshTokens.familyId, expiresAt: refreshTokens.expiresAt });
  if (!spent) {
    const [known] = await db
      .select({ familyId: refreshTokens.familyId })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, hash));
    if (known) await revokeFamily(db, known.familyId, 'reuse');
    throw invalidRefresh();
  }
  const [family] = await db
    .select({
      userId: sessionFamilies.userId,
      revokedReason: sessionFamilies.revokedReason,
      enabled: users.enabled,
      status: users.status,
    })
    .from(sessionFamilies)
    .innerJoin(users, eq(users.id, sessionFamilies.userId))
    .where(eq(sessionFamilies.id, spent.familyId));
  if (!family) throw invalidRefresh();
  // Revoked elsewhere (disabled, password changed): refreshing does not help, the console asks to sign in again.
  if (family.revokedReason === 'disabled' || family.revokedReason === 'password' || !family.enabled) {
    throw sessionRevoked();
  }
  if (family.revokedReason || family.status !== 'active' || spent.expiresAt.getTime() <= Date.now()) {
    throw invalidRefresh();
  }
  const refreshToken = newRefreshToken();
  await db.insert(refreshTokens).values({
    tokenHash: sha256(refreshToken),
    familyId: spent.familyId,
    expiresAt: new Date(Date.now() + refreshTtlSeconds * 1000),
  });
  return { userId: family.userId, familyId: spent.familyId, refreshToken };
}

/** Ends one session; a session already revoked keeps its first reason. */
export async function revokeFamily(db: Database, familyId: string, reason: RevokeReason): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(and(eq(sessionFamilies.id, familyId), isNull(sessionFamilies.revokedAt)));
}

/** Ends every session of a user, except `keep` (the caller's own session when it changes its own password). */
export async function revokeUserSessions(
  db: Database,
  userId: number,
  reason: RevokeReason,
  keep?: string,
): Promise<void> {
  await db
    .update(sessionFamilies)
    .set({ revokedAt: sql`now()`, revokedReason: reason })
    .where(
      and(
        eq(sessionFamilies.userId, userId),
        isNull(sessionFamilies.revokedAt),
        keep ? ne(sessionFamilies.id, keep) : undefined,
      ),
    );
}
