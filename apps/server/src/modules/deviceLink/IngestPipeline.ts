import { sql } from 'drizzle-orm';
import {
  DEVICE_LIMITS,
  collectorStatusMessage,
  eventBatch,
  telemetryBatch,
  telemetryReading,
  type DeviceLinkMetrics,
  type RejectionReason,
  type TelemetryAck,
  type TelemetryReading,
} from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import type { CollectorInfo, DeviceInfo, DeviceRegistry } from './DeviceRegistry.ts';
import { checkBatch, isValidReading } from './checkReading.ts';
import { localDay, nextDay } from '../../time/localDay.ts';
import { MAX_LINE_PREFIX, readingCells, timeCells, writeLine } from '../telemetry/readingLines.ts';
import { storeBatch, type BatchToStore } from '../telemetry/storeBatch.ts';
import { scanTelemetryBatch, type ScannedReading } from './scanTelemetryBatch.ts';
import { LineSlabs, type Slab } from './LineSlabs.ts';
import { RejectionLog, type WarnLogger } from './RejectionLog.ts';
import type { CommittedReading, DeviceLinkEvents } from './deviceLinkEvents.ts';
import type { ListeningClock } from './ListeningClock.ts';

/** A batch refused as a whole (the HTTP call answers 400 or 413; MQTT acknowledges it so it is not re-sent). */
export class BatchRefused extends Error {
  constructor(readonly reason: RejectionReason) {
    super(reason);
    this.name = 'BatchRefused';
  }
}

/** A reading that passed the check; `reading` is its parsed object when it went the generic way. */
type CheckedReading = ScannedReading & { reading?: TelemetryReading };

interface CheckedBatch {
  seq: number;
  sentAt: number | undefined;
  readings: CheckedReading[];
  /** The readings' measurement cells (see ScannedReading). */
  cells: Buffer;
  /** The payload's bytes, when it came as bytes or text. */
  bytes: Buffer | undefined;
}

interface PendingWrite {
  collector: CollectorInfo;
  /** The readings to store, as COPY text lines in one buffer (readingLines.ts), and how many. */
  lines: Buffer;
  /** Where `lines` are kept (released when the batch is settled). */
  slab: Slab;
  count: number;
  /** Each device's newest device time in the batch [ms], by device id. */
  latest: Map<number, number>;
  dirty: { deviceId: number; plantId: number; day: string }[];
  quarantine: BatchToStore['quarantine'][number][];
  skewAlerts: { device: DeviceInfo; skewMs: number }[];
  skewCleared: DeviceInfo[];
  rebinds: DeviceInfo[];
  months: Set<string>;
  /** The newest reading of each device, told to the alarms after the commit. */
  committed: Map<number, CommittedReading>;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export interface IngestPipelineOptions {
  logger?: WarnLogger | undefined;
  /** The server clock [ms]; tests replace it. */
  now?: () => number;
  /** Largest number of readings in one transaction. */
  maxRowsPerCommit?: number;
  /**
   * Transactions in flight at once: while PostgreSQL writes one group, the next is being prepared and sent
   * (the database and the server each keep a core busy). Latest-state and device rows are written in device
   * order, so that concurrent groups lock them in the same order.
   */
  concurrency?: number;
  /**
   * Telemetry payload bytes admitted at once (parsed, queued or being stored); more batches wait as their
   * buffers. Parsed readings take several times their JSON size, so this bounds the server's memory.
   */
  maxAdmittedBytes?: number;
  /** Told how long each batch waited to be stored: a long wait is a stretch the server did not listen. */
  listening?: ListeningClock;
}

/**
 * The ingest of the device link (ARCHITECTURE §5): admits a batch (back-pressure, parse, check), then stores it
 * with every other batch waiting at that moment in one transaction (group commit: while one transaction runs, the
 * next batches queue up and go together; the transaction itself is telemetry's `storeBatch`). A batch's promise settles only after its transaction commits, and the transports acknowledge only
 * then (MQTT PUBACK, `down/ack {seq}`, the HTTP answer). Readings are stored idempotently (primary key device +
 * time), the latest state follows the newest device time, and the days they touch are marked for the rollups.
 */
export class IngestPipeline {
  readonly rejections: RejectionLog;
  private readonly now: () => number;
  private readonly maxRows: number;
  private queue: PendingWrite[] = [];
  private active = 0;
  /** Payload bytes of the telemetry batches admitted and not yet settled (stored or refused). */
  private admittedBytes = 0;
  private readonly maxAdmittedBytes: number;
  /** Settles whenever admitted bytes are released (back-pressure waits on it). */
  private released: Promise<void> = Promise.resolve();
  private markReleased: () => void = () => undefined;
  private readonly concurrency: number;
  private readonly knownMonths = new Set<string>();
  private readonly slabs = new LineSlabs();
  private idle: Promise<void> = Promise.resolve();
  private markIdle: () => void = () => undefined;
  readonly counters = { batches: 0, readingsStored: 0, readingsQuarantined: 0, commits: 0 };
  /** When each batch not yet settled was queued [ms since the epoch], oldest first (insertion order). */
  private readonly waiting = new Set<{ queuedAt: number }>();
  private readonly listening: ListeningClock | undefined;

