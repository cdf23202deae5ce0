/**
 * bench/rollout: one firmware rollout to DEVICES simulated collectors (1 000) on the real server (child process,
 * real PostgreSQL, its embedded broker). Each collector runs in this process over MQTT with the device side of an
 * upgrade (`FirmwareUpdater`: chunks asked for by window, hashes and the maker's signature checked, version
 * reported after the reboot). The image (IMAGE_KB, 2 048) is signed by a maker key the administrator trusts; the
 * rollout has one group, no rate limit, and is approved by a second administrator (over 50 devices). Needs
 * PostgreSQL: `node scripts/with-postgres.mjs npm run bench:rollout -w bench`.
 * Last line: minutes from approval to every device done or failed, the server's CPU seconds (and PostgreSQL's),
 * its peak resident memory (target ≤ 500 MB: images are read by range, never held per device), bytes sent per
 * image byte, beside the load average.
 * BASELINE_TREE=<dir>: another tree's server (a worktree of an older commit) measured in the same run, ROUNDS times
 * each (default 2) in turn with this one, each round on a fresh database (lib/sameRun.ts); the ratios of CPU per
 * device and of minutes are printed before the last line, which then holds this tree's rounds pooled (minutes per
 * rollout, CPU summed).
 */
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { RolloutRow } from '@solarops/contracts';
import { CollectorLink, FirmwareUpdater } from '@solarops/simulator';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.ts';
import { collectorsOnline, createLoadFleet, prepareDatabase } from '../lib/benchFleet.ts';
import { signInHeaders, startBenchServer } from '../lib/benchServer.ts';
import { cpuSeconds, pgCpuSeconds } from '../lib/cpuTime.ts';
import { ratio, roundsOf, sameRunRounds, type BenchTree } from '../lib/sameRun.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (node scripts/with-postgres.mjs ...)');
  process.exit(1);
}
const devices = Number(process.env.DEVICES ?? 1000);
const imageBytes = Number(process.env.IMAGE_KB ?? 2048) * 1024;
const PASSWORD = 'Bench-rollout-2024';
const MODEL = 'SO-DL4G';

/** What one round measured of one tree's server. */
interface RolloutRound {
  minutes: number;
  done: number;
  failed: number;
  serverCpu: number;
  pgCpu: number;
  rss: number;
  /** Image bytes the devices received. */
  received: number;
}

/** One round: a fleet on `dbUrl` (made with the tree's migrations) and the tree's server, one rollout to it. */
async function rolloutRound(dbUrl: string, tree: BenchTree, tag: string): Promise<RolloutRound> {
  await prepareDatabase(dbUrl, tree.migrationsDir);
  const fleet = await createLoadFleet(dbUrl, 'f', devices, 1);
  {
    // The second administrator who approves the rollout (its author cannot).
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    await c.query(
      `insert into users (user_code, name, password_hash, role_id) values ('approver', 'approver', $1, 1)`,
      [await hashPassword(PASSWORD)],
    );
    await c.end();
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-rollout-'));
  const server = await startBenchServer(
    dbUrl,
    { ADMIN_PASSWORD: PASSWORD, COMMAND_JOB_SECONDS: '1', DATA_DIR: dataDir },
    undefined,
    tree.serverDir,
  );
  const base = `http://127.0.0.1:${server.httpPort}/prod-api`;
  const admin = await signInHeaders(base, 'admin', PASSWORD);
  const approver = await signInHeaders(base, 'approver', PASSWORD);
  const post = async <T>(headers: Record<string, string>, p: string, body: object | FormData): Promise<T> => {
    const json = !(body instanceof FormData);
    const res = await fetch(`${base}${p}`, {
      method: 'POST',
      headers: { ...headers, ...(json ? { 'content-type': 'application/json' } : {}) },
      body: json ? JSON.stringify(body) : body,
    });
    if (!res.ok) throw new Error(`POST ${p}: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { data: T }).data;
  };

  // The maker's key, trusted by the administrator and by every collector's boot loader.
  const maker = generateKeyPairSync('ed25519');
  const raw = maker.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
  await post(admin, '/firmware/key/add', { name: 'Bench maker', publicKey: raw });
  const image = randomBytes(imageBytes);
  const form = new FormData();
  for (const [k, v] of Object.entries({
    type: 'collector',
    collectType: MODEL,
    interfaceType: 'any',
    version: '2.0.0',
    signature: sign(null, createHash('sha256').update(image).digest(), maker.privateKey).toString('base64'),
  }))
    form.set(k, v);
  form.set('file', new Blob([image]), 'bench-2.0.0.bin');
  const { id: packageId } = await post<{ id: number }>(admin, '/firmware/package/upload', form);

  // The collectors, each with its upgrade side, connected before anything is measured.
  const links: CollectorLink[] = [];
  const updaters: FirmwareUpdater[] = [];
  for (const c of fleet.collectors) {
    const link: CollectorLink = new CollectorLink({
      url: `mqtt://127.0.0.1:${server.mqttPort}`,
      serial: c.serial,
      secret: c.secret,
      reconnectMs: 500,
      onCommand: (m) => updater.handle(m),
    });
    const updater = new FirmwareUpdater((r) => link.sendReply(r), {
      version: '1.0.0',
      trustedKeys: [maker.publicKey],
    });
    links.push(link);
    updaters.push(updater);
  }
  for (let i = 0; i < links.length; i += 100)
    await Promise.all(links.slice(i, i + 100).map((l) => l.start()));
  await collectorsOnline(dbUrl, 'BCf', devices);

  const { id } = await post<{ id: string }>(admin, '/firmware/rollout', {
    packageId,
    serials: fleet.collectors.map((c) => c.serial),
    groups: { by: 'percent', sizes: [100] },
    errorPct: 100,
  });
  const cpu0 = cpuSeconds(server.child.pid!);
  const pgCpu0 = await pgCpuSeconds(dbUrl);
  server.resetRss();
  const start = performance.now();
  if (devices > 50) await post(approver, `/firmware/rollout/${id}/action`, { action: 'approve' });
  let rollout: RolloutRow;
  for (;;) {
    await new Promise((r) => setTimeout(r, 2000));
    const res = await fetch(`${base}/firmware/rollout/${id}`, { headers: admin });
    rollout = ((await res.json()) as { data: { rollout: RolloutRow } }).data.rollout;
    if (rollout.counts.done + rollout.counts.failed >= devices) break;
  }
  const minutes = (performance.now() - start) / 60_000;
  const serverCpu = cpuSeconds(server.child.pid!) - cpu0;
  const pgCpu = (await pgCpuSeconds(dbUrl)) - pgCpu0;
  const rss = server.maxRssMb();
  const received = updaters.reduce((s, u) => s + u.bytesReceived, 0);

  for (let i = 0; i < links.length; i += 100) await Promise.all(links.slice(i, i + 100).map((l) => l.stop()));
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
  const figures = {
    minutes,
    done: rollout.counts.done,
    failed: rollout.counts.failed,
    serverCpu,
    pgCpu,
    rss,
    received,
  };
  // Alone, this tree's round is the last line itself.
  if (tag) console.log(tag + rolloutLine(figures));
  return figures;
}

