import type { FastifyPluginAsync } from 'fastify';
import { auditModule } from './audit/routes.ts';
import { operationLogModule } from './audit/operationLogRoutes.ts';
import { authModule } from './auth/routes.ts';
import { healthModule } from './health/routes.ts';
import { systemModule } from './system/routes.ts';
import { usersModule } from './users/routes.ts';
import { telemetryModule } from './deviceLink/httpRoutes.ts';
import { plantsModule } from './plants/routes.ts';
import { devicesModule } from './devices/routes.ts';
import { alarmsModule } from './alarms/routes.ts';
import { serialsModule } from './serials/routes.ts';
import { shipmentsModule } from './shipments/routes.ts';
import { commandsModule } from './commands/routes.ts';
import { exhibitModule } from './exhibit/routes.ts';
import { workOrdersModule } from './workOrders/routes.ts';
import { ivModule } from './iv/routes.ts';
import { firmwareModule } from './firmware/routes.ts';
import { reportsModule } from './reports/routes.ts';
import { manualsModule } from './manuals/routes.ts';
import { manualAddressModule } from './manuals/addressRoutes.ts';
import { cardsModule } from './cards/routes.ts';
import { ordersModule } from './orders/routes.ts';

/**
 * Every domain module, registered by `buildApp` under /prod-api in this order. Each is a named plugin declaring
 * the modules it depends on, so a wrong order fails at boot. Append new modules at the end.
 */
export const MODULES: FastifyPluginAsync[] = [
  healthModule,
  auditModule,
  authModule,
  usersModule,
  systemModule,
  operationLogModule,
  telemetryModule,
  plantsModule,
  devicesModule,
  alarmsModule,
  serialsModule,
  shipmentsModule,
  commandsModule,
  exhibitModule,
  workOrdersModule,
  ivModule,
  firmwareModule,
  reportsModule,
  manualsModule,
  cardsModule,
  ordersModule,
];

/**
 * Modules served at the root, outside /prod-api: addresses printed for people to open without the console (the
 * manuals' QR codes). Registered after the API and before the console's files.
 */
export const ROOT_MODULES: FastifyPluginAsync[] = [manualAddressModule];