  constructor(
    private readonly db: Database,
    readonly registry: DeviceRegistry,
    /** Told what was committed (the device link's events). */
    private readonly events: DeviceLinkEvents,
    options: IngestPipelineOptions = {},
  ) {
    this.rejections = new RejectionLog(options.logger);
    this.now = options.now ?? Date.now;
    this.maxRows = options.maxRowsPerCommit ?? 10_000;
    this.concurrency = options.concurrency ?? 3;
    this.maxAdmittedBytes = options.maxAdmittedBytes ?? 12 * 1024 * 1024;
    this.listening = options.listening;
    this.listening?.watchIngest(() => this.waiting.values().next().value?.queuedAt);
    this.released = new Promise((r) => (this.markReleased = r));
  }

  /** The ingest's counters (the device link adds the connections). */
  metrics(): Omit<DeviceLinkMetrics, 'connectedCollectors'> {
    return {
      ...this.counters,
      rejected: { ...this.rejections.counts },
      queueLength: this.queue.length,
    };
  }

  /** A payload's JSON bytes, refusing an oversized one; undefined when it came parsed already. */
  private payloadBytes(collectorSerial: string, payload: unknown): Buffer | undefined {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return undefined;
    const bytes = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (bytes.length > DEVICE_LIMITS.maxPayloadBytes) {
      this.rejections.note('oversized', collectorSerial, `${bytes.length} bytes`);
      throw new BatchRefused('oversized');
    }
    return bytes;
  }

  /** Parses a payload (Buffer, string or already-parsed JSON), refusing oversized and malformed ones. */
  private parse(collectorSerial: string, payload: unknown): unknown {
    const bytes = this.payloadBytes(collectorSerial, payload);
    return bytes === undefined ? payload : this.parseText(collectorSerial, bytes.toString());
  }

  private parseText(collectorSerial: string, text: string): unknown {
    try {
      return JSON.parse(text);
    } catch {
      this.rejections.note('malformed', collectorSerial, 'not JSON');
      throw new BatchRefused('malformed');
    }
  }

