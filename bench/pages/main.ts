/**
 * bench/pages: the console in Chromium over the queries bench's 10 000-plant dataset (PostgreSQL, generated in
 * the database). Prints the JavaScript of the sign-in page and of the dashboard with its charts (files, bytes and
 * gzip bytes) and the time from navigation to a rendered plant list, from outside the console and from its
 * menu (median and worst of RUNS, default 10), with Chromium's CPU time per navigation beside it.
 * Needs PostgreSQL and a built console (`npm run build:web`):
 * `node scripts/with-postgres.mjs npm run bench:pages -w bench`. Options: PLANTS (default 10 000),
 * DEVICES_PER_PLANT (default 2), RUNS, REUSE_DATASET=1 (keep the dataset of a previous run on a kept database).
 * BASELINE_WEB_DIST=<dir>: another console build (e.g. an older commit's `apps/web/dist`) measured in the same run
 * on the same server and data, ROUNDS times each (default 2) in turn with this one, and the ratios printed: on a
 * shared machine only figures from the same run compare. WEB_DIST_DIR=<dir>: the build measured as "this build"
 * instead of this workspace's (to compare two older commits, e.g. the two sides of one change).
 * Beside each plant-list figure, where Chromium's CPU went by process kind and thread (renderer, browser,
 * network service, GPU process; "ended meanwhile" is the renderer a navigation from outside leaves behind).
 * Last line: login JS gzip and transferred [KB], dashboard JS gzip and transferred [KB], plant list p50 and max
 * from outside and from the menu [ms] (this build's, pooled over the rounds), timed in the page: from the
 * navigation's start or the click to the first frame with a row (the harness's own figure, with its round trips,
 * beside each list). "Transferred" is Chromium's count of the scripts' bytes on the wire, compressed as the server
 * chose (a console before compression sends them whole).
 */
import { percentile, startBenchServer } from '../lib/benchServer.ts';
import { prepareDatabase } from '../lib/benchFleet.ts';
import { existingDataset, generateDataset } from '../queries/generateDataset.ts';
import { measurePages, type PageFigures } from './measurePages.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (node scripts/with-postgres.mjs ...)');
  process.exit(1);
}
const size = {
  plants: Number(process.env.PLANTS ?? 10_000),
  devicesPerPlant: Number(process.env.DEVICES_PER_PLANT ?? 2),
  longDevices: 0,
  longDays: 1,
  // The plant list reads the latest state, not history: the quicker layout to generate.
  layout: 'device' as const,
};
const runs = Number(process.env.RUNS ?? 10);
const baseline = process.env.BASELINE_WEB_DIST;
const measured = process.env.WEB_DIST_DIR;
const rounds = baseline ? Number(process.env.ROUNDS ?? 2) : 1;

const kept =
  process.env.REUSE_DATASET === '1' ? await existingDataset(url).catch(() => undefined) : undefined;
const data =
  kept ??
  (await (async () => {
    await prepareDatabase(url);
    return generateDataset(url, size, (m) => console.log(m));
  })());

/** One server on `webDist` (undefined: this workspace's build), measured once. */
async function measure(webDist: string | undefined): Promise<PageFigures> {
  const server = await startBenchServer(url!, webDist ? { WEB_DIST_DIR: webDist } : {});
  try {
    return await measurePages(
      `http://127.0.0.1:${server.httpPort}`,
      { userCode: data.userCode, password: data.password },
      runs,
    );
  } finally {
    await server.stop();
  }
}

/** The mean of each key over `all`. */
function averaged(all: Map<string, number>[]): Map<string, number> {
  const mean = new Map<string, number>();
  for (const m of all) for (const [k, v] of m) mean.set(k, (mean.get(k) ?? 0) + v / all.length);
  return mean;
}

/**
 * The threads that took at least 10 ms per navigation, most first, e.g. `renderer chromium 362` (a process's main
 * thread bears the process's name). "ended meanwhile" can come out a little below zero: the threads are read just
 * after the total.
 */
const breakdown = (m: Map<string, number>) =>
  [...m]
    .filter(([, v]) => Math.abs(v) >= 10)
    .sort((a, b) => b[1] - a[1])
    .map(([k, v]) => `${k} ${v.toFixed(0)}`)
    .join(', ');

