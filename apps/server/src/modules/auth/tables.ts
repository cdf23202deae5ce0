import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/tables.ts';

/**
 * A sign-in session: one family of refresh tokens. Access tokens carry its id (`sid`) so that revoking the family
 * ends every token of the session at once.
 */
export const sessionFamilies = pgTable(
  'session_families',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** logout and reuse answer 401; disabled and password answer 50012 (the console's re-login dialog). */
    revokedReason: text('revoked_reason', { enum: ['logout', 'reuse', 'disabled', 'password'] }),
  },
  // Disabling a user or changing a password revokes all of the user's sessions.
  (t) => [index('session_families_user_id_idx').on(t.userId)],
);

/** Refresh tokens, stored as SHA-256 hashes; a spent one (`usedAt`) presented again is a reuse. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    familyId: text('family_id')
      .notNull()
      .references(() => sessionFamilies.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family_id_idx').on(t.familyId)],
);

/** Email verification codes (registration, password reset), stored as keyed hashes. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** Wrong guesses against this code; it dies after a few so that 6 digits cannot be enumerated. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
  },
  // The per-address send limits and the code check look up an address's recent codes.
  (t) => [index('email_codes_email_created_at_idx').on(t.email, t.createdAt)],
);
