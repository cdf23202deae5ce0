/**
 * bench/reports/demo: the reports of the demo fleet as `npm start` makes it (PLANTS plants, default 30, with
 * DAYS of 5-minute history, default 14, on the embedded database): the administrator's month of the whole fleet,
 * the month of the first demo installer's plants, and one plant's month (the largest plant).
 * Run: `npm run bench:reports:demo -w bench`.
 * Last line: seconds of each (targets: fleet month <= 5, one plant-month <= 1) with this process's CPU seconds
 * (the embedded database runs in it), and the installer's seconds per plant against the administrator's (ratio,
 * target <= 1.2). The line before it: the same fleet month's slots (peak, readings, sun slots) read from the
 * readings, as the report read them before it kept them per plant and day (`plant_day_slots`), beside their read
 * from those day rows: the part of the report that changed, measured in the same run.
 */
import os from 'node:os';
import path from 'node:path';
import { mkdtempSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { generateDemoFleet } from '@solarops/simulator/fleet';
import { openDatabase } from '../../apps/server/src/db/openDatabase.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { rowsOf } from '../../apps/server/src/db/rowsOf.ts';
import { seedReferenceData } from '../../apps/server/src/referenceData.ts';
import { ensureAdmin } from '../../apps/server/src/modules/users/seedAccounts.ts';
import { seedDemoFleet } from '../../apps/server/src/modules/fleet/seedDemoFleet.ts';
import { backfillTelemetry } from '../../apps/server/src/modules/fleet/backfillTelemetry.ts';
import { noBrokerAccounts } from '../../apps/server/src/modules/devices/BrokerAccounts.ts';
import { periodicReport, reportPlants } from '../../apps/server/src/modules/reports/periodicReport.ts';
import { periodDays, utcWindow } from '../../apps/server/src/modules/reports/periods.ts';
import { readInPieces, reportPieces } from '../../apps/server/src/modules/reports/reportPieces.ts';
import {
  plantDaySlotRows,
  slotDevices,
  slotStatsBetween,
} from '../../apps/server/src/modules/telemetry/plantDaySlots.ts';

const plants = Number(process.env.PLANTS ?? 30);
const days = Number(process.env.DAYS ?? 14);
const dir = mkdtempSync(path.join(os.tmpdir(), 'bench-reports-demo-'));
const database = await openDatabase({ dataDir: dir, databaseUrl: undefined });
const db = database.db;
let t0 = performance.now();
await migrate(database);
await seedReferenceData(db);
await ensureAdmin(db, 'bench-admin-password');
const fleet = generateDemoFleet({ seed: 20240601, plants });
const seeded = await seedDemoFleet(db, fleet, noBrokerAccounts);
const endMs = Date.now();
await backfillTelemetry(db, fleet.plants, seeded.deviceIds, { days, endMs, seed: 20240601 });
console.log(
  `seeded the demo fleet of ${plants} plants with ${days} days of history in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);

const users = await rowsOf<{ id: number; role_id: number; user_code: string }>(
  db,
  sql`select id, role_id, user_code from users where user_code in ('admin', 'demo-installer-1')`,
);
const callerOf = (code: string) => {
  const u = users.find((x) => x.user_code === code)!;
  return { userId: u.id, roleId: u.role_id, dealercode: null };
};
const [largest] = await rowsOf<{ id: number }>(
  db,
  sql`select id from plants order by capacity_w desc limit 1`,
);
const month = {
  period: 'month' as const,
  date: new Date(endMs).toISOString().slice(0, 10),
  langType: 'zh' as const,
};
/** Wall-clock and CPU seconds of one report (the second of two runs: the first warms the caches). */
async function timed(make: () => Promise<{ plants: unknown[] }>) {
  await make();
  const c0 = process.cpuUsage();
  t0 = performance.now();
  const r = await make();
  const c = process.cpuUsage(c0);
  return { wall: (performance.now() - t0) / 1000, cpu: (c.user + c.system) / 1e6, plants: r.plants.length };
}
const admin = await timed(() => periodicReport(db, callerOf('admin'), month));
const installer = await timed(() => periodicReport(db, callerOf('demo-installer-1'), month));
const plant = await timed(() => periodicReport(db, callerOf('admin'), { ...month, plantId: largest!.id }));
// The fleet month's slots as the report read them before: from the readings, in pieces of plants and days.
const fleetPlants = await reportPlants(db, callerOf('admin'));
const ids = fleetPlants.map((p) => p.id);
const { from, to } = periodDays('month', month.date);
const fromReadings = await timed(async () => {
  const devices = await slotDevices(db, ids);
  await readInPieces(reportPieces(fleetPlants, from, to), (piece) => {
    const { lo, hi } = utcWindow(piece.from, piece.to);
    return slotStatsBetween(
      db,
      piece.plants.map((p) => p.id),
      devices,
      lo,
      hi,
      false,
    );
  });
  return { plants: fleetPlants };
});
const fromDayRows = await timed(async () => {
  await plantDaySlotRows(db, ids, from, to);
  return { plants: fleetPlants };
});
await database.close();
rmSync(dir, { recursive: true, force: true });
const fig = (x: { wall: number; cpu: number; plants: number }) =>
  `${x.wall.toFixed(2)} s (CPU ${x.cpu.toFixed(2)} s, ${x.plants} plants)`;
console.log(
  `fleet month's slots (peak, readings, sun slots): from the readings ${fig(fromReadings)}, ` +
    `from the day rows ${fig(fromDayRows)}`,
);
console.log(
  `demo month reports: administrator's fleet ${fig(admin)} (target 5), installer's ${fig(installer)}, ` +
    `one plant ${fig(plant)} (target 1); installer per plant / administrator per plant ` +
    `${(installer.wall / installer.plants / (admin.wall / admin.plants)).toFixed(2)} (target <= 1.2)`,
);
