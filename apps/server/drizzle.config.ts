import { defineConfig } from 'drizzle-kit';

// Table files are listed one by one (not a glob) so that a migration only ever holds the tables its author meant.
export default defineConfig({
  dialect: 'postgresql',
  out: './apps/server/migrations',
  schema: [
    './apps/server/src/modules/users/tables.ts',
    './apps/server/src/modules/auth/tables.ts',
    './apps/server/src/modules/audit/tables.ts',
    './apps/server/src/modules/system/tables.ts',
    './apps/server/src/modules/plants/tables.ts',
    './apps/server/src/modules/devices/tables.ts',
    './apps/server/src/modules/telemetry/tables.ts',
    './apps/server/src/modules/alarms/tables.ts',
    './apps/server/src/modules/notifications/tables.ts',
    './apps/server/src/modules/serials/tables.ts',
    './apps/server/src/modules/shipments/tables.ts',
    './apps/server/src/modules/commands/tables.ts',
    './apps/server/src/modules/exhibit/tables.ts',
    './apps/server/src/modules/workOrders/tables.ts',
    './apps/server/src/modules/firmware/tables.ts',
    './apps/server/src/modules/manuals/tables.ts',
    './apps/server/src/modules/cards/tables.ts',
    './apps/server/src/modules/orders/tables.ts',
    './apps/server/src/modules/iv/tables.ts',
    './apps/server/src/modules/reports/tables.ts',
  ],
});
