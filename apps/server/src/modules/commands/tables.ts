import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { COMMAND_KINDS, COMMAND_REASONS, COMMAND_STATES } from '@solarops/contracts';

/**
 * A request to many devices at once (batch settings, a schedule to several batteries): who asked, who approved.
 * Its commands wait, unsent and without a time-to-live, while `approved_at` is null (more than 50 devices).
 */
export const commandBatches = pgTable('command_batches', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: COMMAND_KINDS }).notNull(),
  route: text('route').notNull(),
  params: jsonb('params').notNull(),
  deviceCount: integer('device_count').notNull(),
  createdBy: integer('created_by').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** The time-to-live each command gets at approval [s]. */
  ttlS: integer('ttl_s').notNull(),
  needsApproval: text('needs_approval', { enum: ['no', 'pending', 'approved', 'rejected'] }).notNull(),
  approvedBy: integer('approved_by'),
  approvedAt: timestamp('approved_at', { withTimezone: true }),
});

/**
 * One command to one device (docs/device-protocol.md "Commands"): its state machine, what it asked, what the
 * device answered, and the audit of who and when. `id` travels as `cmdId`.
 */
export const commands = pgTable(
  'commands',
  {
    id: text('id').primaryKey(),
    batchId: text('batch_id').references(() => commandBatches.id),
    kind: text('kind', { enum: COMMAND_KINDS }).notNull(),
    route: text('route').notNull(),
    plantId: integer('plant_id').notNull(),
    deviceId: integer('device_id').notNull(),
    deviceSerial: text('device_serial').notNull(),
    /** The collector it goes through (topic `dev/{collector}/down/cmd`). */
    collectorSerial: text('collector_serial').notNull(),
    params: jsonb('params').notNull(),
    state: text('state', { enum: COMMAND_STATES }).notNull().default('queued'),
    reason: text('reason', { enum: COMMAND_REASONS }),
    /** The device's own words when it refused. */
    reasonDetail: text('reason_detail'),
    oldValues: jsonb('old_values'),
    newValues: jsonb('new_values'),
    result: jsonb('result'),
    createdBy: integer('created_by').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while the batch awaits approval. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** Last time it was published (re-sent after a reconnect or a restart; the device deduplicates). */
    sentAt: timestamp('sent_at', { withTimezone: true }),
    sends: integer('sends').notNull().default(0),
    ackedAt: timestamp('acked_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // The dispatcher and the time-out job look at the open commands only.
    index('commands_open_idx')
      .on(t.collectorSerial, t.createdAt)
      .where(sql`${t.state} in ('queued', 'sent', 'acked')`),
    index('commands_batch_idx').on(t.batchId),
    // A device's command history (debug, faultRemote).
    index('commands_device_idx').on(t.deviceId, t.createdAt),
    index('commands_created_at_idx').on(t.createdAt),
  ],
);