  /**
   * A telemetry batch's envelope and valid readings: by the scanner when it is sure of the payload (the hot path,
   * scanTelemetryBatch.ts), else by `JSON.parse` and the hand-written check, with zod for what that refuses, to
   * give the contract's message. Refused readings are counted through `refuse`.
   */
  private readBatch(
    collector: CollectorInfo,
    payload: unknown,
    refuse: (reason: RejectionReason, source: string, detail: string) => void,
  ): CheckedBatch {
    const bytes = this.payloadBytes(collector.serial, payload);
    const scanned = bytes === undefined ? undefined : scanTelemetryBatch(bytes);
    if (scanned) return { ...scanned, bytes };
    const data = bytes === undefined ? payload : this.parseText(collector.serial, bytes.toString());
    let envelope = checkBatch(data);
    if (!envelope) {
      const batch = telemetryBatch.safeParse(data);
      if (!batch.success) {
        this.rejections.note('invalidBatch', collector.serial, batch.error.issues[0]?.message ?? 'invalid');
        throw new BatchRefused('invalidBatch');
      }
      envelope = batch.data;
    }
    const readings: CheckedReading[] = [];
    // The cells of all readings in one buffer, as the scanner leaves them (they are ASCII: a byte a character).
    const cellTexts: string[] = [];
    let cellsLength = 0;
    const accept = (r: TelemetryReading) => {
      const text = readingCells(r);
      cellTexts.push(text);
      readings.push({
        sn: r.sn,
        ts: r.ts,
        faultCode: r.faultCode,
        cellStart: cellsLength,
        cellEnd: (cellsLength += text.length),
        start: -1,
        end: -1,
        reading: r,
      });
    };
    for (const raw of envelope.readings) {
      if (isValidReading(raw)) {
        accept(raw);
        continue;
      }
      const r = telemetryReading.safeParse(raw);
      if (r.success) accept(r.data);
      else {
        const issue = r.error.issues[0];
        const sn =
          typeof (raw as { sn?: unknown })?.sn === 'string' ? (raw as { sn: string }).sn : collector.serial;
        refuse('invalidReading', sn, `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`);
      }
    }
    const cells = Buffer.from(cellTexts.join(''), 'latin1');
    return { seq: envelope.seq, sentAt: envelope.sentAt, readings, cells, bytes };
  }

  /**
   * Stores a telemetry batch from `collector`. Resolves after the commit with what was accepted; throws
   * `BatchRefused` for a batch refused as a whole, or the database error when the store failed (then nothing is
   * acknowledged and the collector re-sends).
   */
  async ingestTelemetry(collector: CollectorInfo, payload: unknown): Promise<TelemetryAck> {
    // Back-pressure: a payload waits as its compact buffer, not as parsed objects, while much is admitted. The
    // bytes are taken before the first await, so a crowd of waiters woken together cannot all pass at once; a
    // batch larger than the bound still passes alone.
    const bytes =
      typeof payload === 'string' ? payload.length : Buffer.isBuffer(payload) ? payload.length : 1024;
    while (this.admittedBytes > 0 && this.admittedBytes + bytes > this.maxAdmittedBytes) await this.released;
    this.admittedBytes += bytes;
    try {
      return await this.admitted(collector, payload);
    } finally {
      this.admittedBytes -= bytes;
      const wake = this.markReleased;
      this.released = new Promise((r) => (this.markReleased = r));
      wake();
    }
  }

  private async admitted(collector: CollectorInfo, payload: unknown): Promise<TelemetryAck> {
    // The devices first: from the parse to the enqueue, the batch is then handled without a pause, so its parsed
    // objects are garbage before the next batch is parsed (only its reading lines wait for the commit).
    const loading = this.registry.load(collector);
    if (loading) await loading;
    const { seq, rejected, pending } = this.prepareWrite(collector, payload);
    const quarantined = pending.quarantine.length;
    await this.enqueue(pending);
    this.counters.readingsStored += pending.count;
    this.counters.readingsQuarantined += quarantined;
    return { seq, accepted: pending.count, rejected, quarantined };
  }

