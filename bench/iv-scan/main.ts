/**
 * bench/iv-scan: one IV task over 50 inverters of one plant, 12 strings each (600 strings), on the real server
 * (child process, real PostgreSQL, embedded broker): each inverter's collector answers its `ivScan` command as the
 * simulator does (CommandResponder, a one-second sweep) with curves of the project's generator (single-diode
 * model per substring with bypass diodes, noise, a fault in one string of five); the server settles and
 * diagnoses every string. Then the task's PDF report of the 600 strings is asked for in zh.
 * Needs PostgreSQL: `node scripts/with-postgres.mjs npm run bench:iv-scan -w bench`.
 * Options: INVERTERS (50), STRINGS (12).
 * Last line: wall seconds from start to complete and for the PDF, CPU seconds of each (server and PostgreSQL)
 * and per string, beside the targets (≤ 300 s, ≤ 10 s) and the load average.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import type { IvScanResult, IvTask } from '@solarops/contracts';
import { EXAMPLE_MODULE_400W, IV_FAULT_CLASSES, mulberry32, synthesizeScan } from '@solarops/pv';
import { CollectorLink, CommandResponder } from '@solarops/simulator';
import { createLoadFleet, prepareDatabase } from '../lib/benchFleet.ts';
import { signInHeaders, startBenchServer } from '../lib/benchServer.ts';
import { cpuSeconds, pgCpuSeconds } from '../lib/cpuTime.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (node scripts/with-postgres.mjs ...)');
  process.exit(1);
}
const inverters = Number(process.env.INVERTERS ?? 50);
const strings = Number(process.env.STRINGS ?? 12);
const PASSWORD = 'Bench-iv-2024';
const MODULES_IN_SERIES = 16;

await prepareDatabase(url);
const fleet = await createLoadFleet(url, 'v', inverters, 1);
let plantId = 0;
{
  // One plant holds every inverter (a task scans inverters of one plant).
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const first = await c.query<{ plant_id: number }>(`select plant_id from collectors where serial = $1`, [
    fleet.collectors[0]!.serial,
  ]);
  plantId = first.rows[0]!.plant_id;
  await c.query(`update collectors set plant_id = $1 where serial like 'BCv%'`, [plantId]);
  await c.query(`update devices set plant_id = $1, pv_strings = $2 where serial like 'BDv%'`, [
    plantId,
    strings,
  ]);
  await c.end();
}
const server = await startBenchServer(url, { ADMIN_PASSWORD: PASSWORD, COMMAND_JOB_SECONDS: '1' });
const base = `http://127.0.0.1:${server.httpPort}/prod-api`;

const auth = { ...(await signInHeaders(base, 'admin', PASSWORD)), 'content-type': 'application/json' };
const call = async <T>(path: string, init: RequestInit = {}): Promise<T> => {
  const res = await fetch(`${base}${path}`, { ...init, headers: { ...auth, ...init.headers } });
  const body = (await res.json()) as { data: T };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body.data;
};

// Every collector sweeps its inverter's strings: a fault in one string of five, classes in turn.
const rng = mulberry32(600);
let scanned = 0;
const scan = (target: string, points: number): IvScanResult => {
  const sweep = { poaStartWm2: 850, poaEndWm2: 853, moduleTempC: 45 };
  return {
    ...sweep,
    strings: Array.from({ length: strings }, (_, i) => {
      const k = scanned++;
      const fault = k % 5 === 0 ? IV_FAULT_CLASSES[(k / 5) % IV_FAULT_CLASSES.length]! : 'normal';
      return {
        string: i + 1,
        points: synthesizeScan(
          { module: EXAMPLE_MODULE_400W, modulesInSeries: MODULES_IN_SERIES },
          fault,
          sweep.poaStartWm2,
          sweep.moduleTempC,
          points,
          rng,
        ).points,
      };
    }),
  };
};
const links: CollectorLink[] = [];
for (const c of fleet.collectors) {
  const responder = new CommandResponder(new Map(), (r) => link.sendReply(r), { ivScan: scan });
  const link: CollectorLink = new CollectorLink({
    url: `mqtt://127.0.0.1:${server.mqttPort}`,
    serial: c.serial,
    secret: c.secret,
    onCommand: (m) => responder.handle(m),
  });
  links.push(link);
  await link.start();
  // A reading, so that the inverter is online (its collector too).
  link.sendTelemetry([{ sn: c.devices[0]!, ts: Date.now(), acPowerW: 4000 }]);
}
await Promise.all(links.map((l) => l.drained()));

const template = await call<{ id: number }>('/iv/templates', {
  method: 'POST',
  body: JSON.stringify({
    name: 'Bench 400 W, 16 in series',
    description: '',
    module: EXAMPLE_MODULE_400W,
    moduleType: 'mono PERC',
    maker: 'Example Solar',
    firstYearDecayPct: 2,
    annualDecayPct: 0.55,
    modulesPerString: MODULES_IN_SERIES,
    connectionDate: new Date().toISOString().slice(0, 10),
    sensitivity: 'medium',
  }),
});

const cpu0 = cpuSeconds(server.child.pid!);
const pg0 = await pgCpuSeconds(url);
const t0 = performance.now();
const started = await call<{ task: IvTask; refused: unknown[] }>('/iv/tasks', {
  method: 'POST',
  body: JSON.stringify({
    name: 'Bench scan',
    plantId,
    templateId: template.id,
    serials: fleet.collectors.map((c) => c.devices[0]!),
    password: PASSWORD,
  }),
});
if (started.refused.length > 0) throw new Error(`refused: ${JSON.stringify(started.refused)}`);
let task = started.task;
while (task.state !== 'complete') {
  if (performance.now() - t0 > 600_000) throw new Error(`not complete after 600 s: ${JSON.stringify(task)}`);
  await new Promise((r) => setTimeout(r, 500));
  task = (await call<{ task: IvTask }>(`/iv/tasks/${task.id}`)).task;
}
const scanS = (performance.now() - t0) / 1000;
const scanCpu = cpuSeconds(server.child.pid!) - cpu0;
const scanPg = (await pgCpuSeconds(url)) - pg0;
console.log(
  `scan: ${task.inverters} inverters, ${task.strings} strings (${task.failedInverters} failed), classes ${JSON.stringify(task.classes)}`,
);

const cpu1 = cpuSeconds(server.child.pid!);
const pg1 = await pgCpuSeconds(url);
const t1 = performance.now();
const pdf = await fetch(`${base}/iv/tasks/${task.id}/report?format=pdf&langType=zh`, { headers: auth });
const bytes = (await pdf.arrayBuffer()).byteLength;
if (pdf.status !== 200) throw new Error(`report: ${pdf.status}`);
const pdfS = (performance.now() - t1) / 1000;
const pdfCpu = cpuSeconds(server.child.pid!) - cpu1;
const pdfPg = (await pgCpuSeconds(url)) - pg1;
console.log(`pdf: ${(bytes / 1024).toFixed(0)} KiB for ${task.strings} strings`);

await Promise.all(links.map((l) => l.stop()));
await server.stop();
const load = loadavg()[0]!.toFixed(1);
console.log(
  `iv-scan: ${task.inverters} inverters × ${strings} strings scanned and diagnosed in ${scanS.toFixed(1)} s wall ` +
    `(target ≤ 300), CPU ${scanCpu.toFixed(1)} s server + ${scanPg.toFixed(1)} s PostgreSQL ` +
    `(${((1000 * (scanCpu + scanPg)) / Math.max(1, task.strings)).toFixed(1)} ms per string); PDF of ` +
    `${task.strings} strings in ${pdfS.toFixed(2)} s wall (target ≤ 10), CPU ${pdfCpu.toFixed(2)} s server + ` +
    `${pdfPg.toFixed(2)} s PostgreSQL; load average ${load}`,
);
