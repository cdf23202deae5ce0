/**
 * bench/report-latency: how long `/health` and the plant list wait while a year report is made on the embedded
 * database (PGlite, the default), against the same calls on the quiet server, in one run. The target is
 * 200 ms; a test cannot hold a figure of speed on a shared machine (`reportInterleaving.test.ts` asserts the order
 * of things), so the figure is this script's.
 *
 * The real server (child process, SIMULATOR off) on an embedded database prepared beforehand in a temporary folder:
 * one plant of INVERTERS inverters (default 10) with a year of readings every 15 minutes, built by an installer.
 * Then QUIET_S seconds (default 10) of an administrator calling `/health` and the plant list one after the other
 * (50 ms apart), and REPORTS times (default 3) the installer's custom year report with availability of that plant
 * (the request that froze the server for a minute before the database ran in its own thread) while the
 * administrator goes on calling: only the calls asked while a report was being made count as "during".
 * Run: `npm run bench:report-latency -w bench` (no PostgreSQL needed).
 *
 * Prints each report's seconds, then p50 / p95 / max of `/health` and of the plant list quiet and during the
 * reports, the server's CPU seconds (all its threads, the database's worker included) per report and per 100 quiet
 * calls, and the load average at start and end.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { ROLE } from '@solarops/contracts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { openDatabase } from '../../apps/server/src/db/openDatabase.ts';
import * as schema from '../../apps/server/src/db/schema.ts';
import { seedReferenceData } from '../../apps/server/src/referenceData.ts';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.ts';
import { createFixturePlant } from '../../apps/server/src/modules/devices/deviceFixtures.ts';
import { ensureTelemetryPartitions } from '../../apps/server/src/modules/telemetry/partitions.ts';
import { ensureAdmin } from '../../apps/server/src/modules/users/seedAccounts.ts';
import { percentile, signInHeaders, startBenchServer } from '../lib/benchServer.ts';
import { cpuSeconds } from '../lib/cpuTime.ts';

const inverters = Number(process.env.INVERTERS ?? 10);
const reports = Number(process.env.REPORTS ?? 3);
const quietS = Number(process.env.QUIET_S ?? 10);
const PASSWORD = 'Bench-latency-2024';
const INSTALLER = 'bench-installer';
/** The year reported (2025) and the months its readings fall in, in UTC (the plant's zone is UTC+8). */
const REPORT_DATE = '2025-06-15';
const MONTHS = Array.from({ length: 14 }, (_, i) =>
  new Date(Date.UTC(2024, 11 + i, 1)).toISOString().slice(0, 7),
);
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadAtStart = load();
console.log(`load average at start: ${loadAtStart}`);

