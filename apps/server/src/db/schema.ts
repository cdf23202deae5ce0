// Every table of the server, gathered for Drizzle's typed `Database`. A module adds its `tables.ts` here and to
// `drizzle.config.ts` (which lists the same files for drizzle-kit).
export * from '../modules/users/tables.ts';
export * from '../modules/auth/tables.ts';
export * from '../modules/audit/tables.ts';
export * from '../modules/system/tables.ts';
export * from '../modules/plants/tables.ts';
export * from '../modules/devices/tables.ts';
export * from '../modules/telemetry/tables.ts';
export * from '../modules/telemetry/telemetryTable.ts';
export * from '../modules/alarms/tables.ts';
export * from '../modules/notifications/tables.ts';
export * from '../modules/serials/tables.ts';
export * from '../modules/shipments/tables.ts';
export * from '../modules/commands/tables.ts';
export * from '../modules/exhibit/tables.ts';
export * from '../modules/workOrders/tables.ts';
export * from '../modules/firmware/tables.ts';
export * from '../modules/manuals/tables.ts';
export * from '../modules/cards/tables.ts';
export * from '../modules/orders/tables.ts';
export * from '../modules/iv/tables.ts';
export * from '../modules/reports/tables.ts';
