/**
 * bench/queries: the station read calls over HTTP at fleet size: 10 000 plants and 50 000 devices in PostgreSQL,
 * one day of 5-minute telemetry for every device (14.4 million readings), 30 days for 1 000 of them, a year of
 * daily rollups, generated inside PostgreSQL. p50 and p95 latency of the plant list (in its default order, sorted
 * by power, filtered by status), the plant summary and a day's power curve, one call at a time, while collectors
 * ingest over MQTT beside it at a quarter of the ingest bench's peak rate (INGEST_PEAK, readings/s, default 40 000;
 * 0: no ingest, so that PostgreSQL's CPU per call is the calls' own). Needs PostgreSQL:
 * `node scripts/with-postgres.mjs npm run bench:queries -w bench`. Options: PLANTS, DEVICES_PER_PLANT, LONG_DEVICES,
 * LONG_DAYS, LAYOUT (`ingest`, the default: readings stored in time order as the ingest writes them; `device`: each
 * device's readings side by side, see generateDataset), REQUESTS (per call, default 300), REUSE_DATASET=1 (keep the
 * dataset a previous run left in the database at DATABASE_URL, with a new background fleet each run).
 * Then the day curve and a device's week of history on two like sets of plants, one compacted and one left raw, taken
 * in turn (COMPACT_PLANTS, default 200 plants of one day per set; HISTORY_PLANTS, default 10 plants of LONG_DAYS days
 * per set).
 * Last line: p50/p95 of each call [ms] (with `/health`, one `select 1`, as the floor the server and the machine
 * allow), the background ingest rate achieved [readings/s], and the two history calls raw and compacted with
 * PostgreSQL's CPU per call.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createLoadFleet, prepareDatabase } from '../lib/benchFleet.ts';
import { percentile, signInHeaders, startBenchServer } from '../lib/benchServer.ts';
import { existingDataset, generateDataset } from './generateDataset.ts';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/openDatabase.ts';
import { rowsOf } from '../../apps/server/src/db/rowsOf.ts';
import { compactHistory } from '../../apps/server/src/modules/telemetry/compactHistory.ts';
import { pgCpuSeconds } from '../lib/cpuTime.ts';

const BENCH_DIR = fileURLToPath(new URL('..', import.meta.url));
const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (node scripts/with-postgres.mjs ...)');
  process.exit(1);
}
const size = {
  plants: Number(process.env.PLANTS ?? 10_000),
  devicesPerPlant: Number(process.env.DEVICES_PER_PLANT ?? 5),
  longDevices: Number(process.env.LONG_DEVICES ?? 1000),
  longDays: Number(process.env.LONG_DAYS ?? 30),
  layout: process.env.LAYOUT === 'device' ? ('device' as const) : ('ingest' as const),
};
const requests = Number(process.env.REQUESTS ?? 300);
const peak = Number(process.env.INGEST_PEAK ?? 40_000);

/** VACUUM (ANALYZE) of `tables`, its time printed. */
async function vacuum(databaseUrl: string, tables: string) {
  const started = performance.now();
  const db = await openDatabase({ databaseUrl, dataDir: '' });
  await db.db.execute(sql.raw(`vacuum (analyze) ${tables}`));
  await db.close();
  console.log(`vacuum (analyze) ${tables}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
}

const t0 = performance.now();
await prepareDatabase(url);
const kept = process.env.REUSE_DATASET === '1' ? await existingDataset(url) : undefined;
const data = kept ?? (await generateDataset(url, size, (m) => console.log(m)));
console.log(`dataset: ${data.readings} readings in ${((performance.now() - t0) / 1000).toFixed(0)} s`);
// The new readings vacuumed before anything is timed: the autovacuum pass that millions of inserted rows call for
// would otherwise run during some of the timed calls and count in their PostgreSQL CPU.
if (!kept) await vacuum(url, 'telemetry');
// The background fleet's plants are the newest, so the first pages of the default order are the ones it rewrites.
const loadFleet = await createLoadFleet(url, kept ? `bg${Date.now().toString(36)}` : 'bg', 100, 25);
const server = await startBenchServer(url);
const base = `http://127.0.0.1:${server.httpPort}/prod-api`;

const headers = await signInHeaders(base, data.userCode, data.password);

/** The background ingest in its own process, until stop() gives its `{readings, seconds}`. */
const startBackground = () => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'queries/backgroundLoad.ts'], {
    cwd: BENCH_DIR,
    env: {
      ...process.env,
      BENCH_LOAD: JSON.stringify({
        url: `mqtt://127.0.0.1:${server.mqttPort}`,
        fleet: loadFleet,
        ratePerSecond: peak / 4,
        startMs: Date.now() - 6 * 86_400_000,
      }),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      return JSON.parse(out.trim().split('\n').pop() ?? '{}') as { readings: number; seconds: number };
    },
  };
};
// INGEST_PEAK=0: no background ingest, so that PostgreSQL's CPU per call is the calls' alone.
const background = peak > 0 ? startBackground() : undefined;
// Let the collectors connect and the ingest reach its rate before timing anything.
if (background) await new Promise((r) => setTimeout(r, 3000));

