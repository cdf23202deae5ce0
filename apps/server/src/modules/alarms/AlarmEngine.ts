import { SerialWork } from '../../jobs/SerialWork.ts';
import type {
  CommittedReading,
  DeviceLinkEvents,
  StoredDeviceEvent,
} from '../deviceLink/deviceLinkEvents.ts';
import {
  onDeviceEvents,
  onOffline,
  onTelemetry,
  recoverCollectorOffline,
  type AlarmDeps,
} from './service.ts';

export interface EngineLogger {
  error(obj: object, msg: string): void;
}

/**
 * Turns what the device link reports into alarms: device events, fault codes in readings, offline and online
 * transitions. Work runs one piece at a time in arrival order (a fault raised then cleared in two batches must
 * not be applied the other way round); `flush()` waits for what is queued. Built once by `buildDeps`.
 */
export class AlarmEngine {
  private readonly work: SerialWork;
  private readonly detach: () => void;

  constructor(deps: AlarmDeps, link: DeviceLinkEvents, logger: EngineLogger) {
    this.work = new SerialWork((err) => logger.error({ err }, 'alarm engine failed'));
    const onT = (readings: CommittedReading[], collectorIds: number[]) =>
      this.work.add(() => onTelemetry(deps, readings, collectorIds));
    const onE = (events: StoredDeviceEvent[]) => this.work.add(() => onDeviceEvents(deps, events));
    const onOff = (collectorIds: number[], deviceIds: number[]) =>
      this.work.add(() => onOffline(deps, collectorIds, deviceIds));
    const onOn = (collectorId: number) => this.work.add(() => recoverCollectorOffline(deps, [collectorId]));
    link.on('telemetry', onT);
    link.on('events', onE);
    link.on('offline', onOff);
    link.on('online', onOn);
    this.detach = () => {
      link.off('telemetry', onT);
      link.off('events', onE);
      link.off('offline', onOff);
      link.off('online', onOn);
    };
  }

  /** Resolves when everything reported so far is applied. */
  flush(): Promise<void> {
    return this.work.flush();
  }

  /** Stops listening (the app closes). */
  stop(): void {
    this.detach();
  }
}
