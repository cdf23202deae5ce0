/**
 * bench/commands: 1 000 simulated collectors (one inverter each) on the real server's embedded broker (child
 * process, real PostgreSQL) take power-limit commands submitted at a fixed rate through the API; each collector
 * answers as a datalogger does (CommandResponder: ack, then the read-back), and a command counts when the
 * console's stream (`/commands/stream`) says `applied`. Needs PostgreSQL:
 * `node scripts/with-postgres.mjs npm run bench:commands -w bench`.
 * Options: COLLECTORS (1000), RATE (commands/s, 100), DURATION_S (30). `npm run bench:commands` at the root loads
 * pg_stat_statements (PG_STAT_STATEMENTS=1), so that the statements with the most database time are listed.
 * BASELINE_TREE=<dir>: another tree's server (a worktree of an older commit) measured in the same run, ROUNDS times
 * each (default 2) in turn with this one, each round on a fresh database (lib/sameRun.ts); the ratios of CPU per
 * command are printed before the last line, which then holds this tree's rounds pooled.
 * Last line: applied commands per second, p50/p95 from submit to `applied`, the server's peak memory [MB], CPU
 * milliseconds per command (server and PostgreSQL), statements per command, beside the load average.
 */
import { loadavg } from 'node:os';
import pg from 'pg';
import { CollectorLink, CommandResponder, DeviceSettings } from '@solarops/simulator';
import { collectorsOnline, createLoadFleet, prepareDatabase } from '../lib/benchFleet.ts';
import { percentile, signInHeaders, startBenchServer } from '../lib/benchServer.ts';
import { cpuSeconds, pgCpuSeconds } from '../lib/cpuTime.ts';
import { readStatements, startStatements } from '../lib/pgStatements.ts';
import { ratio, roundsOf, sameRunRounds, type BenchTree } from '../lib/sameRun.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (node scripts/with-postgres.mjs ...)');
  process.exit(1);
}
const collectors = Number(process.env.COLLECTORS ?? 1000);
const rate = Number(process.env.RATE ?? 100);
const durationS = Number(process.env.DURATION_S ?? 30);
const MODEL = 'SO-5K-S1';
const PASSWORD = 'Bench-commands-2024';