  /**
   * Reads and checks a batch and turns it into its write: the lines, latest state, days to roll up and alerts.
   * Synchronous, so that nothing of the batch but its write outlives it.
   */
  private prepareWrite(collector: CollectorInfo, payload: unknown) {
    const rejected: Partial<Record<RejectionReason, number>> = {};
    const refuse = (reason: RejectionReason, source: string, detail: string) => {
      rejected[reason] = (rejected[reason] ?? 0) + 1;
      this.rejections.note(reason, source, detail);
    };
    const { seq, sentAt, readings: valid, cells, bytes } = this.readBatch(collector, payload, refuse);
    this.counters.batches++;
    const devices = this.registry.devicesOf(
      collector,
      valid.map((r) => r.sn),
    );
    const nowMs = this.now();
    const receivedIso = new Date(nowMs).toISOString();
    // Every line fits: each has its cells and at most MAX_LINE_PREFIX bytes before them and a newline after.
    const { slab, room: lines } = this.slabs.take(cells.length + valid.length * (MAX_LINE_PREFIX + 1));
    let linesEnd = 0;
    const pending: Omit<PendingWrite, 'resolve' | 'reject'> = {
      collector,
      lines,
      slab,
      count: 0,
      latest: new Map(),
      dirty: [],
      quarantine: [],
      skewAlerts: [],
      skewCleared: [],
      rebinds: [],
      months: new Set(),
      committed: new Map(),
    };
    const dirtyKeys = new Set<string>();
    // The day a device was marked last: its next readings are mostly on the same day (checked without a key).
    const lastMarked = new Map<DeviceInfo, string>();
    const markDirty = (d: DeviceInfo, day: string) => {
      if (lastMarked.get(d) === day) return;
      lastMarked.set(d, day);
      const key = `${d.id}|${day}`;
      if (dirtyKeys.has(key)) return;
      dirtyKeys.add(key);
      pending.dirty.push({ deviceId: d.id, plantId: d.plantId, day });
    };
    // The collector's own clock, when it says: a clock off by more than 5 minutes raises an alert.
    const collectorSkew = sentAt === undefined ? 0 : sentAt - nowMs;
    const seenDevices = new Set<DeviceInfo>();
    // Each device's newest stored reading, by its index (objects are made for these only, not per reading).
    const newest = new Map<DeviceInfo, number>();
    // A batch holds every device of the collector at a few times: each time is converted to ISO text once.
    let tsMsOfIso = NaN;
    let times = Buffer.alloc(0);
    for (let i = 0; i < valid.length; i++) {
      const r = valid[i]!;
      const device = devices.get(r.sn);
      if (!device) {
        refuse('unknownDevice', r.sn, `not a device of collector ${collector.serial}`);
        continue;
      }
      seenDevices.add(device);
      const skew = r.ts - nowMs;
      if (skew > DEVICE_LIMITS.futureToleranceMs || -skew > DEVICE_LIMITS.bufferHorizonMs) {
        const reason = skew > 0 ? 'futureReading' : 'tooOldReading';
        refuse(reason, r.sn, `device time ${new Date(r.ts).toISOString()}`);
        pending.quarantine.push({
          plantId: device.plantId,
          deviceId: device.id,
          deviceSerial: r.sn,
          ts: new Date(r.ts).toISOString(),
          reason,
          payload: r.reading ?? JSON.parse(bytes!.toString('utf8', r.start, r.end)),
        });
        if (reason === 'futureReading' && !device.skewAlertOpen) {
          pending.skewAlerts.push({ device, skewMs: skew });
          device.skewAlertOpen = true;
        }
        continue;
      }
      if (r.ts !== tsMsOfIso) {
        tsMsOfIso = r.ts;
        const tsIso = new Date(r.ts).toISOString();
        times = timeCells(tsIso, receivedIso);
        // The month of the partition.
        pending.months.add(tsIso.slice(0, 7));
      }
      linesEnd = writeLine(lines, linesEnd, device, times, cells, r.cellStart, r.cellEnd);
      pending.count++;
      const best = newest.get(device);
      if (best === undefined || valid[best]!.ts < r.ts) newest.set(device, i);
      const day = localDay(device.timeZone, r.ts);
      markDirty(device, day);
      // A reading can change the first interval of the next day too (an interval's energy belongs to its end):
      // a late one always, and one in the last hour of the day, in case the next day's first reading was stored
      // and rolled up by a concurrent transaction before this one commits.
      if (r.ts < device.latestTsMs) markDirty(device, nextDay(day));
      else {
        const later = localDay(device.timeZone, r.ts + 3_600_000);
        if (later !== day) markDirty(device, later);
      }
    }
    for (const [device, i] of newest) {
      const r = valid[i]!;
      pending.latest.set(device.id, r.ts);
      pending.committed.set(device.id, {
        deviceId: device.id,
        plantId: device.plantId,
        collectorId: collector.id,
        tsMs: r.ts,
        faultCode: r.faultCode ?? 0,
      });
    }
    for (const device of seenDevices) {
      const latest = pending.latest.get(device.id);
      if (latest !== undefined && latest > device.latestTsMs) device.latestTsMs = latest;
      if (Math.abs(collectorSkew) > DEVICE_LIMITS.clockSkewAlertMs) {
        if (!device.skewAlertOpen) {
          pending.skewAlerts.push({ device, skewMs: collectorSkew });
          device.skewAlertOpen = true;
        }
      } else if (
        device.skewAlertOpen &&
        latest !== undefined &&
        Math.abs(latest - nowMs) <= DEVICE_LIMITS.clockSkewAlertMs
      ) {
        pending.skewCleared.push(device);
        device.skewAlertOpen = false;
      }
      if (device.collectorId !== collector.id) {
        pending.rebinds.push(device);
        device.collectorId = collector.id;
      }
    }
    pending.lines = this.slabs.keep(slab, linesEnd);
    return { seq, rejected, pending };
  }

