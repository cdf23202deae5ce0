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
  let acked = 0;
  const t0 = performance.now();
  const perReading = o.ratePerSecond ? 1000 / o.ratePerSecond : 0;
  let budgetStart = performance.now();
  let sentReadings = 0;
  await Promise.all(
    o.fleet.collectors.map(async (c, ci) => {
      const client = clients[ci]!;
      const topic = deviceTopics(c.serial).telemetry;
      let step = 0;
      let seq = 0;
      const inflight = new Set<Promise<void>>();
      while (step < o.readingsPerDevice && !o.stopped?.()) {
        const readings: string[] = [];
        for (let s = 0; s < o.stepsPerBatch && step < o.readingsPerDevice; s++, step++) {
          for (const sn of c.devices) readings.push(benchReadingJson(sn, o.startMs + step * 60_000, step));
        }
        if (perReading > 0) {
          sentReadings += readings.length;
          const due = budgetStart + sentReadings * perReading - performance.now();
          if (due > 0) await new Promise((r) => setTimeout(r, due));
        }
        const n = readings.length;
        const p = client.publishAsync(topic, benchBatchJson(seq++, readings), { qos: 1 }).then(() => {
          acked += n;
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
