import type { FastifyBaseLogger } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/openDatabase.ts';
import type { AppDeps } from './http/deps.ts';
import type { Mailer } from './mail/Mailer.ts';
import { createAlarmBus } from './modules/alarms/alarmBus.ts';
import { createWorkOrderBus } from './modules/workOrders/workOrderBus.ts';
import { AlarmEngine } from './modules/alarms/AlarmEngine.ts';
import { loadSigningKey } from './modules/auth/signingKey.ts';
import { SimulatedCarrier } from './modules/cards/SimulatedCarrier.ts';
import { CommandCenter } from './modules/commands/index.ts';
import { testCrashPoint } from './modules/commands/testCrashPoint.ts';
import { createFleetChanges } from './modules/devices/fleetChanges.ts';
import { FirmwareTransfer } from './modules/firmware/transfer.ts';
import { settleScansOnApplied } from './modules/iv/settleOnApplied.ts';
import { AlarmMailQueue } from './modules/notifications/AlarmMailQueue.ts';
import { buildPaymentProvider } from './modules/orders/payments/paymentProviders.ts';
import { DeviceLink } from './modules/deviceLink/DeviceLink.ts';
import { noBrokerAccounts, type BrokerAccounts } from './modules/devices/BrokerAccounts.ts';
import { DynamicSecurityAccounts } from './modules/deviceLink/DynamicSecurityAccounts.ts';

/**
 * Builds the app's dependencies once (`buildApp` calls it): the parts that several modules and start-up hooks
 * share are made here and handed to them in `app.deps`, never looked up by database or written from outside.
 * Returns them with the function that stops their timers and listeners when the app closes.
 */
export async function buildDeps(options: {
  config: Config;
  db: Database;
  mailer: Mailer;
  logger: FastifyBaseLogger;
}): Promise<{ deps: AppDeps; close(): Promise<void> }> {
  const { config, db, mailer, logger } = options;
  const fleetChanges = createFleetChanges();
  const deviceLink = new DeviceLink({ db, fleetChanges, logger });
  const alarmBus = createAlarmBus();
  const workOrderBus = createWorkOrderBus();
  const alarmEngine = new AlarmEngine({ db, alarmBus }, deviceLink.events, logger);
  const alarmMails = new AlarmMailQueue(db, mailer, alarmBus, logger);
  const commandCenter = new CommandCenter(
    db,
    (serial, message) => deviceLink.sendToDevice(serial, message),
    logger,
    { crashAt: testCrashPoint(process.env) },
  );
  // A collector back online gets its queued commands at once (the command job would within one turn): its own
  // only, so that a thousand collectors reconnecting do not each re-send everything that waits.
  const onOnline = (collectorId: number) =>
    void commandCenter
      .dispatch({ collectorId })
      .catch((err: unknown) => logger.error({ err }, 'command dispatch failed'));
  const detachReplies = deviceLink.onReply((serial, payload) => commandCenter.onReply(serial, payload));
  deviceLink.events.on('online', onOnline);
  // Each telemetry batch costs its collector's card some traffic (the simulated carrier counts it).
  const carrier = new SimulatedCarrier(db);
  const onTraffic = (_readings: unknown, collectorIds: number[]) => carrier.trafficSeen(collectorIds);
  deviceLink.events.on('telemetry', onTraffic);
  // A device's chunk requests and upgrade stages reach the firmware transfer through the command model's replies.
  const transfer = new FirmwareTransfer(commandCenter, config.filesDir);
  const detachProgress = commandCenter.onProgress((serial, reply) => transfer.take(serial, reply));
  // An applied IV scan command has its curves settled into the scan's strings at once.
  const stopSettlingScans = settleScansOnApplied(db, commandCenter, logger);
  const brokerAccounts: BrokerAccounts =
    config.mqttUrl && config.mqttAdmin
      ? new DynamicSecurityAccounts({
          url: config.mqttUrl,
          ...config.mqttAdmin,
          clientId: `${config.mqttClientId}-admin`,
        })
      : noBrokerAccounts;
  const payment = buildPaymentProvider(config, db);
  const deps: AppDeps = {
    config,
    db,
    mailer,
    signingKey: await loadSigningKey(db),
    fleetChanges,
    deviceLink,
    brokerAccounts,
    alarmBus,
    workOrderBus,
    alarmEngine,
    alarmMails,
    commandCenter,
    carrier,
    payments: new Map([[payment.name, payment]]),
  };
  return {
    deps,
    async close() {
      // What takes the commands' replies and changes first: nothing new may start once the link closes.
      detachProgress();
      transfer.close();
      await stopSettlingScans();
      // Upstream first: what the link reported becomes alarms, whose mails are then sent.
      detachReplies();
      deviceLink.events.off('online', onOnline);
      deviceLink.events.off('telemetry', onTraffic);
      deviceLink.close();
      await alarmEngine.flush();
      alarmEngine.stop();
      await alarmMails.stop();
      await brokerAccounts.close();
    },
  };
}
