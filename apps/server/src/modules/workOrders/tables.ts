import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { WORK_ORDER_EVIDENCE_KINDS, WORK_ORDER_PRIORITIES, WORK_ORDER_STATES } from '@solarops/contracts';

/**
 * Work orders (the `question` screen): one per alarm subject and code while open, so that a flapping alarm adds
 * occurrences to the order it already has instead of opening another (decision 0014).
 */
export const workOrders = pgTable(
  'work_orders',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    plantId: integer('plant_id').notNull(),
    /** The alarm's subject (`d:<device>`, `c:<collector>`, `p:<plant>`) and code: what the order is about. */
    subject: text('subject').notNull(),
    code: integer('code').notNull(),
    level: smallint('level').notNull(),
    deviceId: integer('device_id'),
    collectorId: integer('collector_id'),
    state: text('state', { enum: WORK_ORDER_STATES }).notNull().default('new'),
    priority: text('priority', { enum: WORK_ORDER_PRIORITIES }).notNull(),
    assigneeId: integer('assignee_id'),
    /** The user who created it by hand; null when a rule did. */
    createdBy: integer('created_by'),
    ruleId: integer('rule_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One open order per alarm subject and code: flapping and a rule racing a user both land on it.
    uniqueIndex('work_orders_open_key')
      .on(t.subject, t.code)
      .where(sql`${t.state} not in ('closed', 'cancelled')`),
    index('work_orders_plant_idx').on(t.plantId, t.createdAt),
  ],
);

/** The alarm occurrences an order covers (a flapping alarm gives many). */
export const workOrderAlarms = pgTable(
  'work_order_alarms',
  {
    workOrderId: integer('work_order_id').notNull(),
    alarmId: bigint('alarm_id', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.workOrderId, t.alarmId] }),
    // An occurrence belongs to one order.
    uniqueIndex('work_order_alarms_alarm_key').on(t.alarmId),
  ],
);

/** Every move of an order: who, when, from and to which state (the timeline and the SLA clock read it). */
export const workOrderEvents = pgTable(
  'work_order_events',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    workOrderId: integer('work_order_id').notNull(),
    /** A move of the transition table, or `create`. */
    move: text('move').notNull(),
    fromState: text('from_state', { enum: WORK_ORDER_STATES }),
    toState: text('to_state', { enum: WORK_ORDER_STATES }).notNull(),
    /** Null when the rule job acted. */
    actorId: integer('actor_id'),
    note: text('note').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_order_events_order_idx').on(t.workOrderId, t.at)],
);

/** Notes, photos and signatures recorded on an order; pictures are private files under FILES_DIR. */
export const workOrderEvidence = pgTable(
  'work_order_evidence',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    workOrderId: integer('work_order_id').notNull(),
    kind: text('kind', { enum: WORK_ORDER_EVIDENCE_KINDS }).notNull(),
    text: text('text').notNull().default(''),
    /** The stored file's path (photos, signatures). */
    file: text('file'),
    authorId: integer('author_id').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('work_order_evidence_order_idx').on(t.workOrderId)],
);

/** Rules that open work orders for alarms (level, code, plant, how long the alarm has lasted). */
export const workOrderRules = pgTable('work_order_rules', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  minLevel: smallint('min_level').notNull(),
  code: integer('code'),
  plantId: integer('plant_id'),
  minMinutes: integer('min_minutes').notNull(),
  priority: text('priority', { enum: WORK_ORDER_PRIORITIES }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** SLA targets set by administrators; a priority without a row uses the default of `sla.ts`. */
export const workOrderSlaTargets = pgTable('work_order_sla_targets', {
  priority: text('priority', { enum: WORK_ORDER_PRIORITIES }).primaryKey(),
  targetMinutes: integer('target_minutes').notNull(),
  businessHours: boolean('business_hours').notNull(),
});

/** SLA warnings sent (80 and 100 per cent), once each per order; also the assignee's notices in the console. */
export const workOrderSlaWarnings = pgTable(
  'work_order_sla_warnings',
  {
    workOrderId: integer('work_order_id').notNull(),
    threshold: smallint('threshold').notNull(),
    userId: integer('user_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.workOrderId, t.threshold] })],
);
