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
 * BASELINE_TREE=<dir>: another tree's server (a worktree of an older commit, the same migrations) measured on the
 * same dataset in the same run, ROUNDS times each (default 2) in turn with this one's (lib/sameRun.ts), the calls
 * and then the history calls, each server with a background fleet of its own; each call's figures of both trees and
 * their ratios are printed before the last line, which then holds this tree's rounds pooled.
 * Last line: p50/p95 of each call [ms] (with `/health`, one `select 1`, as the floor the server and the machine
 * allow), the background ingest rate achieved [readings/s], and the two history calls raw and compacted with
 * PostgreSQL's CPU per call.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { createLoadFleet, prepareDatabase, type LoadFleet } from '../lib/benchFleet.ts';
import { percentile, signInHeaders, startBenchServer } from '../lib/benchServer.ts';
import { existingDataset, generateDataset } from './generateDataset.ts';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/server/src/db/openDatabase.ts';
import { rowsOf } from '../../apps/server/src/db/rowsOf.ts';
import { compactHistory } from '../../apps/server/src/modules/telemetry/compactHistory.ts';
import { cpuSeconds, pgCpuSeconds } from '../lib/cpuTime.ts';
import { benchRounds, ratio, type BenchTree } from '../lib/sameRun.ts';

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
type Headers = { authorization: string };
/** What the background ingest achieved beside a server. */
type BackgroundRate = { readings: number; seconds: number };

