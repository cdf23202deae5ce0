import { bigint, index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Server-wide values shared by every instance (the JWT signing secret, generated at first start). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Mail kept when no SMTP server is configured, so that a new user can still read a verification code. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Read newest first per address.
  (t) => [index('mail_outbox_to_created_at_idx').on(t.to, t.createdAt)],
);

/** Errors the console reports (`POST /system/errorlog`). */
export const errorLog = pgTable(
  'error_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userCode: text('user_code'),
    message: text('message').notNull(),
    stack: text('stack'),
    url: text('url'),
    info: jsonb('info'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The admin list pages newest first.
  (t) => [index('error_log_created_at_idx').on(t.createdAt)],
);
