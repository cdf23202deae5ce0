/**
 * bench/soak: the load and soak of the reliability matrix (L rows). The real server (child process, embedded broker)
 * on PostgreSQL, a fleet of COLLECTORS × DEVICES_PER_COLLECTOR inverters (default 500 × 10 = 5 000) each sending a
 * reading every INTERVAL_S seconds over MQTT (QoS 1, counted when the PUBACK sent after the commit arrives), USERS
 * console users (default 50) each cycling through the plant list, a plant's power curve, a plant's month report and
 * /health with a second between calls, and every STORM_EVERY_S seconds a report storm: STORM users at once ask a
 * plant's year report, and as many the whole fleet's year with availability (beyond the report cost bound: 422).
 * Runs MINUTES minutes (default 30). Needs PostgreSQL: `node scripts/with-postgres.mjs npm run bench:soak -w bench`.
 *
 * Prints readings lost (acknowledged but not stored) and duplicated (stored twice), the API's p95 per call kind,
 * the event loop's delay p99 (the server's /metrics, per 10 s scrape: the worst and the median window), the
 * server's RSS each minute and its growth after the first third of the run (10 minutes of 30), and the CPU seconds
 * of the server and PostgreSQL per 1 000 readings and per 100 API calls, beside the wall-clock rates.
 * Not measured here: commands (the bench fleet does not answer them).
 */
import { readFileSync } from 'node:fs';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { deviceTopics } from '@solarops/contracts';
import { benchBatchJson, benchReadingJson, createLoadFleet, prepareDatabase } from '../lib/benchFleet.ts';
import { percentile, signInHeaders, startBenchServer } from '../lib/benchServer.ts';
import { cpuSeconds, pgCpuSeconds } from '../lib/cpuTime.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (node scripts/with-postgres.mjs ...)');
  process.exit(1);
}
const collectors = Number(process.env.COLLECTORS ?? 500);
const devicesPerCollector = Number(process.env.DEVICES_PER_COLLECTOR ?? 10);
const minutes = Number(process.env.MINUTES ?? 30);
const users = Number(process.env.USERS ?? 50);
const intervalS = Number(process.env.INTERVAL_S ?? 10);
const stormEveryS = Number(process.env.STORM_EVERY_S ?? 120);
const storm = Number(process.env.STORM ?? 10);
const PASSWORD = 'Bench-soak-2024';
const METRICS_TOKEN = 'bench-soak-metrics-token';
const runMs = minutes * 60_000;

await prepareDatabase(url);
const fleet = await createLoadFleet(url, 's', collectors, devicesPerCollector);
const server = await startBenchServer(url, { ADMIN_PASSWORD: PASSWORD, METRICS_TOKEN });
const base = `http://127.0.0.1:${server.httpPort}/prod-api`;
const pid = server.child.pid!;
const rssMb = () => {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
};

// The plants of the fleet, for the users' calls.
const plantIds = await (async () => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ id: number }>(`select id from plants where code like 's%' order by id`);
  await c.end();
  return r.rows.map((x) => x.id);
})();

const clients = await Promise.all(
  fleet.collectors.map(
    (c) =>
      new Promise<MqttClient>((resolve, reject) => {
        const client = mqtt.connect(`mqtt://127.0.0.1:${server.mqttPort}`, {
          clientId: c.serial,
          username: c.serial,
          password: c.secret,
          reconnectPeriod: 1000,
        });
        client.once('connect', () => resolve(client));
        client.once('error', reject);
      }),
  ),
);
// One session shared by the users: sign-in is rate-limited per address (30 a minute), and every user here comes
// from the same one.
const session = await signInHeaders(base, 'admin', PASSWORD);
const headers = Array.from({ length: users }, () => session);

const t0 = Date.now();
const end = t0 + runMs;
const running = () => Date.now() < end;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cpu0 = { server: cpuSeconds(pid), pg: await pgCpuSeconds(url) };

