/**
 * bench/agent: the edge agent as it is installed (its production build, `dist/solarops-agent.mjs`, started as the
 * systemd unit starts it, with the V8 flags of its first line) polling 100 devices on 10 Modbus TCP links at a
 * 10 s interval and sending to the real server (child process, embedded broker) on a real PostgreSQL. The devices
 * serve the recorded SMA Sunny Boy image from a process of their own. Needs PostgreSQL:
 * `node scripts/with-postgres.mjs npm run bench:agent -w bench` (flock the machine-wide lock).
 *
 * Measured once every device has been discovered and has a reading in the database, for BENCH_SECONDS (60):
 * polls per second (readings stored, polls failed as the agent logged them), the agent's CPU per poll (from
 * /proc), its peak resident memory over the whole run (VmHWM: start, discovery and polling), and the latency
 * from a poll's start (the reading's `ts`, when its registers were read) to its row in the server's database
 * (polled every 250 ms, so up to 0.25 s late), p50 and p95.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createLoadFleet, prepareDatabase } from '../lib/benchFleet.ts';
import { percentile, startBenchServer } from '../lib/benchServer.ts';
import { cpuSeconds } from '../lib/cpuTime.ts';

const LINKS = 10;
const PER_LINK = 10;
const INTERVAL_S = 10;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 60) * 1000;
const AGENT_DIR = fileURLToPath(new URL('../../apps/agent/', import.meta.url));

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (node scripts/with-postgres.mjs ...)');
  process.exit(1);
}

// The agent as installed: built now, from the sources of this checkout.
const built = spawnSync(process.execPath, ['build.mjs'], { cwd: AGENT_DIR, stdio: 'inherit' });
if (built.status !== 0) process.exit(1);

await prepareDatabase(url);
const fleet = await createLoadFleet(url, 'agent', 1, LINKS * PER_LINK);
const collector = fleet.collectors[0]!;
const server = await startBenchServer(url);

const devices = spawn(
  process.execPath,
  ['--import', 'tsx', new URL('./servers.ts', import.meta.url).pathname, String(LINKS), String(PER_LINK)],
  { stdio: ['ignore', 'pipe', 'inherit'] },
);
const ports = await new Promise<number[]>((resolve) => {
  let out = '';
  devices.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.includes('\n')) resolve(JSON.parse(out) as number[]);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'bench-agent-'));
const links = ports.map((port, l) => {
  const units = collector.devices
    .slice(l * PER_LINK, (l + 1) * PER_LINK)
    .map((sn, u) => `      - { sn: ${sn}, unitId: ${u + 1} }`);
  return `  - tcp: { host: 127.0.0.1, port: ${port} }\n    devices:\n${units.join('\n')}`;
});
writeFileSync(
  join(dir, 'agent.yaml'),
  `server: { mqttUrl: "mqtt://127.0.0.1:${server.mqttPort}" }
collector: { serial: ${collector.serial}, secret: "${collector.secret}" }
intervalS: ${INTERVAL_S}
dataDir: ${JSON.stringify(join(dir, 'data'))}
links:
${links.join('\n')}
`,
);
const agent = spawn(
  join(AGENT_DIR, 'dist/solarops-agent.mjs'),
  ['run', '--config', join(dir, 'agent.yaml')],
  {
    stdio: ['ignore', 'ignore', 'pipe'],
  },
);
/** Polls that failed, as the agent logs them (`<sn>: <why>`), and the last reasons. */
let failed = 0;
const reasons = new Map<string, number>();
agent.stderr!.on('data', (d: Buffer) => {
  for (const line of d.toString().split('\n')) {
    const m = / (\S+): (.*)$/.exec(line);
    if (m && collector.devices.includes(m[1]!)) {
      failed++;
      reasons.set(m[2]!, (reasons.get(m[2]!) ?? 0) + 1);
    }
  }
});
const status = (field: string): number => {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(readFileSync(`/proc/${agent.pid}/status`, 'utf8'));
  return Number(m?.[1] ?? NaN) / 1024;
};

// Each stored reading's first sight in the database [ms] against its `ts`.
const db = new pg.Client({ connectionString: url });
await db.connect();
const seen = new Set<string>();
const latencies: number[] = [];
let measuring = false;
let stored = 0;
const devicesWithReading = new Set<number>();
const since = Date.now();
const look = async (): Promise<void> => {
  const rows = await db.query<{ device_id: number; ts: string }>(
    `select device_id, (extract(epoch from ts) * 1000)::bigint::text as ts from telemetry
     where ts >= to_timestamp($1 / 1000.0)`,
    [since],
  );
  const now = Date.now();
  for (const r of rows.rows) {
    const key = `${r.device_id}/${r.ts}`;
    if (seen.has(key)) continue;
    seen.add(key);
    devicesWithReading.add(r.device_id);
    if (!measuring) continue;
    stored++;
    latencies.push(now - Number(r.ts));
  }
};
let looking = true;
const lookLoop = (async () => {
  while (looking) {
    await look();
    await new Promise((r) => setTimeout(r, 250));
  }
})();

// Warm-up: every device discovered (its SunSpec chain read) and stored once; then one more interval.
const warmUpEnd = Date.now() + 180_000;
while (devicesWithReading.size < LINKS * PER_LINK) {
  if (Date.now() > warmUpEnd)
    throw new Error(`only ${devicesWithReading.size} devices stored after 3 minutes`);
  await new Promise((r) => setTimeout(r, 500));
}
await new Promise((r) => setTimeout(r, INTERVAL_S * 1000));
failed = 0;
reasons.clear();
measuring = true;
const cpu0 = cpuSeconds(agent.pid!);
const t0 = Date.now();
await new Promise((r) => setTimeout(r, DURATION_MS));
const cpu = cpuSeconds(agent.pid!) - cpu0;
const wall = (Date.now() - t0) / 1000;
const peakRss = status('VmHWM');
const fileRss = status('RssFile');
measuring = false;
const failedPolls = failed;
looking = false;
await lookLoop;

agent.kill('SIGTERM');
await new Promise((r) => agent.once('exit', r));
devices.kill();
await db.end();
await server.stop();
rmSync(dir, { recursive: true, force: true });

for (const [why, n] of reasons) console.log(`failed polls: ${n} × ${why}`);
const polls = stored + failedPolls;
console.log(
  `agent: ${LINKS * PER_LINK} devices on ${LINKS} TCP links at ${INTERVAL_S} s: ` +
    `${(polls / wall).toFixed(2)} polls/s (${polls} in ${wall.toFixed(0)} s, ${failedPolls} failed), ` +
    `CPU ${((cpu * 1000) / Math.max(1, polls)).toFixed(2)} ms/poll (${((cpu / wall) * 100).toFixed(1)} % of a core), ` +
    `peak RSS ${peakRss.toFixed(1)} MB (${fileRss.toFixed(1)} MB of it Node's own mapped files), ` +
    `register-to-stored (server's database) p50 ${(percentile(latencies, 50) / 1000).toFixed(2)} s ` +
    `p95 ${(percentile(latencies, 95) / 1000).toFixed(2)} s`,
);
process.exit(0);
