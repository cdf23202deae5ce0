/**
 * bench/pages: the console in Chromium over the queries bench's 10 000-plant dataset (PostgreSQL, generated in
 * the database). Prints the JavaScript of the sign-in page and of the dashboard with its charts (files, bytes and
 * gzip bytes) and the time from navigation to a rendered plant list, from outside the console and from its
 * menu (median and worst of RUNS, default 10).
 * Needs PostgreSQL and a built console (`npm run build:web`):
 * `node scripts/with-postgres.mjs npm run bench:pages -w bench`. Options: PLANTS (default 10 000),
 * DEVICES_PER_PLANT (default 2), RUNS.
 * Last line: login JS gzip [KB], dashboard JS gzip [KB], plant list p50 and max from outside and from the menu
 * [ms].
 */
import { percentile, startBenchServer } from '../lib/benchServer.ts';
import { prepareDatabase } from '../lib/benchFleet.ts';
import { generateDataset } from '../queries/generateDataset.ts';
import { measurePages } from './measurePages.ts';

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
};
const runs = Number(process.env.RUNS ?? 10);

await prepareDatabase(url);
const data = await generateDataset(url, size, (m) => console.log(m));
const server = await startBenchServer(url);
try {
  const figures = await measurePages(
    `http://127.0.0.1:${server.httpPort}`,
    { userCode: data.userCode, password: data.password },
    runs,
  );
  const kb = (n: number) => (n / 1024).toFixed(1);
  for (const [name, s] of [
    ['login', figures.login],
    ['dashboard', figures.dashboard],
  ] as const) {
    console.log(`${name}: ${s.files} scripts, ${kb(s.raw)} KB, ${kb(s.gzip)} KB gzip`);
  }
  console.log(`plant list from outside: ${figures.plantListMs.map((m) => m.toFixed(0)).join(', ')} ms`);
  console.log(`plant list from the menu: ${figures.plantListInAppMs.map((m) => m.toFixed(0)).join(', ')} ms`);
  console.log(
    `login JS ${kb(figures.login.gzip)} KB gzip (target 200), dashboard JS ${kb(figures.dashboard.gzip)} KB gzip ` +
      `(target 500), plant list p50 ${percentile(figures.plantListMs, 50).toFixed(0)} ms from outside ` +
      `(max ${Math.max(...figures.plantListMs).toFixed(0)}), ${percentile(figures.plantListInAppMs, 50).toFixed(0)} ms ` +
      `from the menu (max ${Math.max(...figures.plantListInAppMs).toFixed(0)}) (target 1000)`,
  );
} finally {
  await server.stop();
}