  /** Stores an event batch (faults raised and cleared) idempotently; resolves after the commit. */
  async ingestEvents(collector: CollectorInfo, payload: unknown): Promise<{ seq: number; accepted: number }> {
    const data = this.parse(collector.serial, payload);
    const batch = eventBatch.safeParse(data);
    if (!batch.success) {
      this.rejections.note('invalidBatch', collector.serial, batch.error.issues[0]?.message ?? 'invalid');
      throw new BatchRefused('invalidBatch');
    }
    const devices = await this.registry.resolveDevices(
      collector,
      new Set(batch.data.events.map((e) => e.sn)),
    );
    const rows = batch.data.events.flatMap((e) => {
      const d = devices.get(e.sn);
      if (!d) {
        this.rejections.note('unknownDevice', e.sn, `not a device of collector ${collector.serial}`);
        return [];
      }
      return [{ d, e }];
    });
    if (rows.length > 0) {
      await this.db.execute(sql`
        insert into device_events (plant_id, device_id, ts, code, level, state, string_index)
        select * from unnest(
          ${sql.param(rows.map((r) => r.d.plantId))}::int[], ${sql.param(rows.map((r) => r.d.id))}::int[],
          ${sql.param(rows.map((r) => new Date(r.e.ts).toISOString()))}::timestamptz[],
          ${sql.param(rows.map((r) => r.e.code))}::int[], ${sql.param(rows.map((r) => r.e.level))}::smallint[],
          ${sql.param(rows.map((r) => r.e.state))}::text[],
          ${sql.param(rows.map((r) => r.e.stringIndex ?? null))}::smallint[])
        on conflict do nothing`);
      this.events.emit(
        'events',
        rows.map(({ d, e }) => ({
          deviceId: d.id,
          plantId: d.plantId,
          collectorId: collector.id,
          tsMs: e.ts,
          code: e.code,
          level: e.level,
          state: e.state,
          stringIndex: e.stringIndex,
          record: e.record,
        })),
      );
    }
    return { seq: batch.data.seq, accepted: rows.length };
  }