/** The figures of several rounds as one: navigations pooled, CPU averaged, script sizes from the first. */
const pooled = (all: PageFigures[]): PageFigures => ({
  login: all[0]!.login,
  dashboard: all[0]!.dashboard,
  plantListMs: all.flatMap((f) => f.plantListMs),
  plantListHarnessMs: all.flatMap((f) => f.plantListHarnessMs),
  plantListCpuMs: all.reduce((a, f) => a + f.plantListCpuMs, 0) / all.length,
  plantListInAppMs: all.flatMap((f) => f.plantListInAppMs),
  plantListInAppHarnessMs: all.flatMap((f) => f.plantListInAppHarnessMs),
  plantListInAppCpuMs: all.reduce((a, f) => a + f.plantListInAppCpuMs, 0) / all.length,
  plantListCpuByThreadMs: averaged(all.map((f) => f.plantListCpuByThreadMs)),
  plantListInAppCpuByThreadMs: averaged(all.map((f) => f.plantListInAppCpuByThreadMs)),
});

const kb = (n: number) => (n / 1024).toFixed(1);
const p50 = (ms: number[]) => percentile(ms, 50);
const ms = (list: number[]) => list.map((m) => m.toFixed(0)).join(', ');
/** The harness's own count beside the page's: its round trips added (about 100 ms a click here). */
const harness = (list: number[]) => `the harness: p50 ${p50(list).toFixed(0)} ms`;

const current: PageFigures[] = [];
const before: PageFigures[] = [];
for (let round = 0; round < rounds; round++) {
  current.push(await measure(measured));
  if (baseline) before.push(await measure(baseline));
}
const figures = pooled(current);

if (baseline) {
  const old = pooled(before);
  console.log(`baseline ${baseline}:`);
  console.log(
    `  dashboard JS ${kb(old.dashboard.gzip)} KB gzip (${kb(old.dashboard.transferred)} KB transferred), ` +
      `login JS ${kb(old.login.gzip)} KB gzip (${kb(old.login.transferred)} KB transferred)`,
  );
  console.log(
    `  plant list from outside: ${ms(old.plantListMs)} ms on screen (${harness(old.plantListHarnessMs)}), ` +
      `${old.plantListCpuMs.toFixed(0)} ms Chromium CPU each`,
  );
  console.log(
    `  plant list from the menu: ${ms(old.plantListInAppMs)} ms on screen (${harness(old.plantListInAppHarnessMs)}), ` +
      `${old.plantListInAppCpuMs.toFixed(0)} ms Chromium CPU each`,
  );
  console.log(`  CPU from outside by thread [ms]: ${breakdown(old.plantListCpuByThreadMs)}`);
  console.log(`  CPU from the menu by thread [ms]: ${breakdown(old.plantListInAppCpuByThreadMs)}`);
  console.log(
    `this build / baseline, same run: from outside p50 ${(p50(figures.plantListMs) / p50(old.plantListMs)).toFixed(2)}, ` +
      `Chromium CPU ${(figures.plantListCpuMs / old.plantListCpuMs).toFixed(2)}, ` +
      `from the menu p50 ${(p50(figures.plantListInAppMs) / p50(old.plantListInAppMs)).toFixed(2)}, ` +
      `Chromium CPU ${(figures.plantListInAppCpuMs / old.plantListInAppCpuMs).toFixed(2)}`,
  );
}
for (const [name, s] of [
  ['login', figures.login],
  ['dashboard', figures.dashboard],
] as const) {
  console.log(
    `${name}: ${s.files} scripts, ${kb(s.raw)} KB, ${kb(s.gzip)} KB gzip, ${kb(s.transferred)} KB transferred`,
  );
}
console.log(
  `plant list from outside: ${ms(figures.plantListMs)} ms on screen (${harness(figures.plantListHarnessMs)}), ` +
    `${figures.plantListCpuMs.toFixed(0)} ms Chromium CPU each`,
);
console.log(
  `plant list from the menu: ${ms(figures.plantListInAppMs)} ms on screen ` +
    `(${harness(figures.plantListInAppHarnessMs)}), ` +
    `${figures.plantListInAppCpuMs.toFixed(0)} ms Chromium CPU each`,
);
console.log(`CPU from outside by thread [ms]: ${breakdown(figures.plantListCpuByThreadMs)}`);
console.log(`CPU from the menu by thread [ms]: ${breakdown(figures.plantListInAppCpuByThreadMs)}`);
console.log(
  `login JS ${kb(figures.login.gzip)} KB gzip, ${kb(figures.login.transferred)} KB transferred (target 120 gzip), ` +
    `dashboard JS ${kb(figures.dashboard.gzip)} KB gzip, ${kb(figures.dashboard.transferred)} KB transferred ` +
    `(target 300 gzip), plant list p50 ${p50(figures.plantListMs).toFixed(0)} ms from outside ` +
    `(max ${Math.max(...figures.plantListMs).toFixed(0)}, ${figures.plantListCpuMs.toFixed(0)} ms Chromium CPU), ` +
    `${p50(figures.plantListInAppMs).toFixed(0)} ms from the menu ` +
    `(max ${Math.max(...figures.plantListInAppMs).toFixed(0)}) (targets 600 and 350)`,
);