/** The figures of a round, or of a tree's rounds pooled (`rounds` of them), as the last line says them. */
const rolloutLine = (f: RolloutRound, rounds = 1) =>
  `rollout${rounds > 1 ? ` (${rounds} rounds: minutes per rollout, devices and CPU summed)` : ''}: ${devices} devices × ${(imageBytes / 1048576).toFixed(1)} MB in ${(f.minutes / rounds).toFixed(2)} min ` +
  `(${f.done} done, ${f.failed} failed); server CPU ${f.serverCpu.toFixed(1)} s ` +
  `(${((f.serverCpu / (devices * rounds)) * 1000).toFixed(0)} ms per device) + PostgreSQL ${f.pgCpu.toFixed(1)} s; ` +
  `server RSS peak ${f.rss.toFixed(0)} MB (≤ 500); devices received ${(f.received / (devices * rounds * imageBytes)).toFixed(2)} × the image; ` +
  `load average ${loadavg()[0]!.toFixed(2)}`;

/** Rounds of one tree as one: minutes, devices, CPU and bytes summed, the highest memory. */
const pooled = (all: RolloutRound[]): RolloutRound => ({
  minutes: all.reduce((a, r) => a + r.minutes, 0),
  done: all.reduce((a, r) => a + r.done, 0),
  failed: all.reduce((a, r) => a + r.failed, 0),
  serverCpu: all.reduce((a, r) => a + r.serverCpu, 0),
  pgCpu: all.reduce((a, r) => a + r.pgCpu, 0),
  rss: Math.max(...all.map((r) => r.rss)),
  received: all.reduce((a, r) => a + r.received, 0),
});

const measured = await sameRunRounds(url, 'rollout', rolloutRound);
const mineRounds = roundsOf(measured, 'this tree');
const mine = pooled(mineRounds);
if (measured.length > 1) {
  const base = pooled(roundsOf(measured, 'baseline'));
  const perDevice = (cpu: number) => (cpu / (devices * mineRounds.length)) * 1000;
  console.log(
    `rollout same run (${mineRounds.length} rounds each): ` +
      `this tree ${(mine.minutes / mineRounds.length).toFixed(2)} min, CPU per device ${perDevice(mine.serverCpu).toFixed(0)} ms server + ${perDevice(mine.pgCpu).toFixed(0)} ms PostgreSQL; ` +
      `baseline ${(base.minutes / mineRounds.length).toFixed(2)} min, CPU per device ${perDevice(base.serverCpu).toFixed(0)} ms server + ${perDevice(base.pgCpu).toFixed(0)} ms PostgreSQL; ` +
      `this tree / baseline: server CPU per device ${ratio(mine.serverCpu, base.serverCpu)}, PostgreSQL ${ratio(mine.pgCpu, base.pgCpu)}, ` +
      `minutes ${ratio(mine.minutes, base.minutes)}, peak RSS ${ratio(mine.rss, base.rss)}; load average ${loadavg()[0]!.toFixed(2)}`,
  );
}
console.log(rolloutLine(mine, mineRounds.length));
process.exit(0);