/** One round: a fleet on `dbUrl` (made with the tree's migrations) and the tree's server, taking commands. */
async function commandsRound(dbUrl: string, tree: BenchTree, tag: string): Promise<CommandsRound> {
  await prepareDatabase(dbUrl, tree.migrationsDir);
  const fleet = await createLoadFleet(dbUrl, 'k', collectors, 1);
  {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    // Inverters with a settings profile (the SunSpec-style one), so that power limits apply.
    await c.query(`update devices set model = $1 where serial like 'BDk%'`, [MODEL]);
    await c.end();
  }
  const server = await startBenchServer(
    dbUrl,
    { ADMIN_PASSWORD: PASSWORD, COMMAND_JOB_SECONDS: '1' },
    undefined,
    tree.serverDir,
  );
  const base = `http://127.0.0.1:${server.httpPort}/prod-api`;

  const auth = await signInHeaders(base, 'admin', PASSWORD);

  // The collectors: each connects (its status says online), holds its inverter's registers and answers commands.
  const links: CollectorLink[] = [];
  let appliedOnDevices = 0;
  for (const c of fleet.collectors) {
    const settings = DeviceSettings.of({ model: MODEL, ratedPowerW: 10_000, timeZone: 'Asia/Shanghai' })!;
    const link: CollectorLink = new CollectorLink({
      url: `mqtt://127.0.0.1:${server.mqttPort}`,
      serial: c.serial,
      secret: c.secret,
      reconnectMs: 500,
      onCommand: (m) => responder.handle(m),
    });
    const responder = new CommandResponder(new Map([[c.devices[0]!, settings]]), (r) => {
      if (r.state === 'accepted' && !r.cmdId.endsWith('.rb')) appliedOnDevices++;
      link.sendReply(r);
    });
    links.push(link);
  }
  for (let i = 0; i < links.length; i += 100)
    await Promise.all(links.slice(i, i + 100).map((l) => l.start()));
  // Measured once every collector's status is stored (online), not while 1 000 connections are being made.
  await collectorsOnline(dbUrl, 'BCk', collectors);

  // The console's stream: when each command was seen applied.
  const submittedAt = new Map<string, number>();
  const latencies: number[] = [];
  const stream = await fetch(`${base}/commands/stream`, { headers: auth });
  const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      buffer += value;
      let end;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const event = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        const data = event.split('\n').find((l) => l.startsWith('data:'));
        if (!event.includes('event: command') || !data) continue;
        const now = performance.now();
        for (const p of JSON.parse(data.slice(5)) as { id: string; state: string }[]) {
          const at = submittedAt.get(p.id);
          if (p.state === 'applied' && at !== undefined) {
            latencies.push(now - at);
            submittedAt.delete(p.id);
          }
        }
      }
    }
  })();

  // Submit at `rate` per second for `durationS`, each to a device chosen in turn.
  const cpu0 = cpuSeconds(server.child.pid!);
  const pgCpu0 = await pgCpuSeconds(dbUrl);
  const counting = await startStatements(dbUrl);
  server.resetRss();
  const start = performance.now();
  let sent = 0;
  let refused = 0;
  const inFlight: Promise<void>[] = [];
  const submit = async (i: number) => {
    const c = fleet.collectors[i % fleet.collectors.length]!;
    const serial = c.devices[0]!;
    const t0 = performance.now();
    const res = await fetch(`${base}/commands/settings`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({
        route: 'remoteSet',
        serials: [serial],
        values: { activePowerLimitPct: 50 + (i % 50) },
        confirm: serial,
      }),
    }).catch(() => undefined);
    if (!res?.ok) {
      refused++;
      return;
    }
    const id = ((await res.json()) as { data: { commands: { id: string; state: string }[] } }).data
      .commands[0]!;
    if (id.state === 'applied') latencies.push(performance.now() - t0);
    else submittedAt.set(id.id, t0);
  };
  while (performance.now() - start < durationS * 1000) {
    const due = Math.floor(((performance.now() - start) / 1000) * rate);
    while (sent < due) inFlight.push(submit(sent++));
    await new Promise((r) => setTimeout(r, 10));
  }
  await Promise.all(inFlight);
  // What is still on its way gets 30 s more.
  const settleBy = performance.now() + 30_000;
  while (submittedAt.size > 0 && performance.now() < settleBy) await new Promise((r) => setTimeout(r, 100));
  const elapsedS = (performance.now() - start) / 1000;
  const serverCpu = cpuSeconds(server.child.pid!) - cpu0;
  const pgCpu = (await pgCpuSeconds(dbUrl)) - pgCpu0;
  const rss = server.maxRssMb();
  const statements = counting ? await readStatements(dbUrl) : undefined;

  await reader.cancel().catch(() => undefined);
  for (let i = 0; i < links.length; i += 100) await Promise.all(links.slice(i, i + 100).map((l) => l.stop()));
  await server.stop();

  const applied = latencies.length;
  console.log(
    `${tag}submitted ${sent} at ${rate}/s for ${durationS} s; applied ${applied} (devices took ${appliedOnDevices}), ` +
      `not applied within 30 s: ${submittedAt.size}, refused or failed to submit: ${refused}; ` +
      `submit→applied p50 ${(percentile(latencies, 50) / 1000).toFixed(3)} s p95 ${(percentile(latencies, 95) / 1000).toFixed(3)} s; CPU per command ` +
      // Each round's own figure, so that the spread between rounds of one tree shows what a ratio can tell.
      `${((serverCpu / Math.max(1, applied)) * 1000).toFixed(2)} ms server + ` +
      `${((pgCpu / Math.max(1, applied)) * 1000).toFixed(2)} ms PostgreSQL`,
  );
  if (statements) {
    console.log(`${tag}statements with the most database time (calls, total ms, per command):`);
    for (const s of statements.top)
      console.log(
        `  ${String(s.calls).padStart(7)} ${s.totalMs.toFixed(0).padStart(7)} ms ${(s.calls / Math.max(1, applied)).toFixed(2).padStart(6)}  ${s.query}`,
      );
  }
  return { applied, elapsedS, latencies, serverCpu, pgCpu, rss, statementCalls: statements?.calls };
}

