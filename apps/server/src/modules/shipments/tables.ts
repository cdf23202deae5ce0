import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** One imported shipment file. */
export const shipments = pgTable('shipments', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  fileName: text('file_name').notNull(),
  importedBy: text('imported_by').notNull(),
  collectors: integer('collectors').notNull(),
  devices: integer('devices').notNull(),
  importedAt: timestamp('imported_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The collectors and devices a shipment delivered to a distributor. Collectors also enter the device link's
 * `collectors` table (with their secrets); devices enter `devices` once installed in a plant.
 */
export const shipmentItems = pgTable(
  'shipment_items',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    shipmentId: integer('shipment_id')
      .notNull()
      .references(() => shipments.id),
    kind: text('kind', { enum: ['collector', 'device'] }).notNull(),
    serial: text('serial').notNull(),
    model: text('model').notNull(),
    firmware: text('firmware').notNull().default(''),
    iccid: text('iccid'),
    /** The distributor the item was shipped to. */
    dealercode: text('dealercode').notNull(),
    /** For a device: the collector it ships with. */
    collectorSerial: text('collector_serial'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // A serial ships once; imports look serials up to refuse repeats.
    uniqueIndex('shipment_items_serial_key').on(t.serial),
    // The shipment screen lists the items of one shipment.
    index('shipment_items_shipment_id_idx').on(t.shipmentId),
    // A distributor sees the items shipped to it.
    index('shipment_items_dealercode_idx').on(t.dealercode),
  ],
);