// The fleet: each collector sends every INTERVAL_S a batch of one reading per device, a minute of device time apart
// (readings must be distinct in time per device), spread over the interval so that batches do not come in waves.
let sent = 0;
let acked = 0;
let refused = 0;
const firstTs = Date.now() - 2 * 86_400_000;
const fleetRun = Promise.all(
  fleet.collectors.map(async (c, ci) => {
    const client = clients[ci]!;
    const topic = deviceTopics(c.serial).telemetry;
    await sleep((ci / fleet.collectors.length) * intervalS * 1000);
    for (let step = 0; running(); step++) {
      const due = t0 + (ci / fleet.collectors.length + step) * intervalS * 1000;
      if (due > Date.now()) await sleep(due - Date.now());
      if (!running()) break;
      const readings = c.devices.map((sn) => benchReadingJson(sn, firstTs + step * 60_000, step));
      sent += readings.length;
      // Not awaited in turn: a slow acknowledgement must not slow the collector's clock.
      void client.publishAsync(topic, Buffer.from(benchBatchJson(step, readings)), { qos: 1 }).then(
        () => (acked += readings.length),
        () => (refused += readings.length),
      );
    }
  }),
);

// The console users.
interface CallKind {
  ms: number[];
  errors: number;
  status: Map<number, number>;
}
const calls = new Map<string, CallKind>();
const call = async (kind: string, h: Record<string, string>, path: string, init: RequestInit = {}) => {
  const started = performance.now();
  let status = 0;
  try {
    const res = await fetch(`${base}${path}`, { ...init, headers: { ...h, ...init.headers } });
    status = res.status;
    await res.arrayBuffer();
  } catch {
    status = 0;
  }
  const k: CallKind = calls.get(kind) ?? { ms: [], errors: 0, status: new Map() };
  k.ms.push(performance.now() - started);
  k.status.set(status, (k.status.get(status) ?? 0) + 1);
  if (status === 0 || status >= 500) k.errors++;
  calls.set(kind, k);
};
const today = new Date().toISOString().slice(0, 10);
const userRun = Promise.all(
  headers.map(async (h, u) => {
    await sleep((u / users) * 1000);
    for (let i = 0; running(); i++) {
      const plant = plantIds[(u * 7919 + i) % plantIds.length]!;
      switch (i % 4) {
        case 0:
          await call('plant list', h, '/plant/list?pageSize=20');
          break;
        case 1:
          await call('power curve', h, `/plant/${plant}/power`);
          break;
        case 2:
          await call('month report', h, `/report/periodic?period=month&date=${today}&plantId=${plant}`);
          break;
        default:
          await call('health', h, '/health');
      }
      await sleep(1000);
    }
  }),
);
const stormRun = (async () => {
  for (let n = 1; ; n++) {
    const at = t0 + n * stormEveryS * 1000;
    if (at >= end) return;
    await sleep(at - Date.now());
    await Promise.all(
      Array.from({ length: storm }, async (_, i) => {
        const h = headers[i % headers.length]!;
        await Promise.all([
          call('storm: plant year', h, `/report/periodic?period=year&date=${today}&plantId=${plantIds[i]}`),
          call('storm: fleet year + availability', h, '/report/custom/preview', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              date: today,
              definition: { fields: ['energyKwh', 'availability'], groupBy: 'plant', period: 'year' },
            }),
          }),
        ]);
      }),
    );
  }
})();

