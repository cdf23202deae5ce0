import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

/**
 * Display links (kiosk mode, docs/decisions/0013-display-links.md): a wall opens the exhibit screens with one of
 * these tokens instead of a user's session. Only the token's SHA-256 is kept; a link ends when it expires or is
 * revoked, whichever comes first.
 */
export const displayLinks = pgTable('display_links', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  name: text('name').notNull(),
  /** SHA-256 of the token, hex. */
  tokenHash: text('token_hash').notNull().unique(),
  /** The account whose plants the link shows (its data scope, read-only). */
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdBy: integer('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
  /** From this time on the link is refused as a revoked one is; set at creation (at most a year ahead). */
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  /** Kept at most once a minute, so that a wall's polling does not write on every call. */
  lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
  lastSeenIp: text('last_seen_ip'),
});