const maxPlantId = size.plants;
const STATUSES = ['online', 'partial', 'fault', 'offline'] as const;
let seed = 42;
const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
const calls: Record<string, () => string> = {
  'plant list': () => `/plant/list?pageStart=${1 + Math.floor(rnd() * 50)}&pageSize=20`,
  // The sort and the filter by a live figure need every plant's figures before the page can be cut.
  'plant list by power': () =>
    `/plant/list?pageStart=${1 + Math.floor(rnd() * 50)}&pageSize=20&sort=power&order=${rnd() < 0.5 ? 'asc' : 'desc'}`,
  // Each status at random: the background fleet's plants report, the dataset's others have gone offline.
  'plant list by status': () =>
    `/plant/list?pageStart=${1 + Math.floor(rnd() * 5)}&pageSize=20&status=${STATUSES[Math.floor(rnd() * STATUSES.length)]}`,
  'plant summary': () => `/plant/${1 + Math.floor(rnd() * maxPlantId)}/summary`,
  'day power curve': () => `/plant/${1 + Math.floor(rnd() * maxPlantId)}/power?date=${data.day}`,
  // One `select 1` round trip and no sign-in: the floor every call stands on while the ingest and the machine take
  // their share of the cores.
  health: () => '/health',
};
/** p50 and p95 of one call over `requests` requests after 20 unmeasured ones [ms]. */
const measure = async (name: string, path: () => string) => {
  const samples: number[] = [];
  for (let i = 0; i < requests + 20; i++) {
    const start = performance.now();
    const res = await fetch(`${base}${path()}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`);
    if (i >= 20) samples.push(performance.now() - start);
  }
  const r = { p50: percentile(samples, 50), p95: percentile(samples, 95) };
  console.log(`${name}: p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`);
  return r;
};
const results: Record<string, { p50: number; p95: number }> = {};
for (const [name, path] of Object.entries(calls)) results[name] = await measure(name, path);

// Compact history against raw (docs/decisions/0018-compact-history.md): the same calls on two like sets of plants,
// one left raw and one compacted, taken in turn call by call so that both see the same machine, cache and ingest:
// the day curves of COMPACT_PLANTS plants per set that have one day of readings, and a week of HISTORY_PLANTS
// plants' devices per set that have LONG_DAYS days. PostgreSQL's CPU per call is its CPU during the call: with the
// ingest running it includes the ingest's share of the call's time (INGEST_PEAK=0 leaves it out).
const compactPlants = Number(process.env.COMPACT_PLANTS ?? 200);
const longPlants = Math.floor(size.longDevices / size.devicesPerPlant);
const historyPlants = Math.min(Number(process.env.HISTORY_PLANTS ?? 10), Math.floor(longPlants / 2));
const firstShortPlant = longPlants + 1;
const dayStartMs = Date.parse(`${data.day}T00:00:00Z`);
const weekFrom = dayStartMs - 6 * 86_400_000;
type HistorySet = 'raw' | 'compacted';
/** The week of history of the `i`th device of the plants from `firstPlant` on. */
const historyPath = (i: number, firstPlant: number) =>
  `/device/QD${firstPlant + Math.floor(i / size.devicesPerPlant)}x${1 + (i % size.devicesPerPlant)}/history` +
  `?from=${weekFrom}&to=${dayStartMs + 86_400_000}&maxPoints=500`;
