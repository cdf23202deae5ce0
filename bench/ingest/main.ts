/**
 * bench/ingest: N simulated collectors publish telemetry over MQTT to the real server (child process, embedded
 * broker) on a real PostgreSQL; the figure is readings stored per second end to end (a batch counts when its
 * PUBACK, sent after the commit, arrives). Then the same over HTTP (POST /prod-api/device/v1/telemetry), and the
 * raw COPY rate into the same table in the same run for comparison. Needs PostgreSQL:
 * `node scripts/with-postgres.mjs npm run bench:ingest -w bench`.
 * Options: COLLECTORS (200), DEVICES_PER_COLLECTOR (25), READINGS_PER_DEVICE (200), STEPS_PER_BATCH (4).
 * BASELINE_TREE=<dir>: another tree's server (a worktree of an older commit) measured in the same run, ROUNDS times
 * each (default 2) in turn with this one, each round on a fresh database (lib/sameRun.ts); the ratios of CPU per
 * reading are printed before the last line, which then holds this tree's rounds pooled.
 * Last line: MQTT and HTTP rates [readings/s], the raw COPY rate, their ratio, the server's readings per CPU
 * second, the CPU seconds of server, PostgreSQL and load generator, the server's peak memory [MB].
 */
import pg from 'pg';
import { benchBatchJson, benchReadingJson, createLoadFleet, prepareDatabase } from '../lib/benchFleet.ts';
import { startBenchServer } from '../lib/benchServer.ts';
import { cpuSeconds, pgCpuSeconds } from '../lib/cpuTime.ts';
import { ratio, roundsOf, sameRunRounds, type BenchTree } from '../lib/sameRun.ts';
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

/** What one round measured of one tree's server. */
interface IngestRound {
  mqttReadings: number;
  mqttSeconds: number;
  /** CPU seconds over the MQTT part. */
  serverCpu: number;
  pgCpu: number;
  loadCpu: number;
  httpReadings: number;
  httpSeconds: number;
  peakRssMb: number;
}

const ownCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

/** One round: a fleet on `dbUrl` (made with the tree's migrations), the tree's server, MQTT then HTTP. */
async function ingestRound(dbUrl: string, tree: BenchTree, tag: string): Promise<IngestRound> {
  await prepareDatabase(dbUrl, tree.migrationsDir);
  const fleet = await createLoadFleet(dbUrl, 'm', collectors, devicesPerCollector);
  const httpFleet = await createLoadFleet(
    dbUrl,
    'h',
    Math.max(1, Math.round(collectors / 4)),
    devicesPerCollector,
  );
  const server = await startBenchServer(dbUrl, {}, undefined, tree.serverDir);
  const total = async () => {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    const r = await c.query<{ n: string }>('select count(*) as n from telemetry');
    await c.end();
    return Number(r.rows[0]!.n);
  };

  // MQTT. The load generator shares the two cores with the server and PostgreSQL: its CPU time is reported, and
  // the server's own throughput per CPU second with it.
  let serverCpu0 = 0;
  let pgCpu0 = 0;
  let loadCpu0 = 0;
  let commits0 = 0;
  /** Transactions committed in the database so far (PostgreSQL's statistics, which lag a little). */
  const commitCount = async () => {
    const c = new pg.Client({ connectionString: dbUrl });
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
      pgCpu0 = await pgCpuSeconds(dbUrl);
      loadCpu0 = ownCpuSeconds();
      commits0 = await commitCount();
    },
  });
  const serverCpu = cpuSeconds(server.child.pid!) - serverCpu0;
  const pgCpu = (await pgCpuSeconds(dbUrl)) - pgCpu0;
  const loadCpu = ownCpuSeconds() - loadCpu0;
  const commits = (await commitCount()) - commits0;
  await Promise.all(mqttRun.clients.map((c) => c.endAsync()));
  const mqttRss = server.maxRssMb();
  const storedAfterMqtt = await total();
  console.log(
    `${tag}mqtt: ${mqttRun.readings} readings in ${mqttRun.seconds.toFixed(1)} s (${storedAfterMqtt} rows stored, ` +
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
          for (const sn of job.c.devices)
            readings.push(benchReadingJson(sn, httpStart + step * 60_000, step));
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
  const peakRss = server.maxRssMb();
  await server.stop();
  console.log(`${tag}http: ${httpReadings} readings in ${httpSeconds.toFixed(1)} s`);
  return {
    mqttReadings: mqttRun.readings,
    mqttSeconds: mqttRun.seconds,
    serverCpu,
    pgCpu,
    loadCpu,
    httpReadings,
    httpSeconds,
    peakRssMb: Math.max(mqttRss, peakRss),
  };
}