// What the server says of itself every 10 s: the event loop's delay since the last scrape; and its RSS.
const loopP99: number[] = [];
const rss: { atS: number; mb: number }[] = [];
const watch = (async () => {
  while (running()) {
    await sleep(10_000);
    rss.push({ atS: (Date.now() - t0) / 1000, mb: rssMb() });
    try {
      const res = await fetch(`http://127.0.0.1:${server.httpPort}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const m = /nodejs_eventloop_delay_seconds\{quantile="0\.99"\} ([\d.e+-]+)/.exec(await res.text());
      if (m) loopP99.push(Number(m[1]) * 1000);
    } catch {
      // counted as a missing window
    }
  }
})();

await Promise.all([fleetRun, userRun, stormRun, watch]);
// The last acknowledgements: what is still out after 30 s was not stored in time.
for (let i = 0; i < 60 && acked + refused < sent; i++) await sleep(500);
const wallS = (Date.now() - t0) / 1000;
const cpu = { server: cpuSeconds(pid) - cpu0.server, pg: (await pgCpuSeconds(url)) - cpu0.pg };
await Promise.all(clients.map((c) => c.endAsync()));
await server.stop();

const stored = await (async () => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ rows: string; distinct: string }>(
    `select count(*) as rows, count(distinct (t.device_id, t.ts)) as distinct from telemetry t
     join devices d on d.id = t.device_id where d.serial like 'BDs%'`,
  );
  await c.end();
  return { rows: Number(r.rows[0]!.rows), distinct: Number(r.rows[0]!.distinct) };
})();

const apiCalls = [...calls.values()].reduce((s, k) => s + k.ms.length, 0);
const errors = [...calls.values()].reduce((s, k) => s + k.errors, 0);
for (const [kind, k] of calls) {
  const statuses = [...k.status].map(([s, n]) => `${s}×${n}`).join(' ');
  console.log(
    `  ${kind}: ${k.ms.length} calls, p50 ${percentile(k.ms, 50).toFixed(0)} ms, p95 ${percentile(k.ms, 95).toFixed(0)} ms, p99 ${percentile(k.ms, 99).toFixed(0)} ms (${statuses})`,
  );
}
console.log(
  `  RSS each minute [MB]: ${rss
    .filter((_, i) => i % 6 === 5)
    .map((r) => r.mb.toFixed(0))
    .join(' ')}`,
);
const warm = rss.find((r) => r.atS >= (wallS * 1) / 3) ?? rss[0];
const last = rss.at(-1);
const afterWarm = rss.filter((r) => warm && r.atS >= warm.atS).map((r) => r.mb);
const sortedLoop = [...loopP99].sort((a, b) => a - b);
const p95Of = (kind: string) => percentile(calls.get(kind)?.ms ?? [], 95).toFixed(0);
console.log(
  `soak ${(wallS / 60).toFixed(1)} min, ${collectors * devicesPerCollector} devices every ${intervalS} s, ${users} users: ` +
    `readings sent ${sent}, acknowledged ${acked}, stored ${stored.distinct}, lost ${Math.max(0, acked - stored.distinct)}, duplicated ${stored.rows - stored.distinct}, not acknowledged ${sent - acked}; ` +
    `API ${apiCalls} calls, ${errors} × 5xx or no answer, p95 [ms] list ${p95Of('plant list')}, curve ${p95Of('power curve')}, month report ${p95Of('month report')}, health ${p95Of('health')}, ` +
    `storm plant year ${p95Of('storm: plant year')}, storm fleet year ${p95Of('storm: fleet year + availability')}; ` +
    `event-loop delay p99 worst 10 s window ${(sortedLoop.at(-1) ?? NaN).toFixed(0)} ms, median window ${percentile(loopP99, 50).toFixed(0)} ms; ` +
    `RSS ${warm?.mb.toFixed(0)} MB at ${((warm?.atS ?? 0) / 60).toFixed(1)} min, ${last?.mb.toFixed(0)} MB at the end (growth ${(((last?.mb ?? 0) / (warm?.mb ?? 1) - 1) * 100).toFixed(1)} %, highest after ${Math.max(...afterWarm).toFixed(0)} MB); ` +
    `rates ${(acked / wallS).toFixed(0)} readings/s, ${(apiCalls / wallS).toFixed(1)} calls/s; ` +
    `CPU server ${cpu.server.toFixed(1)} s, PostgreSQL ${cpu.pg.toFixed(1)} s = ${(((cpu.server + cpu.pg) / (acked / 1000)) * 1000).toFixed(0)} ms per 1000 readings or ${(((cpu.server + cpu.pg) / (apiCalls / 100)) * 1000).toFixed(0)} ms per 100 calls (the same CPU, shared by both)`,
);
