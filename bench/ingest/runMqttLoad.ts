import mqtt, { type MqttClient } from 'mqtt';
import { deviceTopics } from '@solarops/contracts';
import { benchBatchJson, benchReadingJson, type LoadFleet } from '../lib/benchFleet.ts';

/** Options of {@link runMqttLoad}. */
export interface MqttLoadOptions {
  url: string;
  fleet: LoadFleet;
  /** Readings per device. */
  readingsPerDevice: number;
  /** Time steps per batch (a batch holds every device of the collector at each step). */
  stepsPerBatch: number;
  /** First reading time [ms]; readings are a minute apart. */
  startMs: number;
  /** Batches a collector keeps in flight (unacknowledged). */
  window?: number;
  /** Limit the rate to this many readings per second (the queries bench's background load) [1/s]. */
  ratePerSecond?: number;
  /** Stop early when this returns true. */
  stopped?: () => boolean;
  /**
   * Build every payload before the clock starts, as the raw COPY bench formats its lines before timing it: the
   * figure is then the server's store rate, not shared with the JSON building of collectors that, in a real
   * fleet, run on their own hardware. Off for the rate-limited background load, which runs open-ended.
   */
  prebuild?: boolean;
  /** Called when the clock starts (after the connections and any prebuilt payloads). */
  onStart?: () => Promise<void>;
}

interface Batch {
  payload: Buffer;
  readings: number;
}

/** A collector's batches in order: `stepsPerBatch` time steps of all its devices each. */
function* batchesOf(c: LoadFleet['collectors'][number], o: MqttLoadOptions): Generator<Batch> {
  let seq = 0;
  for (let step = 0; step < o.readingsPerDevice;) {
    const readings: string[] = [];
    for (let s = 0; s < o.stepsPerBatch && step < o.readingsPerDevice; s++, step++) {
      for (const sn of c.devices) readings.push(benchReadingJson(sn, o.startMs + step * 60_000, step));
    }
    yield { payload: Buffer.from(benchBatchJson(seq++, readings)), readings: readings.length };
  }
}

/**
 * Collectors publishing telemetry batches with QoS 1 as fast as the server acknowledges them (each keeps
 * `window` batches in flight), or at a fixed rate. Resolves with the readings acknowledged and the elapsed time.
 */
export async function runMqttLoad(
  o: MqttLoadOptions,
): Promise<{ readings: number; seconds: number; clients: MqttClient[] }> {
  const window = o.window ?? 8;
  const clients = await Promise.all(
    o.fleet.collectors.map(
      (c) =>
        new Promise<MqttClient>((resolve, reject) => {
          const client = mqtt.connect(o.url, {
            clientId: c.serial,
            username: c.serial,
            password: c.secret,
            reconnectPeriod: 0,
          });
          client.once('connect', () => resolve(client));
          client.once('error', reject);
        }),
    ),
  );
  const batches: Iterable<Batch>[] = o.fleet.collectors.map((c) =>
    o.prebuild ? [...batchesOf(c, o)] : batchesOf(c, o),
  );
  await o.onStart?.();
  let acked = 0;
  const t0 = performance.now();
  const perReading = o.ratePerSecond ? 1000 / o.ratePerSecond : 0;
  let budgetStart = performance.now();
  let sentReadings = 0;
  await Promise.all(
    o.fleet.collectors.map(async (c, ci) => {
      const client = clients[ci]!;
      const topic = deviceTopics(c.serial).telemetry;
      const inflight = new Set<Promise<void>>();
      for (const { payload, readings } of batches[ci]!) {
        if (o.stopped?.()) break;
        if (perReading > 0) {
          sentReadings += readings;
          const due = budgetStart + sentReadings * perReading - performance.now();
          if (due > 0) await new Promise((r) => setTimeout(r, due));
        }
        const p = client.publishAsync(topic, payload, { qos: 1 }).then(() => {
          acked += readings;
        });
        inflight.add(p);
        void p.finally(() => inflight.delete(p));
        if (inflight.size >= window) await Promise.race(inflight);
      }
      await Promise.all(inflight);
    }),
  );
  budgetStart = 0;
  return { readings: acked, seconds: (performance.now() - t0) / 1000, clients };
}
