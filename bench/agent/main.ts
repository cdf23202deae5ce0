// bench/agent: the edge agent polling 100 devices on 10 Modbus TCP links at a 10 s interval (the devices serve
// the recorded SMA Sunny Boy image from another process). Prints polls per second, CPU per poll, the agent's
// peak RSS, and the latency from a poll's start (its registers read) to its reading stored in the agent's
// buffer on disk (fsynced: what survives a power loss; the batch of an interval is stored when it ends, as the
// service does). Run: npm run bench:agent -w bench (flock the machine-wide lock).
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LinkQueue } from '../../apps/agent/src/modbus/LinkQueue.ts';
import { ModbusSerialTransport } from '../../apps/agent/src/modbus/transport.ts';
import { BatchJournal } from '../../apps/agent/src/run/BatchJournal.ts';
import { DevicePoller, type PollResult } from '../../apps/agent/src/run/DevicePoller.ts';

const LINKS = 10;
const PER_LINK = 10;
const INTERVAL_MS = 10_000;
const DURATION_MS = Number(process.env.BENCH_SECONDS ?? 60) * 1000;

const servers = spawn(
  process.execPath,
  ['--import', 'tsx', new URL('./servers.ts', import.meta.url).pathname, String(LINKS), String(PER_LINK)],
  {
    stdio: ['ignore', 'pipe', 'inherit'],
  },
);
const ports = await new Promise<number[]>((resolve) => {
  let out = '';
  servers.stdout!.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.includes('\n')) resolve(JSON.parse(out) as number[]);
  });
});

const dir = mkdtempSync(join(tmpdir(), 'bench-agent-'));
const journal = new BatchJournal(dir);
const queues: LinkQueue[] = [];
const pollers: DevicePoller[] = [];
let collected: PollResult[] = [];
let polls = 0;
let failures = 0;
const latencies: number[] = [];
for (const [l, port] of ports.entries()) {
  const queue = new LinkQueue(new ModbusSerialTransport({ kind: 'tcp', host: '127.0.0.1', port }), {
    gapMs: 50,
  });
  queues.push(queue);
  for (let u = 1; u <= PER_LINK; u++) {
    pollers.push(
      new DevicePoller(
        queue,
        { sn: `SIN${String(l * 100 + u).padStart(9, '0')}`, unitId: u },
        INTERVAL_MS,
        (r) => {
          polls++;
          if (r.error) failures++;
          else collected.push(r);
        },
      ),
    );
  }
}
const flush = (): void => {
  const results = collected;
  collected = [];
  if (results.length === 0) return;
  journal.add(
    'telemetry',
    { readings: results.map((r) => ({ sn: r.sn, ts: r.ts, ...r.fields })) },
    results.length,
  );
  const stored = Date.now();
  for (const r of results) latencies.push(stored - r.ts);
};

// Warm-up: the first interval discovers every device (its SunSpec chain); measured from the second on.
for (const p of pollers) p.start();
const flushTimer = setInterval(flush, INTERVAL_MS);
await new Promise((r) => setTimeout(r, INTERVAL_MS + 2000));
polls = 0;
failures = 0;
latencies.length = 0;
let peakRss = 0;
const rssTimer = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 200);
const cpu0 = process.cpuUsage();
const t0 = Date.now();
await new Promise((r) => setTimeout(r, DURATION_MS));
const cpu = process.cpuUsage(cpu0);
const wall = (Date.now() - t0) / 1000;
const measuredPolls = polls;
clearInterval(rssTimer);
clearInterval(flushTimer);
for (const p of pollers) p.stop();
await Promise.all(queues.map((q) => q.close()));
journal.close();
servers.kill();
rmSync(dir, { recursive: true, force: true });

latencies.sort((a, b) => a - b);
const p95 = latencies[Math.floor(latencies.length * 0.95)] ?? NaN;
const cpuMs = (cpu.user + cpu.system) / 1000;
const requests = queues.reduce((n, q) => n + q.stats.requests, 0);
console.log(
  `agent: ${LINKS * PER_LINK} devices on ${LINKS} TCP links at ${INTERVAL_MS / 1000} s: ` +
    `${(measuredPolls / wall).toFixed(2)} polls/s (${measuredPolls} in ${wall.toFixed(0)} s, ${failures} failed), ` +
    `CPU ${(cpuMs / Math.max(1, measuredPolls)).toFixed(2)} ms/poll (${((cpuMs / 1000 / wall) * 100).toFixed(1)} % of a core), ` +
    `peak RSS ${(peakRss / 2 ** 20).toFixed(1)} MB, register-to-stored (buffer on disk) p95 ${(p95 / 1000).toFixed(2)} s, ` +
    `${requests} Modbus requests`,
);
process.exit(0);
