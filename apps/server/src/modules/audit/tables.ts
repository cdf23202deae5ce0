import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The operation log (the `logList` screen): every write and every sign-in and sign-out. */
export const operationLog = pgTable(
  'operation_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id'),
    userCode: text('user_code'),
    action: text('action').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    target: text('target'),
    ip: text('ip').notNull(),
    /** success or failure, with the HTTP status beside it. */
    result: text('result', { enum: ['success', 'failure'] }).notNull(),
    status: integer('status').notNull(),
    /** What a device command asked and got: parameters, old and new values, reason (commands module). */
    detail: jsonb('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // logList pages newest first, optionally for one user.
  (t) => [
    index('operation_log_created_at_idx').on(t.createdAt),
    index('operation_log_user_id_idx').on(t.userId),
  ],
);
