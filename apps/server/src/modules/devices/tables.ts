import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { DEVICE_KINDS, type AgentReport, type IvDeviceLayout } from '@solarops/contracts';
import { plants } from '../plants/tables.ts';

// Every device table carries plant_id so that it can be distributed by plant (ARCHITECTURE §2, Citus).

/** Collectors (dataloggers): the MQTT clients. The secret is stored as a keyed hash (docs/decisions). */
export const collectors = pgTable(
  'collectors',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    /** Null until the collector is bound to a plant (imported by shipment). */
    plantId: integer('plant_id').references(() => plants.id),
    serial: text('serial').notNull().unique(),
    /** `hmac-sha256$<salt>$<digest>` of the device secret. */
    secretHash: text('secret_hash').notNull(),
    model: text('model').notNull().default(''),
    firmwareVersion: text('firmware_version').notNull().default(''),
    /** 2G, 4G or WiFi (the 2G shutdown notice). */
    network: text('network').notNull().default('4G'),
    /** Received signal strength [dBm]. */
    signal: smallint('signal'),
    iccid: text('iccid'),
    /** Its clock minus the server's when it last said its status [ms]; null until a collector says its clock. */
    clockOffsetMs: bigint('clock_offset_ms', { mode: 'number' }),
    /** Whether it said its clock is synchronised (NTP); null when it did not say. */
    clockSynced: boolean('clock_synced'),
    /** Readings it dropped from its full buffer, in all, as its last status said; null when it never said. */
    droppedReadings: bigint('dropped_readings', { mode: 'number' }),
    /** An edge agent's links and what it found of its devices, as its last status said; null for a datalogger. */
    agentReport: jsonb('agent_report').$type<AgentReport>(),
    reportIntervalS: integer('report_interval_s').notNull().default(300),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    online: boolean('online').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Station screens list the collectors of a plant.
    index('collectors_plant_id_idx').on(t.plantId),
  ],
);

/** Devices: string, micro and hybrid inverters, batteries, meters, weather stations. */
export const devices = pgTable(
  'devices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    plantId: integer('plant_id')
      .notNull()
      .references(() => plants.id),
    /** The collector it reports through now (history in collector_devices). */
    collectorId: integer('collector_id').references(() => collectors.id),
    serial: text('serial').notNull().unique(),
    name: text('name').notNull().default(''),
    kind: text('kind', { enum: DEVICE_KINDS }).notNull(),
    model: text('model').notNull().default(''),
    armVersion: text('arm_version').notNull().default(''),
    dspVersion: text('dsp_version').notNull().default(''),
    /** AC rating [W]; 0 for meters and weather stations. Caps the energy of any interval (docs/telemetry). */
    ratedPowerW: real('rated_power_w').notNull().default(0),
    pvStrings: smallint('pv_strings').notNull().default(0),
    /**
     * How an inverter's strings are built (MPPT inputs, modules per string, module type), as its installer set it
     * on the device; null until set. IV scans judge each string against it (modules/iv/deviceLayouts.ts).
     */
    pvLayout: jsonb('pv_layout').$type<IvDeviceLayout>(),
    online: boolean('online').notNull().default(false),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // Devices of a plant (plant devices, summary, power curve).
    index('devices_plant_id_idx').on(t.plantId),
    index('devices_collector_id_idx').on(t.collectorId),
  ],
);

/**
 * Which collector a device reported through, for which plant, and when: a row per binding, `unbound_at` null for
 * the current. A move to another collector or plant closes the binding and opens a new one, so that readings keep
 * the plant of their time (devices/plantSpans.ts).
 */
export const collectorDevices = pgTable(
  'collector_devices',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    plantId: integer('plant_id').notNull(),
    collectorId: integer('collector_id')
      .notNull()
      .references(() => collectors.id),
    deviceId: integer('device_id')
      .notNull()
      .references(() => devices.id),
    boundAt: timestamp('bound_at', { withTimezone: true }).notNull().defaultNow(),
    unboundAt: timestamp('unbound_at', { withTimezone: true }),
  },
  (t) => [
    // One current binding per device.
    uniqueIndex('collector_devices_current_key')
      .on(t.deviceId)
      .where(sql`${t.unboundAt} is null`),
    // Collector search lists the devices of a collector.
    index('collector_devices_collector_id_idx').on(t.collectorId),
    // The plants a device belonged to over time (plantSpans: rollups and power curves).
    index('collector_devices_device_unbound_idx').on(t.deviceId, t.unboundAt),
    // The devices a plant ever had (a plant's power curve of a day before a move).
    index('collector_devices_plant_id_idx').on(t.plantId),
  ],
);

/** Fault events from `dev/{sn}/up/event`, stored once (device, time, code, state); the alarms module reads them. */
export const deviceEvents = pgTable(
  'device_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity(),
    plantId: integer('plant_id').notNull(),
    deviceId: integer('device_id').notNull(),
    ts: timestamp('ts', { withTimezone: true }).notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    code: integer('code').notNull(),
    level: smallint('level').notNull(),
    state: text('state', { enum: ['raised', 'cleared'] }).notNull(),
    stringIndex: smallint('string_index'),
  },
  (t) => [
    // Idempotence of re-sent event batches.
    uniqueIndex('device_events_key').on(t.deviceId, t.ts, t.code, t.state),
    // Events of a plant over time (alarm lists).
    index('device_events_plant_ts_idx').on(t.plantId, t.ts),
  ],
);

/** Alerts the device link raises itself (a device clock off by more than 5 minutes). */
export const deviceAlerts = pgTable(
  'device_alerts',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    plantId: integer('plant_id').notNull(),
    deviceId: integer('device_id').notNull(),
    kind: text('kind', { enum: ['clockSkew'] }).notNull(),
    /** Device clock minus server clock when raised [ms]. */
    skewMs: bigint('skew_ms', { mode: 'number' }),
    raisedAt: timestamp('raised_at', { withTimezone: true }).notNull().defaultNow(),
    clearedAt: timestamp('cleared_at', { withTimezone: true }),
  },
  (t) => [
    // One open alert per device and kind.
    uniqueIndex('device_alerts_open_key')
      .on(t.deviceId, t.kind)
      .where(sql`${t.clearedAt} is null`),
  ],
);
