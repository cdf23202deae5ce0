/**
 * bench/reports: the monthly fleet report (`form`) of PLANTS plants (default 1 000, one 10 kW inverter each, in
 * four time zones) over a month of 5-minute readings and daily rollups in PostgreSQL, made as an administrator sees
 * it and exported as the workbook and the PDF, through the same functions the routes call.
 * Run: `node scripts/with-postgres.mjs npm run bench:reports -w bench`.
 * Then the same month as an installer who built every one of those plants (the scope's filter must not cost more
 * than the administrator's report) and one plant's month.
 * Last lines: wall-clock seconds of report + workbook + PDF (target <= 60), and the CPU seconds of this process and
 * of PostgreSQL beside them; the installer's report against the administrator's (ratio, target <= 1.2) and one
 * plant-month (target <= 1 s).
 * BASELINE_TREE=<dir>: another tree's report functions (a worktree of an older commit, imported from its
 * apps/server) measured in the same run, ROUNDS times each (default 2) in turn with this tree's, each round on a
 * fresh database seeded alike (lib/sameRun.ts); the ratios of seconds and CPU are printed before the last lines,
 * which then hold this tree's last round.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { ROLE } from '@solarops/contracts';
import { openDatabase } from '../../apps/server/src/db/openDatabase.ts';
import { ensureTelemetryPartitions } from '../../apps/server/src/modules/telemetry/partitions.ts';
import { writePlantDaySlots } from '../../apps/server/src/modules/telemetry/plantDaySlots.ts';
import { daysBetween, periodDays } from '../../apps/server/src/modules/reports/periods.ts';
import { createLoadFleet, prepareDatabase } from '../lib/benchFleet.ts';
import { pgCpuSeconds } from '../lib/cpuTime.ts';
import type * as OpenDatabaseModule from '../../apps/server/src/db/openDatabase.ts';
import type * as PeriodicReportModule from '../../apps/server/src/modules/reports/periodicReport.ts';
import type * as ReportPdfModule from '../../apps/server/src/modules/reports/reportPdf.ts';
import type * as ReportWorkbookModule from '../../apps/server/src/modules/reports/reportWorkbook.ts';
import { ratio, roundsOf, sameRunRounds, type BenchTree } from '../lib/sameRun.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('DATABASE_URL is required (node scripts/with-postgres.mjs ...)');
  process.exit(1);
}
const plants = Number(process.env.PLANTS ?? 1000);
/** The month reported: a past one, so that every day of it is expected. */
const MONTH = '2026-10';
const tag = `r${Date.now().toString(36)}`;

/** Wall-clock and CPU seconds (this process and PostgreSQL) of one piece of work. */
interface Timed {
  wall: number;
  cpu: number;
  pg: number;
}

/** What one round measured of one tree's report functions. */
interface ReportsRound {
  plantCount: number;
  /** Report, workbook and PDF together. */
  exported: Timed;
  asAdmin: Timed;
  asInstaller: Timed;
  onePlant: Timed;
}

/** The report functions of `tree` (this one's, or the baseline's from its own folder). */
async function treeReports(tree: BenchTree) {
  const src = (file: string) => pathToFileURL(path.join(tree.serverDir, 'src', file)).href;
  return {
    ...((await import(src('modules/reports/periodicReport.ts'))) as typeof PeriodicReportModule),
    ...((await import(src('modules/reports/reportWorkbook.ts'))) as typeof ReportWorkbookModule),
    ...((await import(src('modules/reports/reportPdf.ts'))) as typeof ReportPdfModule),
    ...((await import(src('db/openDatabase.ts'))) as typeof OpenDatabaseModule),
  };
}

