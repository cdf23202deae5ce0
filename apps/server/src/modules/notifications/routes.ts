import fp from 'fastify-plugin';
import type { FastifyPluginAsync } from 'fastify';
import type { AlarmPush } from '@solarops/contracts';
import { alarmBus } from '../alarms/alarmBus.ts';
import { mailLevel3Alarms } from './alarmMails.ts';

/** Pending mail work per app, so that tests and shutdown can wait for it. */
export const notificationWork = new WeakMap<object, () => Promise<void>>();

/**
 * Notifications: mails on level-3 alarms to the plant's owner and installer (opt-out, hourly cap, digest). No
 * routes of its own: the opt-out is an alarm setting (`PUT /alarm/manager/settings/email`).
 */
const plugin: FastifyPluginAsync = async (app) => {
  const { db, mailer } = app.deps;
  let tail: Promise<void> = Promise.resolve();
  const onRaised = (alarms: AlarmPush[]) => {
    tail = tail
      .then(() => mailLevel3Alarms(db, mailer, alarms))
      .catch((err: unknown) => app.log.error({ err }, 'alarm mail failed'));
  };
  const flush = async () => {
    let t;
    do {
      t = tail;
      await t;
    } while (t !== tail);
  };
  notificationWork.set(app.deps, flush);
  alarmBus(db).on('raised', onRaised);
  app.addHook('onClose', async () => {
    alarmBus(db).off('raised', onRaised);
    await flush();
  });
};

export const notificationsModule = fp(plugin, {
  name: 'notifications',
  encapsulate: true,
  dependencies: ['alarms'],
});
