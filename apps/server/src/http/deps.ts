import type { Config } from '../config.ts';
import type { Database } from '../db/openDatabase.ts';
import type { Mailer } from '../mail/Mailer.ts';
import type { AlarmBus } from '../modules/alarms/alarmBus.ts';
import type { AlarmEngine } from '../modules/alarms/AlarmEngine.ts';
import type { AuthContext } from '../modules/auth/AuthContext.ts';
import type { Carrier } from '../modules/cards/Carrier.ts';
import type { PaymentProvider } from '../modules/orders/payments/PaymentProvider.ts';
import type { FleetChanges } from '../modules/devices/fleetChanges.ts';
import type { CommandCenter } from '../modules/commands/CommandCenter.ts';
import type { AlarmMailQueue } from '../modules/notifications/AlarmMailQueue.ts';
import type { DeviceLink } from '../modules/deviceLink/DeviceLink.ts';
import type { BrokerAccounts } from '../modules/devices/BrokerAccounts.ts';
import type { WorkOrderBus } from '../modules/workOrders/workOrderBus.ts';

/**
 * What every module and start-up hook reaches through `app.deps`: one object built once by `buildDeps` (called
 * by `buildApp`), so that every part shares the same device link and events, and tests reach them the same way.
 */
export interface AppDeps {
  config: Config;
  db: Database;
  mailer: Mailer;
  /** The HS256 key shared by every instance (kept in the `settings` table). */
  signingKey: Uint8Array;
  /** Plants, collectors and devices changed: whoever keeps them in memory listens (the device link does). */
  fleetChanges: FleetChanges;
  /** The ingest, device registry, device events, metrics and `sendToDevice`. */
  deviceLink: DeviceLink;
  /** The external broker's accounts of the collectors (none for the embedded broker): devices/BrokerAccounts.ts. */
  brokerAccounts: BrokerAccounts;
  /** Alarms raised and changed, in this process (the alarm stream, the mails and the fan-out listen). */
  alarmBus: AlarmBus;
  /** Turns the device link's events into alarms, in order. */
  alarmEngine: AlarmEngine;
  /** Work orders opened or moved, in this process (the walls' push and the fan-out listen). */
  workOrderBus: WorkOrderBus;
  /** Mails level-3 alarms as they are raised. */
  alarmMails: AlarmMailQueue;
  /** Commands to devices: sends them through the device link, takes the replies, pushes their states. */
  commandCenter: CommandCenter;
  /** The carrier of the collectors' internet cards (cards/Carrier.ts; the simulated one until a real adapter). */
  carrier: Carrier;
  /** The payment provider of renewal orders by its name: the one `PAYMENT_PROVIDER` names (orders/payments/). */
  payments: ReadonlyMap<string, PaymentProvider>;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
  interface FastifyRequest {
    /** Set by `authenticate`; read it through `callerOf(request)`. */
    auth: AuthContext | undefined;
  }
}
