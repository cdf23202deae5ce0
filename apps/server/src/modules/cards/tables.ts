import { sql } from 'drizzle-orm';
import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { CARD_OPERATORS, CARD_STATUSES, SHUTDOWN_REASONS } from '@solarops/contracts';
import { collectors } from '../devices/tables.ts';

/**
 * Internet (SIM) cards of the collectors (spec §3, issue 19), as the carrier reports them (cards/Carrier.ts):
 * the console's status beside the carrier's raw state, the plan's dates and its traffic.
 */
export const simCards = pgTable(
  'sim_cards',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    iccid: text('iccid').notNull().unique(),
    msisdn: text('msisdn').notNull().default(''),
    operator: text('operator', { enum: CARD_OPERATORS }).notNull(),
    status: text('status', { enum: CARD_STATUSES }).notNull(),
    carrierState: text('carrier_state').notNull().default(''),
    shutdownReason: text('shutdown_reason', { enum: SHUTDOWN_REASONS }),
    /** Last day a stopped card can be renewed; past it the carrier cancels the card. */
    renewableUntil: date('renewable_until', { mode: 'string' }),
    activatedAt: timestamp('activated_at', { withTimezone: true }),
    /** Last day of service. */
    expiresOn: date('expires_on', { mode: 'string' }),
    /** Traffic of the current plan [MB]; may pass the total (the network stops data late). */
    usedMb: doublePrecision('used_mb').notNull().default(0),
    totalMb: doublePrecision('total_mb').notNull().default(0),
    /** The collector the card sits in (null: in stock). */
    collectorId: integer('collector_id').references(() => collectors.id),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One card per collector; the card list joins its collector and plant.
    uniqueIndex('sim_cards_collector_id_key')
      .on(t.collectorId)
      .where(sql`${t.collectorId} is not null`),
    // The card list's default order and its expiry range filter; the expiry warnings' scan.
    index('sim_cards_expires_on_id_idx').on(t.expiresOn, t.id),
    // The ICCID prefix filter (`like '8986…%'`).
    index('sim_cards_iccid_prefix_idx').on(t.iccid.op('text_pattern_ops')),
    // The status and operator filters; the list's exact count of either is read from the index alone.
    index('sim_cards_status_idx').on(t.status),
    index('sim_cards_operator_idx').on(t.operator),
  ],
);

/** Traffic of a card per day [MB], kept at least 6 months (the card's usage chart). */
export const cardDailyUsage = pgTable(
  'card_daily_usage',
  {
    cardId: integer('card_id')
      .notNull()
      .references(() => simCards.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    usedMb: doublePrecision('used_mb').notNull(),
  },
  (t) => [primaryKey({ columns: [t.cardId, t.day] })],
);

/**
 * Expiry warnings sent (30, 7 and 1 days before): one row per card, warning and expiry day, so that each warning
 * goes out once per expiry, and again after a renewal moved the expiry.
 */
export const cardNotices = pgTable(
  'card_notices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    cardId: integer('card_id')
      .notNull()
      .references(() => simCards.id, { onDelete: 'cascade' }),
    /** Days before expiry the warning is for (30, 7, 1). */
    daysBefore: integer('days_before').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('card_notices_key').on(t.cardId, t.daysBefore, t.expiresOn)],
);
