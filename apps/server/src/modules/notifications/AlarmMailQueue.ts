import type { AlarmPush } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { SerialWork } from '../../jobs/SerialWork.ts';
import type { Mailer } from '../../mail/Mailer.ts';
import type { AlarmBus } from '../alarms/alarmBus.ts';
import { mailLevel3Alarms } from './alarmMails.ts';

/**
 * Notifications: mails on level-3 alarms to the plant's owner and installer (opt-out, hourly cap, digest), one
 * batch of raised alarms at a time, as the alarm bus tells them. Built once by `buildDeps`; no routes of its own
 * (the opt-out is an alarm setting, `PUT /alarm/manager/settings/email`).
 */
export class AlarmMailQueue {
  private readonly work: SerialWork;
  private readonly onRaised = (alarms: AlarmPush[]) =>
    this.work.add(() => mailLevel3Alarms(this.db, this.mailer, alarms));

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly bus: AlarmBus,
    logger: { error(obj: object, msg: string): void },
  ) {
    this.work = new SerialWork((err) => logger.error({ err }, 'alarm mail failed'));
    bus.on('raised', this.onRaised);
  }

  /** Resolves once every mail of the alarms told so far is sent (tests and shutdown). */
  flush(): Promise<void> {
    return this.work.flush();
  }

  /** Stops listening and waits for the mails under way. */
  async stop(): Promise<void> {
    this.bus.off('raised', this.onRaised);
    await this.flush();
  }
}
