/**
 * The queries bench's background ingest, run as its own process: the collectors' MQTT work must not delay the
 * timed HTTP calls on the bench's event loop (it still shares the machine's cores, as it would in production).
 * Reads its options as JSON from BENCH_LOAD, publishes until SIGTERM, then prints `{readings, seconds}`.
 */
import type { LoadFleet } from '../lib/benchFleet.ts';
import { runMqttLoad } from '../ingest/runMqttLoad.ts';

const o = JSON.parse(process.env.BENCH_LOAD ?? '{}') as {
  url: string;
  fleet: LoadFleet;
  ratePerSecond: number;
  startMs: number;
};
let stop = false;
process.once('SIGTERM', () => (stop = true));
const run = await runMqttLoad({
  url: o.url,
  fleet: o.fleet,
  readingsPerDevice: 1_000_000,
  stepsPerBatch: 1,
  startMs: o.startMs,
  ratePerSecond: o.ratePerSecond,
  stopped: () => stop,
});
await Promise.all(run.clients.map((c) => c.endAsync()));
console.log(JSON.stringify({ readings: run.readings, seconds: run.seconds }));
process.exit(0);