// The embedded database, prepared before the server opens it.
const dataDir = mkdtempSync(join(tmpdir(), 'bench-report-latency-'));
let t0 = performance.now();
{
  const database = await openDatabase({ dataDir, databaseUrl: undefined });
  const db = database.db;
  await migrate(database);
  await seedReferenceData(db);
  await ensureAdmin(db, PASSWORD);
  const passwordHash = await hashPassword(PASSWORD);
  const [installer, owner] = await db
    .insert(schema.users)
    .values([
      { userCode: INSTALLER, name: 'Bench installer', passwordHash, roleId: ROLE.installer },
      { userCode: 'bench-owner', name: 'Bench owner', passwordHash, roleId: ROLE.endUser },
    ])
    .returning({ id: schema.users.id });
  const { plantId } = await createFixturePlant(db, {
    ownerId: owner!.id,
    installerId: installer!.id,
    buildDate: '2024-05-01',
    devices: Array.from({ length: inverters }, () => ({ kind: 'stringInverter' as const })),
  });
  await ensureTelemetryPartitions(db, MONTHS);
  await db.execute(sql`insert into telemetry (device_id, plant_id, ts, received_at, ac_power_w)
    select d.id, d.plant_id, s.ts, s.ts,
      greatest(0, 4000 * sin(pi() * (extract(hour from s.ts at time zone 'Asia/Shanghai') - 6) / 12))
    from devices d cross join generate_series(timestamptz '2024-12-31T16:00:00Z',
      timestamptz '2025-12-31T15:45:00Z', interval '15 minutes') as s(ts)
    where d.plant_id = ${plantId}`);
  await database.close();
}
console.log(
  `prepared one plant of ${inverters} inverters with a year of 15-minute readings in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const server = await startBenchServer(undefined, {
  DATA_DIR: dataDir,
  SIMULATOR: 'off',
  ADMIN_PASSWORD: PASSWORD,
});
const pid = server.child.pid!;
const base = `http://127.0.0.1:${server.httpPort}/prod-api`;
const admin = await signInHeaders(base, 'admin', PASSWORD);
const installer = await signInHeaders(base, INSTALLER, PASSWORD);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const CALLS = { health: '/health', 'plant list': '/plant/list?pageSize=10' } as const;
type Kind = keyof typeof CALLS;
/** One call of the administrator's: its wait [ms], or a failure (thrown: the figure would be wrong). */
async function timedCall(kind: Kind): Promise<number> {
  const asked = performance.now();
  const res = await fetch(`${base}${CALLS[kind]}`, { headers: admin });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${kind}: ${res.status}`);
  return performance.now() - asked;
}
/** The administrator's calls, one after the other 50 ms apart, until `until()` is true; each wait by kind. */
async function callUntil(until: () => boolean): Promise<Record<Kind, number[]>> {
  const waits: Record<Kind, number[]> = { health: [], 'plant list': [] };
  while (!until())
    for (const kind of Object.keys(CALLS) as Kind[]) {
      // A call asked after the report ended is not "during" it.
      if (until()) break;
      waits[kind].push(await timedCall(kind));
      await sleep(50);
    }
  return waits;
}

// Warm: the first calls compile the routes' code and fill the caches.
for (let i = 0; i < 5; i++) for (const kind of Object.keys(CALLS) as Kind[]) await timedCall(kind);

let cpu0 = cpuSeconds(pid);
const quietEnd = performance.now() + quietS * 1000;
const quiet = await callUntil(() => performance.now() >= quietEnd);
const quietCpu = cpuSeconds(pid) - cpu0;
const quietCalls = quiet.health.length + quiet['plant list'].length;

const during: Record<Kind, number[]> = { health: [], 'plant list': [] };
const reportSeconds: number[] = [];
cpu0 = cpuSeconds(pid);
for (let r = 0; r < reports; r++) {
  let done = false;
  t0 = performance.now();
  const report = fetch(`${base}/report/custom/preview`, {
    method: 'POST',
    headers: { ...installer, 'content-type': 'application/json' },
    body: JSON.stringify({
      date: REPORT_DATE,
      definition: {
        fields: ['energyKwh', 'availability'],
        groupBy: 'plant',
        period: 'year',
        sortBy: 'group',
      },
    }),
  }).then(async (res) => {
    await res.arrayBuffer();
    done = true;
    if (!res.ok) throw new Error(`year report: ${res.status}`);
  });
  const waits = await callUntil(() => done);
  await report;
  reportSeconds.push((performance.now() - t0) / 1000);
  for (const kind of Object.keys(CALLS) as Kind[]) during[kind].push(...waits[kind]);
  console.log(
    `report ${r + 1}: ${reportSeconds.at(-1)!.toFixed(1)} s, ${waits.health.length + waits['plant list'].length} calls answered meanwhile`,
  );
}
const reportCpu = cpuSeconds(pid) - cpu0;
await server.stop();
rmSync(dataDir, { recursive: true, force: true });

const fig = (ms: number[]) =>
  `p50 ${percentile(ms, 50).toFixed(0)} ms, p95 ${percentile(ms, 95).toFixed(0)} ms, max ${Math.max(...ms).toFixed(0)} ms (${ms.length} calls)`;
for (const kind of Object.keys(CALLS) as Kind[])
  console.log(`  ${kind}: quiet ${fig(quiet[kind])}; during the reports ${fig(during[kind])}`);
const meanReport = reportSeconds.reduce((s, x) => s + x, 0) / reportSeconds.length;
console.log(
  `while a year report runs on PGlite (${inverters} inverters × a year of 15-minute readings, ${reports} reports of ` +
    `${meanReport.toFixed(1)} s on average): /health p95 ${percentile(during.health, 95).toFixed(0)} ms, max ` +
    `${Math.max(...during.health).toFixed(0)} ms; plant list p95 ${percentile(during['plant list'], 95).toFixed(0)} ms, ` +
    `max ${Math.max(...during['plant list']).toFixed(0)} ms (target 200 ms); quiet: /health p95 ` +
    `${percentile(quiet.health, 95).toFixed(0)} ms, plant list p95 ${percentile(quiet['plant list'], 95).toFixed(0)} ms; ` +
    `CPU server ${(reportCpu / reports).toFixed(1)} s per report (${meanReport.toFixed(1)} s wall), ` +
    `${((quietCpu / quietCalls) * 100).toFixed(2)} s per 100 quiet calls; ` +
    `load average at start ${loadAtStart}, at the end ${load()}`,
);