/** What one round measured of one tree's server. */
interface CommandsRound {
  applied: number;
  elapsedS: number;
  /** Submit → applied [ms], one per applied command. */
  latencies: number[];
  serverCpu: number;
  pgCpu: number;
  rss: number;
  /** Statements run (with PG_STAT_STATEMENTS=1). */
  statementCalls: number | undefined;
}

/** Rounds of one tree as one: commands, seconds, CPU and statements summed, latencies pooled, the highest memory. */
const pooled = (all: CommandsRound[]): CommandsRound => ({
  applied: all.reduce((a, r) => a + r.applied, 0),
  elapsedS: all.reduce((a, r) => a + r.elapsedS, 0),
  latencies: all.flatMap((r) => r.latencies),
  serverCpu: all.reduce((a, r) => a + r.serverCpu, 0),
  pgCpu: all.reduce((a, r) => a + r.pgCpu, 0),
  rss: Math.max(...all.map((r) => r.rss)),
  statementCalls: all.every((r) => r.statementCalls !== undefined)
    ? all.reduce((a, r) => a + r.statementCalls!, 0)
    : undefined,
});

const rounds = await sameRunRounds(url, 'commands', commandsRound);
const mine = pooled(roundsOf(rounds, 'this tree'));
/** CPU milliseconds per applied command. */
const perCommand = (cpu: number, r: CommandsRound) => (cpu / Math.max(1, r.applied)) * 1000;
if (rounds.length > 1) {
  const base = pooled(roundsOf(rounds, 'baseline'));
  console.log(
    `commands CPU per command, same run (${rounds.length / 2} rounds each): ` +
      `this tree ${perCommand(mine.serverCpu, mine).toFixed(2)} ms server + ${perCommand(mine.pgCpu, mine).toFixed(2)} ms PostgreSQL, ` +
      `baseline ${perCommand(base.serverCpu, base).toFixed(2)} ms server + ${perCommand(base.pgCpu, base).toFixed(2)} ms PostgreSQL; ` +
      `this tree / baseline: server CPU per command ${ratio(perCommand(mine.serverCpu, mine), perCommand(base.serverCpu, base))}, ` +
      `PostgreSQL ${ratio(perCommand(mine.pgCpu, mine), perCommand(base.pgCpu, base))}, ` +
      `applied/s ${ratio(mine.applied / mine.elapsedS, base.applied / base.elapsedS)}, ` +
      `submit→applied p95 ${ratio(percentile(mine.latencies, 95), percentile(base.latencies, 95))}; ` +
      `load average ${loadavg()[0]!.toFixed(2)}`,
  );
}
const p50 = percentile(mine.latencies, 50) / 1000;
const p95 = percentile(mine.latencies, 95) / 1000;
const queries =
  mine.statementCalls !== undefined
    ? (mine.statementCalls / Math.max(1, mine.applied)).toFixed(1)
    : 'n/a (PG_STAT_STATEMENTS=1)';
console.log(
  `commands: ${(mine.applied / mine.elapsedS).toFixed(1)} applied/s at ${rate}/s submitted; submit→applied p50 ${p50.toFixed(3)} s ` +
    `p95 ${p95.toFixed(3)} s (target ≤ 2 s); server RSS ${mine.rss.toFixed(0)} MB (≤ 500); CPU per command ` +
    `${perCommand(mine.serverCpu, mine).toFixed(2)} ms server + ${perCommand(mine.pgCpu, mine).toFixed(2)} ms PostgreSQL; ` +
    `${queries} queries per command; ${collectors} collectors; load average ${loadavg()[0]!.toFixed(2)}`,
);
process.exit(0);
