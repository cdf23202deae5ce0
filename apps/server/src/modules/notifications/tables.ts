import { bigint, boolean, index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';

/** Alarm mails sent and waiting for the digest (the hourly cap per user). */
export const alarmMails = pgTable(
  'alarm_mails',
  {
    userId: integer('user_id').notNull(),
    alarmId: bigint('alarm_id', { mode: 'number' }).notNull(),
    /** Null while the alarm waits for the user's next digest. */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    digest: boolean('digest').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.alarmId] }),
    // The hourly cap counts a user's mails of the last hour.
    index('alarm_mails_user_sent_idx').on(t.userId, t.sentAt),
  ],
);
