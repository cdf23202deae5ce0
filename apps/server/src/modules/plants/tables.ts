import {
  date,
  doublePrecision,
  index,
  integer,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { FOLLOW_KINDS, PLANT_STATUSES, PLANT_TYPES } from '@solarops/contracts';
import { users } from '../users/tables.ts';

/** Plants (spec §3): where devices are installed, whose owner and installer decide who sees them (ARCHITECTURE §4). */
export const plants = pgTable(
  'plants',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** An external identifier (the demo fleet's `plant-001`), unique when set. */
    code: text('code').unique(),
    name: text('name').notNull(),
    /** The end user (or enterprise) owning the plant. */
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    /** The installer who built it (its data scope includes the plant). */
    installerId: integer('installer_id').references(() => users.id),
    address: text('address').notNull().default(''),
    /** IANA time zone: local days of charts and energy rollups. */
    timeZone: text('time_zone').notNull(),
    picture: text('picture'),
    /** Electricity price in the smallest currency unit per kWh. */
    priceMinorPerKwh: integer('price_minor_per_kwh').notNull().default(0),
    /** ISO 4217 code of the price. */
    currency: text('currency').notNull().default('CNY'),
    /** Installed DC capacity [W]. */
    capacityW: doublePrecision('capacity_w').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    altitude: real('altitude').notNull().default(0),
    type: text('type', { enum: PLANT_TYPES }).notNull(),
    buildDate: date('build_date', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Data scope: plants of the users in the caller's team (plant list, every station call).
    index('plants_owner_id_idx').on(t.ownerId),
    index('plants_installer_id_idx').on(t.installerId),
    // The plant list's default order (newest first), so that a page is read from the index instead of a sort.
    index('plants_created_at_id_idx').on(t.createdAt, t.id),
    // The plant-name filters (`name ilike '%…%'`, the plant and card lists): trigrams of pg_trgm, created by the
    // migration that adds this index, so that a part of a name is found without reading every plant.
    index('plants_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/**
 * Each plant's live figures as the plant list shows them, kept by a job every few seconds from the devices' latest
 * state and today's rollup (liveFigures.ts, docs/decisions/0009-plant-live-figures.md), so that the list can sort
 * and filter by them without computing every plant's figures on each call. A plant without a row has no figures
 * yet: offline, no devices, nothing produced.
 */
export const plantLiveFigures = pgTable('plant_live_figures', {
  plantId: integer('plant_id')
    .primaryKey()
    .references(() => plants.id, { onDelete: 'cascade' }),
  status: text('status', { enum: PLANT_STATUSES }).notNull(),
  /** AC power of the plant's online inverters [W]. */
  powerW: doublePrecision('power_w').notNull(),
  /** Energy of the plant's local day [kWh]. */
  energyTodayKwh: doublePrecision('energy_today_kwh').notNull(),
  /** The inverters' lifetime counters summed [kWh]. */
  energyTotalKwh: doublePrecision('energy_total_kwh').notNull(),
  deviceCount: integer('device_count').notNull(),
  onlineCount: integer('online_count').notNull(),
  /** When these figures last changed. */
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The follow list (`collectList`): a user's followed plants (by id) and collectors (by serial). */
export const follows = pgTable(
  'follows',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: FOLLOW_KINDS }).notNull(),
    target: text('target').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The follow list of a user, and following twice is a no-op.
    uniqueIndex('follows_user_target_key').on(t.userId, t.kind, t.target),
  ],
);
