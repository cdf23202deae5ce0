import { createHmac, randomUUID } from 'node:crypto';
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
 * How long a spent refresh token still yields the successor it was exchanged for: two tabs (or a retried request)
 * refreshing with the same token at once both keep the session and get the same new pair.
 */
export const REFRESH_GRACE_SECONDS = 10;

/**
 * The token that follows `presented` in its family: derived (an HMAC keyed by the server secret) rather than
 * random, so that within the grace period the same successor can be handed out again without storing it.
 */
const successorOf = (secret: Uint8Array, presented: string) =>
  createHmac('sha256', secret).update(`refresh:${presented}`).digest('base64url');

export interface Rotation {
  userId: number;
  familyId: string;
  refreshToken: string;
  /** When the presented token was spent: the new access token is issued as of then, the same for every caller. */
  rotatedAt: Date;
}

/**
 * Exchanges a refresh token for the next one of its family. The token is spent atomically, in one transaction with
 * the insertion of its successor, so of two concurrent uses one spends it and the other waits for it. Presenting a
 * spent token again within `REFRESH_GRACE_SECONDS`, while its successor is still unspent, answers that same
 * successor; any other reuse (later, or of an older token: a replay or a stolen copy) revokes the whole family, and
 * every token of it then gets 401.
 */
export async function rotateRefreshToken(
  db: Database,
  secret: Uint8Array,
  presented: string,
  refreshTtlSeconds: number,
): Promise<Rotation> {
  const hash = sha256(presented);
  const refreshToken = successorOf(secret, presented);
  const outcome = await db.transaction(async (tx) => {
    let [spent] = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.tokenHash, hash), isNull(refreshTokens.usedAt)))
      .returning({
        familyId: refreshTokens.familyId,
        expiresAt: refreshTokens.expiresAt,
        usedAt: refreshTokens.usedAt,
      });
    if (!spent) {
      const [known] = await tx
        .select({
          familyId: refreshTokens.familyId,
          expiresAt: refreshTokens.expiresAt,
          usedAt: refreshTokens.usedAt,
          successorUnspent: sql<boolean>`exists (select 1 from ${refreshTokens} s
            where s.token_hash = ${sha256(refreshToken)} and s.used_at is null)`,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, hash));
      if (!known) return { kind: 'invalid' } as const;
      const recent = known.usedAt && known.usedAt.getTime() > Date.now() - REFRESH_GRACE_SECONDS * 1000;
      if (!recent || !known.successorUnspent) return { kind: 'reuse', familyId: known.familyId } as const;
      spent = known;
    }
    const [family] = await tx
      .select({
        userId: sessionFamilies.userId,
        revokedReason: sessionFamilies.revokedReason,
        enabled: users.enabled,
        status: users.status,
      })
      .from(sessionFamilies)
      .innerJoin(users, eq(users.id, sessionFamilies.userId))
      .where(eq(sessionFamilies.id, spent.familyId));
    if (!family) return { kind: 'invalid' } as const;
    // Revoked elsewhere (disabled, password changed): refreshing does not help, the console asks to sign in again.
    if (family.revokedReason === 'disabled' || family.revokedReason === 'password' || !family.enabled) {
      return { kind: 'revoked' } as const;
    }
    if (family.revokedReason || family.status !== 'active' || spent.expiresAt.getTime() <= Date.now()) {
      return { kind: 'invalid' } as const;
    }
    await tx
      .insert(refreshTokens)
      .values({
        tokenHash: sha256(refreshToken),
        familyId: spent.familyId,
        expiresAt: new Date(Date.now() + refreshTtlSeconds * 1000),
      })
      .onConflictDoNothing();
    return {
      kind: 'rotation',
      rotation: { userId: family.userId, familyId: spent.familyId, refreshToken, rotatedAt: spent.usedAt! },
    } as const;
  });
  if (outcome.kind === 'rotation') return outcome.rotation;
  // Outside the transaction, so that the revocation stays while the call fails.
  if (outcome.kind === 'reuse') await revokeFamily(db, outcome.familyId, 'reuse');
  if (outcome.kind === 'revoked') throw sessionRevoked();
  throw invalidRefresh();
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