/** Rounds of one tree as one: readings, seconds and CPU summed, the highest memory. */
const pooled = (all: IngestRound[]): IngestRound => ({
  mqttReadings: all.reduce((a, r) => a + r.mqttReadings, 0),
  mqttSeconds: all.reduce((a, r) => a + r.mqttSeconds, 0),
  serverCpu: all.reduce((a, r) => a + r.serverCpu, 0),
  pgCpu: all.reduce((a, r) => a + r.pgCpu, 0),
  loadCpu: all.reduce((a, r) => a + r.loadCpu, 0),
  httpReadings: all.reduce((a, r) => a + r.httpReadings, 0),
  httpSeconds: all.reduce((a, r) => a + r.httpSeconds, 0),
  peakRssMb: Math.max(...all.map((r) => r.peakRssMb)),
});

const rounds = await sameRunRounds(url, 'ingest', ingestRound);
// The rounds' own databases are gone: the raw COPY below needs the tables on `url` too.
if (rounds.length > 1) await prepareDatabase(url);
const mine = pooled(roundsOf(rounds, 'this tree'));

// Raw COPY into the same table, same run, same machine.
const raw = await measureRawInsert(url, 200_000, ['copy']);
if (rounds.length > 1) {
  const base = pooled(roundsOf(rounds, 'baseline'));
  const perThousand = (cpu: number, r: IngestRound) => (cpu / r.mqttReadings) * 1e6;
  console.log(
    `ingest CPU per 1000 readings over MQTT, same run (${rounds.length / 2} rounds each): ` +
      `this tree server ${perThousand(mine.serverCpu, mine).toFixed(0)} ms + PostgreSQL ${perThousand(mine.pgCpu, mine).toFixed(0)} ms, ` +
      `baseline server ${perThousand(base.serverCpu, base).toFixed(0)} ms + PostgreSQL ${perThousand(base.pgCpu, base).toFixed(0)} ms; ` +
      `this tree / baseline: server CPU per reading ${ratio(perThousand(mine.serverCpu, mine), perThousand(base.serverCpu, base))}, ` +
      `PostgreSQL ${ratio(perThousand(mine.pgCpu, mine), perThousand(base.pgCpu, base))}, ` +
      `MQTT rate ${ratio(mine.mqttReadings / mine.mqttSeconds, base.mqttReadings / base.mqttSeconds)}, ` +
      `HTTP rate ${ratio(mine.httpReadings / mine.httpSeconds, base.httpReadings / base.httpSeconds)}`,
  );
}
const mqttRate = Math.round(mine.mqttReadings / mine.mqttSeconds);
const httpRate = Math.round(mine.httpReadings / mine.httpSeconds);
console.log(
  `ingest (${collectors} collectors x ${devicesPerCollector} devices, ${stepsPerBatch * devicesPerCollector} readings/batch): ` +
    `MQTT ${mqttRate} readings/s, HTTP ${httpRate} readings/s, raw COPY ${raw.copy} rows/s, ` +
    `MQTT/COPY ${(mqttRate / raw.copy).toFixed(2)}, ` +
    `server ${Math.round(mine.mqttReadings / mine.serverCpu)} readings per CPU second (CPU s: server ${mine.serverCpu.toFixed(0)}, PostgreSQL ${mine.pgCpu.toFixed(0)}, load generator ${mine.loadCpu.toFixed(0)}), ` +
    `server peak RSS ${Math.round(mine.peakRssMb)} MB`,
);
