/**
 * bench/ingest: N simulated collectors publish telemetry over MQTT to the real server (child process, embedded
 * broker) on a real PostgreSQL; the figure is readings stored per second end to end (a batch counts when its
 * PUBACK, sent after the commit, arrives). Then the same over HTTP (POST /prod-api/device/v1/telemetry), and the
 * raw COPY rate into the same table in the same run for comparison. Needs PostgreSQL:
 * `node scripts/with-postgres.mjs npm run bench:ingest -w bench`.
 * Options: COLLECTORS (200), DEVICES_PER_COLLECTOR (25), READINGS_PER_DEVICE (200), STEPS_PER_BATCH (4).
 * Last line: MQTT and HTTP rates [readings/s], the raw COPY rate, their ratio, the server's peak memory [MB].
 */
import pg from 'pg';
import { benchBatchJson, benchReadingJson, createLoadFleet, prepareDatabase } from '../lib/benchFleet.ts';
import { startBenchServer } from '../lib/benchServer.ts';
import { cpuSeconds, pgCpuSeconds } from '../lib/cpuTime.ts';
import { measureRawInsert } from '../raw-insert/measureRawInsert.ts';
import { runMqttLoad } from './runMqttLoad.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (node scripts/with-postgres.mjs ...)');
  process.exit(1);
}
const collectors = Number(process.env.COLLECTORS ?? 200);
const devicesPerCollector = Number(process.env.DEVICES_PER_COLLECTOR ?? 25);
const readingsPerDevice = Number(process.env.READINGS_PER_DEVICE ?? 200);
const stepsPerBatch = Number(process.env.STEPS_PER_BATCH ?? 4);

await prepareDatabase(url);
const fleet = await createLoadFleet(url, 'm', collectors, devicesPerCollector);
const httpFleet = await createLoadFleet(
  url,
  'h',
  Math.max(1, Math.round(collectors / 4)),
  devicesPerCollector,
);
const server = await startBenchServer(url);
const total = async () => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ n: string }>('select count(*) as n from telemetry');
  await c.end();
  return Number(r.rows[0]!.n);
};

const ownCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

// MQTT. The load generator shares the two cores with the server and PostgreSQL: its CPU time is reported, and
// the server's own throughput per CPU second with it.
let serverCpu0 = 0;
let pgCpu0 = 0;
let loadCpu0 = 0;
let commits0 = 0;
/** Transactions committed in the database so far (PostgreSQL's statistics, which lag a little). */
const commitCount = async () => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ n: string }>(
    'select xact_commit as n from pg_stat_database where datname = current_database()',
  );
  await c.end();
  return Number(r.rows[0]!.n);
};
const startMs = Date.now() - 6 * 86_400_000;
const mqttRun = await runMqttLoad({
  url: `mqtt://127.0.0.1:${server.mqttPort}`,
  fleet,
  readingsPerDevice,
  stepsPerBatch,
  startMs,
  prebuild: true,
  onStart: async () => {
    serverCpu0 = cpuSeconds(server.child.pid!);
    pgCpu0 = await pgCpuSeconds(url);
    loadCpu0 = ownCpuSeconds();
    commits0 = await commitCount();
  },
});
const serverCpu = cpuSeconds(server.child.pid!) - serverCpu0;
const pgCpu = (await pgCpuSeconds(url)) - pgCpu0;
const loadCpu = ownCpuSeconds() - loadCpu0;
const commits = (await commitCount()) - commits0;
await Promise.all(mqttRun.clients.map((c) => c.endAsync()));
const mqttRate = Math.round(mqttRun.readings / mqttRun.seconds);
const mqttRss = server.maxRssMb();
const storedAfterMqtt = await total();
console.log(
  `mqtt: ${mqttRun.readings} readings in ${mqttRun.seconds.toFixed(1)} s (${storedAfterMqtt} rows stored, ` +
    `about ${commits} transactions); ` +
    `server CPU ${serverCpu.toFixed(1)} s (${Math.round(mqttRun.readings / serverCpu)} readings per server CPU second), ` +
    `PostgreSQL CPU ${pgCpu.toFixed(1)} s, load generator CPU ${loadCpu.toFixed(1)} s`,
);

// HTTP: the same batches POSTed with the collectors' credentials, 32 requests in flight.
const httpStart = Date.now() - 3 * 86_400_000;
let seq = 0;
const httpReadingsPerDevice = Math.round(readingsPerDevice / 2);
const t0 = performance.now();
let httpReadings = 0;
const queue = httpFleet.collectors.flatMap((c) =>
  Array.from({ length: Math.ceil(httpReadingsPerDevice / stepsPerBatch) }, (_, b) => ({ c, b })),
);
await Promise.all(
  Array.from({ length: 32 }, async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const readings: string[] = [];
      for (let s = 0; s < stepsPerBatch; s++) {
        const step = job.b * stepsPerBatch + s;
        if (step >= httpReadingsPerDevice) break;
        for (const sn of job.c.devices) readings.push(benchReadingJson(sn, httpStart + step * 60_000, step));
      }
      const res = await fetch(`http://127.0.0.1:${server.httpPort}/prod-api/device/v1/telemetry`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Basic ${Buffer.from(`${job.c.serial}:${job.c.secret}`).toString('base64')}`,
        },
        body: benchBatchJson(seq++, readings),
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
      httpReadings += readings.length;
    }
  }),
);
const httpSeconds = (performance.now() - t0) / 1000;
const httpRate = Math.round(httpReadings / httpSeconds);
const peakRss = server.maxRssMb();
await server.stop();
console.log(`http: ${httpReadings} readings in ${httpSeconds.toFixed(1)} s`);

// Raw COPY into the same table, same run, same machine.
const raw = await measureRawInsert(url, 200_000, ['copy']);
console.log(
  `ingest (${collectors} collectors x ${devicesPerCollector} devices, ${stepsPerBatch * devicesPerCollector} readings/batch): ` +
    `MQTT ${mqttRate} readings/s, HTTP ${httpRate} readings/s, raw COPY ${raw.copy} rows/s, ` +
    `MQTT/COPY ${(mqttRate / raw.copy).toFixed(2)}, ` +
    `server ${Math.round(mqttRun.readings / serverCpu)} readings per CPU second (CPU s: server ${serverCpu.toFixed(0)}, PostgreSQL ${pgCpu.toFixed(0)}, load generator ${loadCpu.toFixed(0)}), ` +
    `server peak RSS ${Math.round(Math.max(mqttRss, peakRss))} MB`,
);