/** The first plant of a set: the raw sets come first, the compacted ones after them. */
const firstOf = (set: HistorySet, first: number, n: number) => (set === 'raw' ? first : first + n);
const historyCalls: Record<string, (set: HistorySet, r: number) => string> = {
  'day power curve': (set, r) =>
    `/plant/${firstOf(set, firstShortPlant, compactPlants) + Math.floor(r * compactPlants)}/power?date=${data.day}`,
  'device history': (set, r) =>
    historyPath(Math.floor(r * historyPlants * size.devicesPerPlant), firstOf(set, 1, historyPlants)),
};
const opened = await openDatabase({ databaseUrl: url, dataDir: '' });
const chosen = await rowsOf<{ id: number }>(
  opened.db,
  sql`select id from devices where serial like 'QD%' and (plant_id between ${historyPlants + 1} and ${2 * historyPlants}
    or plant_id between ${firstShortPlant + compactPlants} and ${firstShortPlant + 2 * compactPlants - 1})`,
);
const cpuBefore = await pgCpuSeconds(url);
const t1 = performance.now();
const compaction = await compactHistory(
  opened.db,
  new Date(dayStartMs + 86_400_000),
  chosen.map((d) => d.id),
);
const compactSeconds = (performance.now() - t1) / 1000;
const compactCpu = (await pgCpuSeconds(url)) - cpuBefore;
await opened.close();
// The compaction's deleted raw rows and new compacted rows vacuumed and analysed before timing, for the same reason.
await vacuum(url, 'telemetry, telemetry_days');
console.log(
  `compacted ${compaction.readings} readings of ${compaction.devices} devices in ${compactSeconds.toFixed(1)} s`,
);
type SetFigures = { p50: number; p95: number; cpuMs: number };
const history: Record<string, Record<HistorySet, SetFigures>> = {};
for (const [name, path] of Object.entries(historyCalls)) {
  const samples = { raw: [] as number[], compacted: [] as number[] };
  const cpu = { raw: 0, compacted: 0 };
  // PostgreSQL's CPU is read around each call (in 1/100 s ticks: summed over the calls, what each set used).
  const call = async (set: HistorySet, r: number, timed: boolean) => {
    const cpu0 = await pgCpuSeconds(url);
    const start = performance.now();
    const res = await fetch(`${base}${path(set, r)}`, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${name} (${set}): HTTP ${res.status}`);
    if (!timed) return;
    samples[set].push(performance.now() - start);
    cpu[set] += (await pgCpuSeconds(url)) - cpu0;
  };
  seed = 7;
  for (let i = 0; i < requests + 20; i++) {
    // The same plant or device of each set, one call each in turn, the set that goes first alternating: a slow
    // moment of the machine falls on both sets alike. The first 20 of each set unmeasured, as the other calls.
    const r = rnd();
    const order: HistorySet[] = i % 2 === 0 ? ['raw', 'compacted'] : ['compacted', 'raw'];
    for (const set of order) await call(set, r, i >= 20);
  }
  const figures = (set: HistorySet): SetFigures => ({
    p50: percentile(samples[set], 50),
    p95: percentile(samples[set], 95),
    cpuMs: (cpu[set] / samples[set].length) * 1000,
  });
  history[name] = { raw: figures('raw'), compacted: figures('compacted') };
  for (const set of ['raw', 'compacted'] as const)
    console.log(
      `${name} (${set}): p50 ${history[name][set].p50.toFixed(1)} ms, p95 ${history[name][set].p95.toFixed(1)} ms, PostgreSQL ${history[name][set].cpuMs.toFixed(1)} ms CPU per call`,
    );
}
const bg = background ? await background.stop() : { readings: 0, seconds: 1 };
await server.stop();
const f = (n: string) => `${results[n]!.p50.toFixed(1)}/${results[n]!.p95.toFixed(1)}`;
const h = (n: string) => {
  const { raw, compacted } = history[n]!;
  return (
    `${raw.p50.toFixed(1)}/${raw.p95.toFixed(1)} raw, ${compacted.p50.toFixed(1)}/${compacted.p95.toFixed(1)} compacted ` +
    `(PostgreSQL ${raw.cpuMs.toFixed(1)} and ${compacted.cpuMs.toFixed(1)} ms CPU per call)`
  );
};
console.log(
  `queries (${size.plants} plants, ${size.plants * size.devicesPerPlant} devices, ${data.readings} readings; p50/p95 ms): ` +
    `plant list ${f('plant list')}, by power ${f('plant list by power')}, by status ${f('plant list by status')}, ` +
    `plant summary ${f('plant summary')}, day power curve ${f('day power curve')}, health ${f('health')}; ` +
    `background MQTT ingest ${Math.round(bg.readings / bg.seconds)} readings/s (target ${peak / 4}); ` +
    `history of ${compaction.readings} readings compacted in ${compactSeconds.toFixed(0)} s ` +
    `(PostgreSQL ${((compactCpu / compaction.readings) * 1e6).toFixed(1)} µs CPU per reading): ` +
    `day power curve ${h('day power curve')}, device history of a week ${h('device history')}`,
);
