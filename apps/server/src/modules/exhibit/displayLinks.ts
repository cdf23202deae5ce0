import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CreateDisplayLinkBody, CreatedDisplayLink, DisplayLink } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { fieldError } from '../../http/AppError.ts';
import { sha256 } from '../auth/tokens.ts';
import type { Caller } from '../plants/plantScope.ts';
import { users } from '../users/tables.ts';
import { displayLinks } from './tables.ts';

const creators = alias(users, 'creators');

const linkColumns = {
  id: displayLinks.id,
  name: displayLinks.name,
  userCode: users.userCode,
  createdBy: creators.userCode,
  createdAt: displayLinks.createdAt,
  revokedAt: displayLinks.revokedAt,
  expiresAt: displayLinks.expiresAt,
  lastSeenAt: displayLinks.lastSeenAt,
  lastSeenIp: displayLinks.lastSeenIp,
};

/** A link a wall may still use: neither revoked nor expired (by the database's clock, as `revokedAt` is). */
const usable = () => and(isNull(displayLinks.revokedAt), gt(displayLinks.expiresAt, sql`now()`));

const selectLinks = (db: Database) =>
  db
    .select(linkColumns)
    .from(displayLinks)
    .innerJoin(users, eq(users.id, displayLinks.userId))
    .leftJoin(creators, eq(creators.id, displayLinks.createdBy));

type LinkRow = Awaited<ReturnType<typeof selectLinks>>[number];

const shape = (r: LinkRow): DisplayLink => ({
  ...r,
  createdBy: r.createdBy ?? '',
  createdAt: r.createdAt.toISOString(),
  revokedAt: r.revokedAt?.toISOString() ?? null,
  expiresAt: r.expiresAt.toISOString(),
  lastSeenAt: r.lastSeenAt?.toISOString() ?? null,
});

/** Every display link, the newest first, with when and from where each wall last called. */
export async function listDisplayLinks(db: Database): Promise<DisplayLink[]> {
  return (await selectLinks(db).orderBy(desc(displayLinks.id))).map(shape);
}

/**
 * Creates a link over the plants of the account `userCode` (400 on the field when there is no such account),
 * expiring `expiresInDays` days from now, and answers it with its token, which is not kept and cannot be shown
 * again.
 */
export async function createDisplayLink(
  db: Database,
  createdBy: number,
  body: CreateDisplayLinkBody,
): Promise<CreatedDisplayLink> {
  const [owner] = await db.select({ id: users.id }).from(users).where(eq(users.userCode, body.userCode));
  if (!owner) throw fieldError('userCode', 'exhibit.noSuchAccount');
  const token = randomBytes(32).toString('base64url');
  const [created] = await db
    .insert(displayLinks)
    .values({
      name: body.name,
      tokenHash: sha256(token),
      userId: owner.id,
      createdBy,
      expiresAt: sql`now() + make_interval(days => ${body.expiresInDays}::int)`,
    })
    .returning({ id: displayLinks.id });
  const [row] = await selectLinks(db).where(eq(displayLinks.id, created!.id));
  return { ...shape(row!), token };
}

/** Revokes a link; false when there is none with this id. Revoking twice keeps the first time. */
export async function revokeDisplayLink(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .update(displayLinks)
    .set({ revokedAt: sql`coalesce(${displayLinks.revokedAt}, now())` })
    .where(eq(displayLinks.id, id))
    .returning({ id: displayLinks.id });
  return row !== undefined;
}

/**
 * The caller a wall opened by `token` acts as: the link's account, for reading its plants. Undefined when the token
 * is unknown, revoked or expired, or its account is disabled. Notes when and from where the wall called, at most once a
 * minute.
 */
export async function displayLinkViewer(
  db: Database,
  token: string,
  ip: string,
): Promise<(Caller & { linkId: number }) | undefined> {
  const [row] = await db
    .select({
      linkId: displayLinks.id,
      userId: users.id,
      roleId: users.roleId,
      dealercode: users.dealercode,
      enabled: users.enabled,
      status: users.status,
    })
    .from(displayLinks)
    .innerJoin(users, eq(users.id, displayLinks.userId))
    .where(and(eq(displayLinks.tokenHash, sha256(token)), usable()));
  if (!row || !row.enabled || row.status !== 'active') return undefined;
  await db
    .update(displayLinks)
    .set({ lastSeenAt: sql`now()`, lastSeenIp: ip })
    .where(
      and(
        eq(displayLinks.id, row.linkId),
        sql`(${displayLinks.lastSeenAt} is null or ${displayLinks.lastSeenAt} < now() - interval '1 minute'
          or ${displayLinks.lastSeenIp} is distinct from ${ip})`,
      ),
    );
  return { linkId: row.linkId, userId: row.userId, roleId: row.roleId, dealercode: row.dealercode };
}

/** Is the link still usable (neither revoked nor expired)? Open wall streams ask every so often and end when not. */
export async function displayLinkActive(db: Database, linkId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: displayLinks.id })
    .from(displayLinks)
    .where(and(eq(displayLinks.id, linkId), usable()));
  return row !== undefined;
}
