/**
 * bench/pglite-thread: what running PGlite in a worker thread (decision 0019) costs and what it buys, both ways in
 * one run on the same machine. Each round opens an embedded database in memory the old way (PGlite on the
 * caller's thread) and the new way (`openDatabase`, PGlite in `PgliteThread`), then
 *  1. stores readings through the real ingest (`IngestPipeline.ingestTelemetry`, the idempotent insert PGlite
 *     uses): the process's CPU time (all threads) per 1 000 readings and the wall-clock rate;
 *  2. runs one heavy query (a sum over generated rows, ~seconds) while a 10 ms timer ticks on the caller's thread:
 *     the longest the timer was kept waiting (the event loop's stall; on one thread the whole query).
 * Rounds alternate the two ways so a busy machine weighs on both alike. No PostgreSQL needed:
 * `npm run bench:pglite-thread -w bench`. Options: ROUNDS (2), COLLECTORS (4), DEVICES (25), STEPS (40), HEAVY_ROWS
 * (4000000). Last line: CPU per 1 000 readings and rates both ways with their ratio, and the loop stalls.
 */
import { EventEmitter } from 'node:events';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { ROLE } from '@solarops/contracts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { openDatabase, type Database, type OpenedDatabase } from '../../apps/server/src/db/openDatabase.ts';
import * as schema from '../../apps/server/src/db/schema.ts';
import { seedReferenceData } from '../../apps/server/src/referenceData.ts';
import { createFixturePlant } from '../../apps/server/src/modules/devices/deviceFixtures.ts';
import { DeviceRegistry } from '../../apps/server/src/modules/deviceLink/DeviceRegistry.ts';
import { IngestPipeline } from '../../apps/server/src/modules/deviceLink/IngestPipeline.ts';

const rounds = Number(process.env.ROUNDS ?? 2);
const collectors = Number(process.env.COLLECTORS ?? 4);
const devices = Number(process.env.DEVICES ?? 25);
const steps = Number(process.env.STEPS ?? 40);
const heavyRows = Number(process.env.HEAVY_ROWS ?? 4_000_000);

type Way = 'same thread' | 'worker thread';

/** The embedded database as it was opened before decision 0019: PGlite on the caller's thread. */
async function openSameThread(): Promise<OpenedDatabase> {
  const pglite = new PGlite({ extensions: { pg_trgm } });
  await pglite.waitReady;
  return {
    db: drizzle({ client: pglite, schema }) as unknown as Database,
    // Only `db`, `session` and `close` are used here; the client kind names the way for the reader.
    client: { kind: 'pglite', pglite: pglite as never },
    async session() {
      return {
        query: async <R>(text: string, params?: unknown[]) => ({
          rows: (await pglite.query(text, params)).rows as R[],
        }),
        release: async () => undefined,
      };
    },
    close: () => pglite.close(),
  };
}

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

async function measure(way: Way) {
  const database =
    way === 'same thread'
      ? await openSameThread()
      : await openDatabase({ databaseUrl: undefined, dataDir: '' }, { inMemory: true });
  try {
    await migrate(database);
    await seedReferenceData(database.db);
    const [owner] = await database.db
      .insert(schema.users)
      .values({ userCode: 'bench-owner', name: 'bench', passwordHash: 'x', roleId: ROLE.endUser })
      .returning({ id: schema.users.id });
    const plants = [];
    for (let c = 0; c < collectors; c++)
      plants.push(
        await createFixturePlant(database.db, {
          ownerId: owner!.id,
          devices: Array.from({ length: devices }, () => ({ ratedPowerW: 10_000 })),
        }),
      );
    const start = Date.parse('2025-06-01T00:00:00Z');
    let clock = start;
    const link = new IngestPipeline(database.db, new DeviceRegistry(database.db), new EventEmitter(), {
      now: () => clock,
    });
    const infos = await Promise.all(
      plants.map(async (p) => (await link.registry.collectorBySerial(p.collectors[0]!.serial))!),
    );
    let readings = 0;
    const cpu0 = cpu();
    const t0 = performance.now();
    for (let s = 0; s < steps; s++) {
      const ts = start + s * 300_000;
      clock = ts + 60_000;
      // The collectors send side by side, as they do over MQTT.
      await Promise.all(
        plants.map((p, i) =>
          link.ingestTelemetry(infos[i]!, {
            seq: s + 1,
            readings: p.devices.map((d) => ({
              sn: d.serial,
              ts,
              acPowerW: 1500 + s,
              energyTodayKwh: s * 0.1,
              energyTotalKwh: 1000 + s * 0.1,
              gridVoltageV: [230.1],
              pvVoltageV: [350, 351],
              pvCurrentA: [2.1, 2.2],
              status: 1,
            })),
          }),
        ),
      );
      readings += plants.length * devices;
    }
    await link.flush();
    const ingestSeconds = (performance.now() - t0) / 1000;
    const ingestCpu = cpu() - cpu0;

    // The caller's thread during one heavy query: the longest wait of a 10 ms timer.
    let longest = 0;
    let last = performance.now();
    const tick = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last - 10);
      last = now;
    }, 10);
    const q0 = performance.now();
    await database.db.execute(sql`select sum(i * 2) from generate_series(1, ${heavyRows}::int) i`);
    const querySeconds = (performance.now() - q0) / 1000;
    // One more turn of the loop, so the timer sees a block that ended just now (on one thread, the whole query).
    await new Promise((resolve) => setTimeout(resolve, 30));
    clearInterval(tick);
    return {
      cpuMsPerThousand: (ingestCpu * 1e6) / readings,
      rate: readings / ingestSeconds,
      readings,
      stallMs: longest,
      querySeconds,
    };
  } finally {
    await database.close();
  }
}

const results: Record<Way, Awaited<ReturnType<typeof measure>>[]> = {
  'same thread': [],
  'worker thread': [],
};
for (let r = 0; r < rounds; r++) {
  for (const way of (r % 2 === 0
    ? ['same thread', 'worker thread']
    : ['worker thread', 'same thread']) as Way[]) {
    const m = await measure(way);
    results[way].push(m);
    console.log(
      `round ${r + 1} ${way}: ${m.readings} readings, ${m.cpuMsPerThousand.toFixed(0)} ms CPU per 1000, ` +
        `${m.rate.toFixed(0)} readings/s; heavy query ${m.querySeconds.toFixed(2)} s, loop stalled ${m.stallMs.toFixed(0)} ms`,
    );
  }
}
const mean = (way: Way, k: 'cpuMsPerThousand' | 'rate' | 'stallMs' | 'querySeconds') =>
  results[way].reduce((s, m) => s + m[k], 0) / results[way].length;
const [same, worker] = [mean('same thread', 'cpuMsPerThousand'), mean('worker thread', 'cpuMsPerThousand')];
console.log(
  `ingest CPU per 1000 readings: same thread ${same.toFixed(0)} ms, worker thread ${worker.toFixed(0)} ms ` +
    `(worker/same ${(worker / same).toFixed(2)}); rate ${mean('same thread', 'rate').toFixed(0)} → ` +
    `${mean('worker thread', 'rate').toFixed(0)} readings/s; loop stalled during a ` +
    `${mean('same thread', 'querySeconds').toFixed(1)} s query: same thread ${mean('same thread', 'stallMs').toFixed(0)} ms, ` +
    `worker thread ${mean('worker thread', 'stallMs').toFixed(0)} ms`,
);