/** The background ingest in its own process, until stop() gives its `{readings, seconds}`. */
const startBackground = (mqttPort: number, loadFleet: LoadFleet) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'queries/backgroundLoad.ts'], {
    cwd: BENCH_DIR,
    env: {
      ...process.env,
      BENCH_LOAD: JSON.stringify({
        url: `mqtt://127.0.0.1:${mqttPort}`,
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
      return JSON.parse(out.trim().split('\n').pop() ?? '{}') as BackgroundRate;
    },
  };
};

let fleets = 0;
/**
 * `measure` against `tree`'s server on the dataset, with collectors ingesting beside it (INGEST_PEAK=0: none, so
 * that PostgreSQL's CPU per call is the calls' alone). Each server gets a background fleet of its own: a fleet's
 * collectors are new to it, as they were to the first. The fleet's plants are the newest, so the first pages of the
 * default order are the ones it rewrites.
 */
async function onServer<T>(
  tree: BenchTree,
  measure: (base: string, headers: Headers, serverPid: number) => Promise<T>,
): Promise<{ figures: T; bg: BackgroundRate }> {
  const fleetTag = kept || fleets > 0 ? `bg${Date.now().toString(36)}` : 'bg';
  fleets++;
  const loadFleet = await createLoadFleet(url!, fleetTag, 100, 25);
  const server = await startBenchServer(url, {}, undefined, tree.serverDir);
  try {
    const base = `http://127.0.0.1:${server.httpPort}/prod-api`;
    const headers = await signInHeaders(base, data.userCode, data.password);
    const background = peak > 0 ? startBackground(server.mqttPort, loadFleet) : undefined;
    // Let the collectors connect and the ingest reach its rate before timing anything.
    if (background) await new Promise((r) => setTimeout(r, 3000));
    const stopBackground = async () => (background ? await background.stop() : { readings: 0, seconds: 0 });
    const figures = await measure(base, headers, server.child.pid!).catch(async (e: unknown) => {
      await stopBackground();
      throw e;
    });
    return { figures, bg: await stopBackground() };
  } finally {
    await server.stop();
  }
}

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
/** A call's timed requests [ms] and the CPU seconds they took: the server's and PostgreSQL's. */
type CallFigures = { samples: number[]; serverCpu: number; pgCpu: number };
const callLine = (name: string, f: CallFigures) =>
  `${name}: p50 ${percentile(f.samples, 50).toFixed(1)} ms, p95 ${percentile(f.samples, 95).toFixed(1)} ms, ` +
  `CPU per call ${((f.serverCpu / f.samples.length) * 1000).toFixed(1)} ms server + ` +
  `${((f.pgCpu / f.samples.length) * 1000).toFixed(1)} ms PostgreSQL`;
/**
 * Each call `requests` times after 20 unmeasured ones, with the server's and PostgreSQL's CPU over the measured ones
 * (with the ingest running, its share of those seconds included).
 */
const measureCalls = async (base: string, headers: Headers, serverPid: number, tag: string) => {
  seed = 42;
  const results: Record<string, CallFigures> = {};
  for (const [name, path] of Object.entries(calls)) {
    const samples: number[] = [];
    let cpu0 = 0;
    let pg0 = 0;
    for (let i = 0; i < requests + 20; i++) {
      if (i === 20) [cpu0, pg0] = [cpuSeconds(serverPid), await pgCpuSeconds(url)];
      const start = performance.now();
      const res = await fetch(`${base}${path()}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${name}: HTTP ${res.status}`);
      if (i >= 20) samples.push(performance.now() - start);
    }
    results[name] = {
      samples,
      serverCpu: cpuSeconds(serverPid) - cpu0,
      pgCpu: (await pgCpuSeconds(url)) - pg0,
    };
    console.log(tag + callLine(name, results[name]));
  }
  return results;
};
const trees = benchRounds();
/** The tag that opens a round's lines when a baseline is measured beside this tree. */
const roundTag = (i: number, tree: BenchTree) =>
  trees.length > 1 ? `round ${Math.floor(i / 2) + 1}, ${tree.label}: ` : '';
const callRounds: { tree: BenchTree; figures: Record<string, CallFigures>; bg: BackgroundRate }[] = [];
for (const [i, tree] of trees.entries())
  callRounds.push({
    tree,
    ...(await onServer(tree, (base, headers, pid) => measureCalls(base, headers, pid, roundTag(i, tree)))),
  });
/** One tree's rounds of the calls as one: samples pooled, CPU summed. */
const pooledCalls = (label: BenchTree['label']) => {
  const mine = callRounds.filter((r) => r.tree.label === label);
  return Object.fromEntries(
    Object.keys(calls).map((name) => [
      name,
      {
        samples: mine.flatMap((r) => r.figures[name]!.samples),
        serverCpu: mine.reduce((a, r) => a + r.figures[name]!.serverCpu, 0),
        pgCpu: mine.reduce((a, r) => a + r.figures[name]!.pgCpu, 0),
      },
    ]),
  );
};
const results = pooledCalls('this tree');

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
/** One history call's timed requests of one set [ms] and PostgreSQL's CPU seconds over them. */
type SetSamples = { samples: number[]; pgCpu: number };
type HistoryFigures = Record<string, Record<HistorySet, SetSamples>>;
const setFigures = (f: SetSamples) => ({
  p50: percentile(f.samples, 50),
  p95: percentile(f.samples, 95),
  cpuMs: (f.pgCpu / f.samples.length) * 1000,
});
const measureHistory = async (base: string, headers: Headers, tag: string) => {
  const history: HistoryFigures = {};
  for (const [name, path] of Object.entries(historyCalls)) {
    const sets = { raw: { samples: [], pgCpu: 0 }, compacted: { samples: [], pgCpu: 0 } } as Record<
      HistorySet,
      SetSamples
    >;
    // PostgreSQL's CPU is read around each call (in 1/100 s ticks: summed over the calls, what each set used).
    const call = async (set: HistorySet, r: number, timed: boolean) => {
      const cpu0 = await pgCpuSeconds(url);
      const start = performance.now();
      const res = await fetch(`${base}${path(set, r)}`, { headers });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${name} (${set}): HTTP ${res.status}`);
      if (!timed) return;
      sets[set].samples.push(performance.now() - start);
      sets[set].pgCpu += (await pgCpuSeconds(url)) - cpu0;
    };
    seed = 7;
    for (let i = 0; i < requests + 20; i++) {
      // The same plant or device of each set, one call each in turn, the set that goes first alternating: a slow
      // moment of the machine falls on both sets alike. The first 20 of each set unmeasured, as the other calls.
      const r = rnd();
      const order: HistorySet[] = i % 2 === 0 ? ['raw', 'compacted'] : ['compacted', 'raw'];
      for (const set of order) await call(set, r, i >= 20);
    }
    history[name] = sets;
    for (const set of ['raw', 'compacted'] as const) {
      const f = setFigures(sets[set]);
      console.log(
        `${tag}${name} (${set}): p50 ${f.p50.toFixed(1)} ms, p95 ${f.p95.toFixed(1)} ms, PostgreSQL ${f.cpuMs.toFixed(1)} ms CPU per call`,
      );
    }
  }
  return history;
};
const historyRounds: { tree: BenchTree; figures: HistoryFigures; bg: BackgroundRate }[] = [];
for (const [i, tree] of trees.entries())
  historyRounds.push({
    tree,
    ...(await onServer(tree, (base, headers) => measureHistory(base, headers, roundTag(i, tree)))),
  });
/** One tree's rounds of the history calls as one: samples pooled, CPU summed. */
const pooledHistory = (label: BenchTree['label']) => {
  const mine = historyRounds.filter((r) => r.tree.label === label);
  const set = (name: string, s: HistorySet) =>
    setFigures({
      samples: mine.flatMap((r) => r.figures[name]![s].samples),
      pgCpu: mine.reduce((a, r) => a + r.figures[name]![s].pgCpu, 0),
    });
  return Object.fromEntries(
    Object.keys(historyCalls).map((name) => [
      name,
      { raw: set(name, 'raw'), compacted: set(name, 'compacted') },
    ]),
  );
};
const history = pooledHistory('this tree');
/** The background ingest beside this tree's servers, its rounds pooled. */
const bg = [...callRounds, ...historyRounds]
  .filter((r) => r.tree.label === 'this tree')
  .reduce((a, r) => ({ readings: a.readings + r.bg.readings, seconds: a.seconds + r.bg.seconds }), {
    readings: 0,
    seconds: 0,
  });
if (trees.length > 1) {
  const baseCalls = pooledCalls('baseline');
  const baseHistory = pooledHistory('baseline');
  const perCall = (cpu: number, f: CallFigures) => (cpu / f.samples.length) * 1000;
  console.log(
    `queries same run (${trees.length / 2} rounds each; this tree, baseline, this tree / baseline):`,
  );
  for (const name of Object.keys(calls)) {
    const m = results[name]!;
    const b = baseCalls[name]!;
    const p = (f: CallFigures, q: number) => percentile(f.samples, q);
    console.log(
      `  ${name}: p50 ${p(m, 50).toFixed(1)}, ${p(b, 50).toFixed(1)} ms, ${ratio(p(m, 50), p(b, 50))}; ` +
        `p95 ${p(m, 95).toFixed(1)}, ${p(b, 95).toFixed(1)} ms, ${ratio(p(m, 95), p(b, 95))}; ` +
        `server CPU per call ${perCall(m.serverCpu, m).toFixed(1)}, ${perCall(b.serverCpu, b).toFixed(1)} ms, ${ratio(m.serverCpu / m.samples.length, b.serverCpu / b.samples.length)}; ` +
        `PostgreSQL ${perCall(m.pgCpu, m).toFixed(1)}, ${perCall(b.pgCpu, b).toFixed(1)} ms, ${ratio(m.pgCpu / m.samples.length, b.pgCpu / b.samples.length)}`,
    );
  }
  for (const name of Object.keys(historyCalls))
    for (const set of ['raw', 'compacted'] as const) {
      const m = history[name]![set];
      const b = baseHistory[name]![set];
      console.log(
        `  ${name} (${set}): p50 ${m.p50.toFixed(1)}, ${b.p50.toFixed(1)} ms, ${ratio(m.p50, b.p50)}; ` +
          `p95 ${m.p95.toFixed(1)}, ${b.p95.toFixed(1)} ms, ${ratio(m.p95, b.p95)}; ` +
          `PostgreSQL CPU per call ${m.cpuMs.toFixed(1)}, ${b.cpuMs.toFixed(1)} ms, ${ratio(m.cpuMs, b.cpuMs)}`,
      );
    }
  console.log(`  load average ${loadavg()[0]!.toFixed(2)}`);
}
const f = (n: string) =>
  `${percentile(results[n]!.samples, 50).toFixed(1)}/${percentile(results[n]!.samples, 95).toFixed(1)}`;
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
    `background MQTT ingest ${Math.round(bg.readings / Math.max(bg.seconds, 1))} readings/s (target ${peak / 4}); ` +
    `history of ${compaction.readings} readings compacted in ${compactSeconds.toFixed(0)} s ` +
    `(PostgreSQL ${((compactCpu / compaction.readings) * 1e6).toFixed(1)} µs CPU per reading): ` +
    `day power curve ${h('day power curve')}, device history of a week ${h('device history')}`,
);