/** One round: the month seeded on `url` (made with the tree's migrations), the tree's report functions timed on it. */
async function reportsRound(url: string, tree: BenchTree, roundTag: string): Promise<ReportsRound> {
  await prepareDatabase(url, tree.migrationsDir);
  const started = performance.now();
  await createLoadFleet(url, tag, plants, 1);
  const seeding = await openDatabase({ databaseUrl: url, dataDir: '' });
  // The readings of the month in every zone (UTC−5 to UTC+11) fall in September to November UTC.
  await ensureTelemetryPartitions(seeding.db, ['2026-09', '2026-10', '2026-11']);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows: devices } = await client.query<{ id: number; plant_id: number }>(
    `select d.id, d.plant_id from devices d join plants p on p.id = d.plant_id where p.code like $1 || '%' order by d.id`,
    [tag],
  );
  // A sunny day's shape every 5 minutes of each plant's local month; one reading in 50 missing (gaps to report).
  const BATCH = 50;
  for (let i = 0; i < devices.length; i += BATCH) {
    const ids = devices.slice(i, i + BATCH).map((d) => d.id);
    await client.query(
      `insert into telemetry (device_id, plant_id, ts, received_at, ac_power_w, energy_total_kwh)
       select d.id, d.plant_id, s.ts, s.ts,
         greatest(0, 8000 * sin(pi() * (extract(hour from s.ts at time zone p.time_zone) - 6) / 12)),
         1000 + extract(epoch from s.ts - timestamptz '${MONTH}-01Z') / 3600 * 2.5
       from devices d join plants p on p.id = d.plant_id
         cross join lateral generate_series(
           (timestamp '${MONTH}-01' at time zone p.time_zone),
           ((timestamp '${MONTH}-01' + interval '1 month') at time zone p.time_zone) - interval '5 minutes',
           interval '5 minutes') as s(ts)
       where d.id = any($1::int[]) and (extract(epoch from s.ts)::bigint / 300 + d.id) % 50 <> 0`,
      [ids],
    );
    await client.query(
      `insert into device_energy (device_id, plant_id, period, period_start, energy_kwh)
       select d.id, d.plant_id, 'day', day::date, 60 from devices d
         cross join generate_series(date '${MONTH}-01', date '${MONTH}-01' + interval '1 month' - interval '1 day', interval '1 day') day
       where d.id = any($1::int[])`,
      [ids],
    );
  }
  await client.query(
    `insert into plant_energy (plant_id, period, period_start, energy_kwh)
     select plant_id, period, period_start, sum(energy_kwh) from device_energy
     where period = 'day' and period_start between date '${MONTH}-01' and date '${MONTH}-31'
       and plant_id in (select id from plants where code like $1 || '%')
     group by 1, 2, 3
     on conflict do nothing`,
    [tag],
  );
  // The plants' day rows of the month (peak, readings, sun slots), as the rollups write them beside the energy.
  const { from: monthFrom, to: monthTo } = periodDays('month', `${MONTH}-15`);
  const plantIds = [...new Set(devices.map((d) => d.plant_id))];
  for (let i = 0; i < plantIds.length; i += BATCH)
    await writePlantDaySlots(
      seeding.db,
      plantIds
        .slice(i, i + BATCH)
        .flatMap((plantId) => daysBetween(monthFrom, monthTo).map((day) => ({ plantId, day }))),
    );
  // An installer who built every plant of the fleet: its report covers the same plants as the administrator's.
  const { rows: installer } = await client.query<{ id: number }>(
    `insert into users (user_code, name, password_hash, role_id) values ($1, $1, 'x', ${ROLE.installer}) returning id`,
    [`bench-installer-${tag}`],
  );
  await client.query(`update plants set installer_id = $1 where code like $2 || '%'`, [
    installer[0]!.id,
    tag,
  ]);
  await client.query(
    'analyze telemetry; analyze plant_energy; analyze plant_day_slots; analyze devices; analyze plants',
  );
  const { rows: count } = await client.query<{ n: number }>(
    `select count(*)::int as n from telemetry t join plants p on p.id = t.plant_id where p.code like $1 || '%'`,
    [tag],
  );
  await client.end();
  await seeding.close();
  console.log(
    `${roundTag}seeded ${plants} plants, ${count[0]!.n} readings of ${MONTH} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  // The measured functions are the tree's own, on a database handle of its own making.
  const {
    periodicReport,
    reportWorkbook,
    periodicReportPdf,
    openDatabase: openTreeDatabase,
  } = await treeReports(tree);
  const db = await openTreeDatabase({ databaseUrl: url, dataDir: '' });
  const admin = { userId: 0, roleId: ROLE.admin, dealercode: null };
  const cpu0 = process.cpuUsage();
  const pg0 = await pgCpuSeconds(url);
  const reportStarted = performance.now();
  const report = await periodicReport(db.db, admin, { period: 'month', date: `${MONTH}-15`, langType: 'zh' });
  const made = performance.now();
  const workbook = await reportWorkbook(report, 'zh');
  const exportedAt = performance.now();
  const pdf = await periodicReportPdf(report, 'zh');
  const done = performance.now();
  const cpu = process.cpuUsage(cpu0);
  const pgCpu = (await pgCpuSeconds(url)) - pg0;
  const s = (ms: number) => (ms / 1000).toFixed(1);
  /** Wall-clock and CPU seconds (this process and PostgreSQL) of one report. */
  async function timed(make: () => Promise<unknown>) {
    const c0 = process.cpuUsage();
    const p0 = await pgCpuSeconds(url);
    const t0 = performance.now();
    await make();
    const wall = (performance.now() - t0) / 1000;
    const c = process.cpuUsage(c0);
    return { wall, cpu: (c.user + c.system) / 1e6, pg: (await pgCpuSeconds(url)) - p0 };
  }
  const caller = { userId: installer[0]!.id, roleId: ROLE.installer, dealercode: null };
  const month = { period: 'month' as const, date: `${MONTH}-15`, langType: 'zh' as const };
  const asAdmin = await timed(() => periodicReport(db.db, admin, month));
  const asInstaller = await timed(() => periodicReport(db.db, caller, month));
  const plantId = report.plants[0]!.plantId;
  const onePlant = await timed(() => periodicReport(db.db, admin, { ...month, plantId }));
  await db.close();
  console.log(
    `  ${roundTag}report of ${report.totals.plantCount} plants: ${s(made - reportStarted)} s; workbook ${(workbook.length / 1024).toFixed(0)} kB: ${s(exportedAt - made)} s; ` +
      `PDF ${(pdf.length / 1024).toFixed(0)} kB: ${s(done - exportedAt)} s; completeness ${(report.totals.completeness.ratio * 100).toFixed(2)} %`,
  );
  const exported = {
    wall: (done - reportStarted) / 1000,
    cpu: (cpu.user + cpu.system) / 1e6,
    pg: pgCpu,
  };
  const figures = { plantCount: report.totals.plantCount, exported, asAdmin, asInstaller, onePlant };
  // Alone, this tree's round is the last lines themselves.
  if (roundTag) for (const line of reportsLines(figures)) console.log(roundTag + line);
  return figures;
}

const fig = (x: Timed, digits = 2) =>
  `${x.wall.toFixed(digits)} s (CPU ${x.cpu.toFixed(digits)} s here, ${x.pg.toFixed(digits)} s PostgreSQL)`;
/** A round's figures as the last lines say them. */
const reportsLines = (f: ReportsRound) => [
  `monthly fleet report of ${f.plantCount} plants generated and exported (xlsx + PDF) in ${f.exported.wall.toFixed(1)} s (target 60), ` +
    `CPU: this process ${f.exported.cpu.toFixed(1)} s, PostgreSQL ${f.exported.pg.toFixed(1)} s`,
  `installer's month of the same ${f.plantCount} plants ${fig(f.asInstaller)} against the administrator's ${fig(f.asAdmin)}: ` +
    `ratio ${(f.asInstaller.wall / f.asAdmin.wall).toFixed(2)} (target <= 1.2); one plant-month ${fig(f.onePlant)} (target <= 1)`,
];

const measured = await sameRunRounds(databaseUrl, 'reports', reportsRound);
const mine = roundsOf(measured, 'this tree');
if (measured.length > 1) {
  const base = roundsOf(measured, 'baseline');
  /** One measure summed over a tree's rounds. */
  const sum = (all: ReportsRound[], pick: (f: ReportsRound) => Timed) =>
    all.reduce((a, f) => ({ wall: a.wall + pick(f).wall, cpu: a.cpu + pick(f).cpu, pg: a.pg + pick(f).pg }), {
      wall: 0,
      cpu: 0,
      pg: 0,
    });
  const compare = (name: string, pick: (f: ReportsRound) => Timed) => {
    const m = sum(mine, pick);
    const b = sum(base, pick);
    return (
      `${name}: this tree ${fig(m, 3)}, baseline ${fig(b, 3)}, ratios wall ${ratio(m.wall, b.wall)}, ` +
      `CPU here ${ratio(m.cpu, b.cpu)}, PostgreSQL ${ratio(m.pg, b.pg)}`
    );
  };
  console.log(`reports same run (${mine.length} rounds each, summed; this tree / baseline):`);
  console.log(`  ${compare('report + xlsx + PDF', (f) => f.exported)}`);
  console.log(`  ${compare("administrator's month", (f) => f.asAdmin)}`);
  console.log(`  ${compare("installer's month", (f) => f.asInstaller)}`);
  console.log(`  ${compare('one plant-month', (f) => f.onePlant)}; load average ${loadavg()[0]!.toFixed(2)}`);
}
for (const line of reportsLines(mine[mine.length - 1]!)) console.log(line);
