import type { Database } from '../../db/openDatabase.ts';
import { deviceLinkEvents } from '../telemetry/deviceLinkEvents.ts';
import { onDeviceEvents, onOffline, onTelemetry, recoverCollectorOffline } from './service.ts';

export interface EngineLogger {
  error(obj: object, msg: string): void;
}

const engines = new WeakMap<Database, AlarmEngine>();

/**
 * Turns what the device link reports into alarms: device events, fault codes in readings, offline and online
 * transitions. Work runs one piece at a time in arrival order (a fault raised then cleared in two batches must
 * not be applied the other way round); `flush()` waits for what is queued.
 */
export class AlarmEngine {
  private tail: Promise<void> = Promise.resolve();
  private readonly detach: () => void;

  private constructor(
    private readonly db: Database,
    private readonly logger: EngineLogger,
  ) {
    const link = deviceLinkEvents(db);
    const onT: typeof onTelemetry extends (db: Database, ...a: infer A) => unknown
      ? (...a: A) => void
      : never = (readings, collectorIds) => this.queue(() => onTelemetry(db, readings, collectorIds));
    const onE = (events: Parameters<typeof onDeviceEvents>[1]) =>
      this.queue(() => onDeviceEvents(db, events));
    const onOff = (collectorIds: number[], deviceIds: number[]) =>
      this.queue(() => onOffline(db, collectorIds, deviceIds));
    const onOn = (collectorId: number) => this.queue(() => recoverCollectorOffline(db, [collectorId]));
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

  /** The engine of `db`, started on first use (the alarms plugin starts it; tests reach it through this). */
  static for(db: Database, logger: EngineLogger = { error: () => undefined }): AlarmEngine {
    let e = engines.get(db);
    if (!e) {
      e = new AlarmEngine(db, logger);
      engines.set(db, e);
    }
    return e;
  }

  private queue(work: () => Promise<unknown>): void {
    this.tail = this.tail.then(work).then(
      () => undefined,
      (err: unknown) => this.logger.error({ err }, 'alarm engine failed'),
    );
  }

  /** Resolves when everything reported so far is applied. */
  async flush(): Promise<void> {
    let t;
    do {
      t = this.tail;
      await t;
    } while (t !== this.tail);
  }

  /** Stops listening (the app closes). */
  stop(): void {
    this.detach();
    engines.delete(this.db);
  }
}