  /** Applies a status message (online with details, or the last will's offline). */
  async updateStatus(collector: CollectorInfo, payload: unknown): Promise<void> {
    let data: unknown;
    try {
      data = this.parse(collector.serial, payload);
    } catch {
      return;
    }
    const msg = collectorStatusMessage.safeParse(data);
    if (!msg.success) {
      this.rejections.note('invalidBatch', collector.serial, 'bad status message');
      return;
    }
    const s = msg.data;
    if (s.state === 'offline') {
      await this.db.execute(sql`update collectors set online = false where id = ${collector.id}`);
      this.events.emit('offline', [collector.id], []);
      return;
    }
    await this.db.execute(sql`
      update collectors set online = true, last_seen_at = now(),
        firmware_version = coalesce(${s.firmware ?? null}, firmware_version),
        signal = coalesce(${s.signal ?? null}::smallint, signal),
        iccid = coalesce(${s.iccid ?? null}, iccid),
        report_interval_s = coalesce(${s.intervalS ?? null}::int, report_interval_s),
        clock_offset_ms = coalesce(
          ${s.clock?.ms ?? null}::bigint - (extract(epoch from clock_timestamp()) * 1000)::bigint, clock_offset_ms),
        clock_synced = case when ${s.clock !== undefined} then ${s.clock?.synced ?? null}::boolean else clock_synced end,
        dropped_readings = coalesce(${s.droppedReadings ?? null}::bigint, dropped_readings),
        agent_report = coalesce(${s.agent ? JSON.stringify(s.agent) : null}::jsonb, agent_report)
      where id = ${collector.id}`);
    this.events.emit('online', collector.id);
  }

  /** Resolves once nothing is queued or being written (tests and shutdown). */
  async flush(): Promise<void> {
    while (this.active > 0 || this.queue.length > 0) await this.idle;
  }

  private enqueue(p: Omit<PendingWrite, 'resolve' | 'reject'>): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      // Real time, not `now` (tests move that): the offline detection compares it with the database's clock.
      const wait = { queuedAt: Date.now() };
      this.waiting.add(wait);
      const settled = () => {
        this.waiting.delete(wait);
        this.listening?.stalled(wait.queuedAt, Date.now());
        // The lines' room is used again once the batch is settled, stored or not.
        this.slabs.release(p.slab);
      };
      this.queue.push({
        ...p,
        resolve: () => {
          settled();
          resolve();
        },
        reject: (err) => {
          settled();
          reject(err);
        },
      });
      this.pump();
    });
  }

  /** Starts transactions while fewer than `concurrency` run; each takes everything queued up to `maxRows`. */
  private pump(): void {
    while (this.active < this.concurrency && this.queue.length > 0) {
      if (this.active === 0) this.idle = new Promise((r) => (this.markIdle = r));
      const group: PendingWrite[] = [];
      let rows = 0;
      while (this.queue.length > 0 && (group.length === 0 || rows + this.queue[0]!.count <= this.maxRows)) {
        const p = this.queue.shift()!;
        group.push(p);
        rows += p.count;
      }
      this.active++;
      void this.store(group).finally(() => {
        this.active--;
        if (this.queue.length > 0) this.pump();
        else if (this.active === 0) this.markIdle();
      });
    }
  }

  private async store(group: PendingWrite[]): Promise<void> {
    try {
      await this.commit(group);
      this.tellCommitted(group);
      for (const p of group) p.resolve();
    } catch (err) {
      if (group.length === 1) {
        this.rejections.note('storeFailed', group[0]!.collector.serial, (err as Error).message);
        group[0]!.reject(err);
        return;
      }
      // One bad batch must not sink the others (nor a deadlock between two groups): store them one by one.
      for (const p of group) {
        try {
          await this.commit([p]);
          this.tellCommitted([p]);
          p.resolve();
        } catch (e) {
          this.rejections.note('storeFailed', p.collector.serial, (e as Error).message);
          p.reject(e);
        }
      }
    }
  }

  /** Tells the listeners (alarms) what was committed: each device's newest reading and the collectors heard. */
  private tellCommitted(group: PendingWrite[]): void {
    if (this.events.listenerCount('telemetry') === 0) return;
    const readings = group.flatMap((p) => [...p.committed.values()]);
    this.events.emit('telemetry', readings, [...new Set(group.map((p) => p.collector.id))]);
  }

  private async commit(group: PendingWrite[]): Promise<void> {
    await storeBatch(this.db, group, this.knownMonths);
    this.counters.commits++;
  }
}
