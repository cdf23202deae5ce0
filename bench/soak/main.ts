/**
 * bench/soak: the load and soak of the reliability matrix (L rows). The real server (child process, embedded broker)
 * on PostgreSQL, a fleet of COLLECTORS × DEVICES_PER_COLLECTOR inverters (default 500 × 10 = 5 000) each sending a
 * reading every INTERVAL_S seconds over MQTT (QoS 1, counted when the PUBACK sent after the commit arrives), USERS
 * console users (default 50, administrators, each signed in with its own session: sign-in is limited to 30 a
 * minute per address, so they sign in one after the other over the first minutes, and renew their token on a 401
 * as the console does) each cycling through the plant list, a plant's power curve, a plant's month report, /health
 * and a command to one of the plant's inverters (in turn a power-limit setting and a read of that setting, through
 * the console's command API) with a second between calls, and every STORM_EVERY_S seconds a report storm: STORM
 * users at once ask a plant's year report, and as many the whole fleet's year with availability (beyond the report
 * cost bound: 422). Each collector answers its commands as a datalogger does (the simulator's CommandResponder over
 * its inverters' registers: `accepted` with the previous values, then the read-back). Runs MINUTES minutes
 * (default 30). Needs PostgreSQL: `node scripts/with-postgres.mjs npm run bench:soak -w bench`.
 *
 * Prints readings lost (acknowledged but not stored) and duplicated (stored twice), the API's p95 per call kind,
 * the event loop's delay p99 (the server's /metrics, per 10 s scrape: the worst and the median window), the
 * server's RSS each minute and its growth after the first third of the run (10 minutes of 30), and the CPU seconds
 * of the server and PostgreSQL per 1 000 readings and per 100 API calls, beside the wall-clock rates; and the
 * commands: submitted, applied, failed, expired and not finished (their states in the database at the end) and the
 * time from submit to `applied` as the console's command stream tells it; the load average at start and end; and
 * every error the server logged (a 5xx's route, message and stack head), grouped with its count, from its log kept in
 * SERVER_LOG (default: a file in the temporary directory, named at the start).
 */
import { readFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import pg from 'pg';
import { commandMessage, deviceTopics } from '@solarops/contracts';
import { CommandResponder, DeviceSettings } from '@solarops/simulator';
import { hashPassword } from '../../apps/server/src/modules/auth/passwords.ts';
import { benchBatchJson, benchReadingJson, createLoadFleet, prepareDatabase } from '../lib/benchFleet.ts';
import { percentile, startBenchServer } from '../lib/benchServer.ts';
import { ConsoleSession } from '../lib/consoleSession.ts';
import { cpuSeconds, pgCpuSeconds } from '../lib/cpuTime.ts';
import { serverLogSummary } from '../lib/serverLog.ts';

const url = process.env.DATABASE_URL;
if (!url) {
  console.error('DATABASE_URL is required (node scripts/with-postgres.mjs ...)');
  process.exit(1);
}
const collectors = Number(process.env.COLLECTORS ?? 500);
const devicesPerCollector = Number(process.env.DEVICES_PER_COLLECTOR ?? 10);
const minutes = Number(process.env.MINUTES ?? 30);
const users = Number(process.env.USERS ?? 50);
const intervalS = Number(process.env.INTERVAL_S ?? 10);
const stormEveryS = Number(process.env.STORM_EVERY_S ?? 120);
const storm = Number(process.env.STORM ?? 10);
const PASSWORD = 'Bench-soak-2024';
const METRICS_TOKEN = 'bench-soak-metrics-token';
/** Three-phase 10 kW inverters with the SunSpec-style settings profile, so that power limits apply. */
const MODEL = 'SO-10K-T3';
/** Sign-ins are 30 a minute per address: one every 2.5 s stays below it (with the stream's own sign-in). */
const SIGN_IN_SPACING_MS = 2500;
const runMs = minutes * 60_000;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
const loadAtStart = load();
console.log(`load average at start: ${loadAtStart}`);

await prepareDatabase(url);
const fleet = await createLoadFleet(url, 's', collectors, devicesPerCollector);
// The console users: administrators of their own, each with its own session.
const userCodes = Array.from({ length: users }, (_, u) => `soak-user-${u + 1}`);
{
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  await c.query(`update devices set model = $1 where serial like 'BDs%'`, [MODEL]);
  await c.query(
    `insert into users (user_code, name, password_hash, role_id) select code, code, $2, 1 from unnest($1::text[]) code`,
    [userCodes, await hashPassword(PASSWORD)],
  );
  await c.end();
}
// The server's whole log is kept (SERVER_LOG, or a file in the temporary directory): every error it logged is
// printed in the summary with its route and stack head, so that no 5xx answer stays without a cause.
const serverLogFile = process.env.SERVER_LOG ?? join(tmpdir(), `soak-server-${Date.now()}.log`);
console.log(`server log: ${serverLogFile}`);
const server = await startBenchServer(url, { ADMIN_PASSWORD: PASSWORD, METRICS_TOKEN }, serverLogFile);
const base = `http://127.0.0.1:${server.httpPort}/prod-api`;
const pid = server.child.pid!;
const rssMb = () => {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    // The server is gone (said in the last line): no figure.
    return NaN;
  }
};
/** How and when the server ended, if it did before the run was over. */
let serverEnded: { how: string; at: number } | undefined;
server.child.once(
  'exit',
  (code, signal) => (serverEnded = { how: signal ?? `code ${code}`, at: Date.now() }),
);

// The plants of the fleet and their inverters, for the users' calls.
const plants = await (async () => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ id: number; devices: string[] }>(
    `select p.id, array_agg(d.serial order by d.serial) as devices from plants p join devices d on d.plant_id = p.id
     where p.code like 's%' group by p.id order by p.id`,
  );
  await c.end();
  return r.rows;
})();
const plantIds = plants.map((p) => p.id);

// Each collector answers the commands on its `down/cmd` as a datalogger does, over its inverters' registers.
const clients = await Promise.all(
  fleet.collectors.map(
    (c) =>
      new Promise<MqttClient>((resolve, reject) => {
        const topics = deviceTopics(c.serial);
        const client = mqtt.connect(`mqtt://127.0.0.1:${server.mqttPort}`, {
          clientId: c.serial,
          username: c.serial,
          password: c.secret,
          reconnectPeriod: 1000,
        });
        const registers = new Map(
          c.devices.map((sn) => [
            sn,
            DeviceSettings.of({ model: MODEL, ratedPowerW: 10_000, timeZone: 'Asia/Shanghai' })!,
          ]),
        );
        const responder = new CommandResponder(registers, (r) => {
          if (client.connected) client.publish(topics.reply, JSON.stringify(r), { qos: 1 }, () => undefined);
        });
        client.on('message', (topic, payload) => {
          if (topic !== topics.cmd) return;
          let parsed;
          try {
            parsed = commandMessage.safeParse(JSON.parse(payload.toString()));
          } catch {
            return;
          }
          if (parsed.success) responder.handle(parsed.data);
        });
        client.once('connect', () => {
          client.subscribeAsync(topics.cmd, { qos: 1 }).then(() => resolve(client), reject);
        });
        client.once('error', reject);
      }),
  ),
);

const t0 = Date.now();
const end = t0 + runMs;
const running = () => Date.now() < end;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const cpu0 = { server: cpuSeconds(pid), pg: await pgCpuSeconds(url) };

// The fleet: each collector sends every INTERVAL_S a batch of one reading per device, a minute of device time apart
// (readings must be distinct in time per device), spread over the interval so that batches do not come in waves.
let sent = 0;
let acked = 0;
let refused = 0;
const firstTs = Date.now() - 2 * 86_400_000;
const fleetRun = Promise.all(
  fleet.collectors.map(async (c, ci) => {
    const client = clients[ci]!;
    const topic = deviceTopics(c.serial).telemetry;
    await sleep((ci / fleet.collectors.length) * intervalS * 1000);
    for (let step = 0; running(); step++) {
      const due = t0 + (ci / fleet.collectors.length + step) * intervalS * 1000;
      if (due > Date.now()) await sleep(due - Date.now());
      if (!running()) break;
      const readings = c.devices.map((sn) => benchReadingJson(sn, firstTs + step * 60_000, step));
      sent += readings.length;
      // Not awaited in turn: a slow acknowledgement must not slow the collector's clock.
      void client.publishAsync(topic, Buffer.from(benchBatchJson(step, readings)), { qos: 1 }).then(
        () => (acked += readings.length),
        () => (refused += readings.length),
      );
    }
  }),
);

// The console's command stream, watched by one more administrator's session: when each command was seen in a final
// state (the users' own screens watch the same stream; one watcher is enough to time them).
const FINAL = new Set(['applied', 'failed', 'expired', 'cancelled']);
const finalSeen = new Map<string, { state: string; at: number }>();
const watcher = await ConsoleSession.signIn(base, 'admin', PASSWORD);
const stream = await fetch(`${base}/commands/stream`, { headers: watcher.headers() });
const reader = stream.body!.pipeThrough(new TextDecoderStream()).getReader();
let streamEnded = false;
const watchCommands = (async () => {
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read().catch(() => ({ value: '', done: true }));
    if (done) return void (streamEnded = true);
    buffer += value;
    let cut;
    while ((cut = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, cut);
      buffer = buffer.slice(cut + 2);
      const data = event.split('\n').find((l) => l.startsWith('data:'));
      if (!event.includes('event: command') || !data) continue;
      const now = performance.now();
      for (const p of JSON.parse(data.slice(5)) as { id: string; state: string }[]) {
        if (FINAL.has(p.state) && !finalSeen.has(p.id)) finalSeen.set(p.id, { state: p.state, at: now });
      }
    }
  }
})();

// The console users.
interface CallKind {
  ms: number[];
  errors: number;
  status: Map<number, number>;
}
const calls = new Map<string, CallKind>();
/** One call of a user, counted under `kind`; a 401 renews the session's token and tries once more. */
const call = async (
  kind: string,
  session: ConsoleSession,
  path: string,
  init: RequestInit = {},
): Promise<string | undefined> => {
  const started = performance.now();
  let status = 0;
  let body: string | undefined;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      // A call without an answer in a minute counts as none (status 0), as a person would give up.
      const res = await fetch(`${base}${path}`, {
        ...init,
        headers: { ...session.headers(), ...init.headers },
        signal: AbortSignal.timeout(60_000),
      });
      status = res.status;
      body = await res.text();
    } catch {
      status = 0;
    }
    if (status !== 401 || attempt > 0 || !(await session.refresh())) break;
  }
  const k: CallKind = calls.get(kind) ?? { ms: [], errors: 0, status: new Map() };
  k.ms.push(performance.now() - started);
  k.status.set(status, (k.status.get(status) ?? 0) + 1);
  if (status === 0 || status >= 500) k.errors++;
  calls.set(kind, k);
  return status >= 200 && status < 300 ? body : undefined;
};

/** The commands the users submitted: when, and which kind. */
const submitted = new Map<string, { at: number; kind: string }>();
/**
 * A user's command to one inverter through the console's command API: in turn a power-limit setting (a value of
 * its own, 50.0 to 99.9 %, so that no two users make "the same change") and a read of that setting.
 */
const command = async (session: ConsoleSession, u: number, i: number, serial: string) => {
  const write = Math.floor(i / 5) % 2 === 0;
  const kind = write ? 'command: power limit' : 'command: read';
  const at = performance.now();
  const answer = await call(kind, session, write ? '/commands/settings' : '/commands/read', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(
      write
        ? {
            route: 'remoteSet',
            serials: [serial],
            values: { activePowerLimitPct: (500 + ((u * 37 + i) % 500)) / 10 },
            confirm: serial,
          }
        : { route: 'remoteSet', serial, points: ['activePowerLimitPct'] },
    ),
  });
  if (answer === undefined) return;
  for (const c of (JSON.parse(answer) as { data: { commands: { id: string }[] } }).data.commands)
    submitted.set(c.id, { at, kind });
};

const today = new Date().toISOString().slice(0, 10);
/** The users signed in so far (the storm borrows theirs). */
const sessions: ConsoleSession[] = [];
const userRun = Promise.all(
  userCodes.map(async (code, u) => {
    // One sign-in after the other, below the per-address limit.
    await sleep(t0 + u * SIGN_IN_SPACING_MS - Date.now());
    if (!running()) return;
    const started = performance.now();
    const session = await ConsoleSession.signIn(base, code, PASSWORD).catch((err: unknown) => {
      console.error(String(err));
      return undefined;
    });
    const k: CallKind = calls.get('sign-in') ?? { ms: [], errors: 0, status: new Map() };
    k.ms.push(performance.now() - started);
    k.status.set(session ? 200 : 0, (k.status.get(session ? 200 : 0) ?? 0) + 1);
    if (session?.limited) k.status.set(429, (k.status.get(429) ?? 0) + session.limited);
    if (!session) k.errors++;
    calls.set('sign-in', k);
    if (!session) return;
    sessions.push(session);
    for (let i = 0; running(); i++) {
      const plant = plants[(u * 7919 + i) % plants.length]!;
      switch (i % 5) {
        case 0:
          await call('plant list', session, '/plant/list?pageSize=20');
          break;
        case 1:
          await call('power curve', session, `/plant/${plant.id}/power`);
          break;
        case 2:
          await call(
            'month report',
            session,
            `/report/periodic?period=month&date=${today}&plantId=${plant.id}`,
          );
          break;
        case 3:
          await call('health', session, '/health');
          break;
        default:
          await command(session, u, i, plant.devices[(u + i) % plant.devices.length]!);
      }
      await sleep(1000);
    }
  }),
);
const stormRun = (async () => {
  for (let n = 1; ; n++) {
    const at = t0 + n * stormEveryS * 1000;
    if (at >= end) return;
    await sleep(at - Date.now());
    if (sessions.length === 0) continue;
    await Promise.all(
      Array.from({ length: storm }, async (_, i) => {
        const session = sessions[i % sessions.length]!;
        await Promise.all([
          call(
            'storm: plant year',
            session,
            `/report/periodic?period=year&date=${today}&plantId=${plantIds[i]}`,
          ),
          call('storm: fleet year + availability', session, '/report/custom/preview', {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              date: today,
              definition: { fields: ['energyKwh', 'availability'], groupBy: 'plant', period: 'year' },
            }),
          }),
        ]);
      }),
    );
  }
})();

// What the server says of itself every 10 s: the event loop's delay since the last scrape; and its RSS.
const loopP99: number[] = [];
const rss: { atS: number; mb: number }[] = [];
const watch = (async () => {
  while (running()) {
    await sleep(10_000);
    rss.push({ atS: (Date.now() - t0) / 1000, mb: rssMb() });
    try {
      const res = await fetch(`http://127.0.0.1:${server.httpPort}/metrics`, {
        headers: { authorization: `Bearer ${METRICS_TOKEN}` },
      });
      const m = /nodejs_eventloop_delay_seconds\{quantile="0\.99"\} ([\d.e+-]+)/.exec(await res.text());
      if (m) loopP99.push(Number(m[1]) * 1000);
    } catch {
      // counted as a missing window
    }
  }
})();

await Promise.all([fleetRun, userRun, stormRun, watch]);
// The last acknowledgements and commands: what is still out after 30 s was not stored (or finished) in time.
const commandsOpen = () => [...submitted.keys()].some((id) => !finalSeen.has(id));
for (let i = 0; i < 60 && (acked + refused < sent || commandsOpen()); i++) await sleep(500);
const wallS = (Date.now() - t0) / 1000;
const serverCpuS = (() => {
  try {
    return cpuSeconds(pid);
  } catch {
    return NaN;
  }
})();
const cpu = { server: serverCpuS - cpu0.server, pg: (await pgCpuSeconds(url)) - cpu0.pg };
const endedEarly = serverEnded
  ? `the server exited during the run (${serverEnded.how}) at ${((serverEnded.at - t0) / 60_000).toFixed(1)} min`
  : undefined;
const streamEndedEarly = streamEnded;
await reader.cancel().catch(() => undefined);
await watchCommands;
// Forced: a batch still unacknowledged is counted already, and must not keep a collector from closing.
await Promise.all(clients.map((c) => c.endAsync(true)));
await server.stop();
const loadAtEnd = load();

const stored = await (async () => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const r = await c.query<{ rows: string; distinct: string }>(
    `select count(*) as rows, count(distinct (t.device_id, t.ts)) as distinct from telemetry t
     join devices d on d.id = t.device_id where d.serial like 'BDs%'`,
  );
  await c.end();
  return { rows: Number(r.rows[0]!.rows), distinct: Number(r.rows[0]!.distinct) };
})();

// The submitted commands' states as the server keeps them, and why those that did not apply did not.
const commandStates = await (async () => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  const ids = [...submitted.keys()];
  const states = await c.query<{ state: string; n: number }>(
    `select state, count(*)::int as n from commands where id = any($1::text[]) group by state`,
    [ids],
  );
  const reasons = await c.query<{ state: string; reason: string | null; n: number }>(
    `select state, reason, count(*)::int as n from commands where id = any($1::text[]) and state <> 'applied'
     group by state, reason order by n desc limit 10`,
    [ids],
  );
  await c.end();
  return { by: new Map(states.rows.map((r) => [r.state, r.n])), reasons: reasons.rows };
})();
const applyMs = (kind?: string) =>
  [...submitted]
    .filter(([id, s]) => (kind === undefined || s.kind === kind) && finalSeen.get(id)?.state === 'applied')
    .map(([id, s]) => finalSeen.get(id)!.at - s.at);
const stateCount = (state: string) => commandStates.by.get(state) ?? 0;
const notFinished = [...commandStates.by]
  .filter(([state]) => !FINAL.has(state))
  .reduce((sum, [, n]) => sum + n, 0);
const commandRefusals = ['command: power limit', 'command: read']
  .flatMap((kind) => [...(calls.get(kind)?.status ?? [])])
  .filter(([status]) => status < 200 || status >= 300)
  .reduce((sum, [, n]) => sum + n, 0);
const seconds = (ms: number) => (ms / 1000).toFixed(2);

const apiCalls = [...calls.values()].reduce((s, k) => s + k.ms.length, 0);
const errors = [...calls.values()].reduce((s, k) => s + k.errors, 0);
for (const [kind, k] of calls) {
  const statuses = [...k.status].map(([s, n]) => `${s}×${n}`).join(' ');
  console.log(
    `  ${kind}: ${k.ms.length} calls, p50 ${percentile(k.ms, 50).toFixed(0)} ms, p95 ${percentile(k.ms, 95).toFixed(0)} ms, p99 ${percentile(k.ms, 99).toFixed(0)} ms (${statuses})`,
  );
}
console.log(
  `  RSS each minute [MB]: ${rss
    .filter((_, i) => i % 6 === 5)
    .map((r) => r.mb.toFixed(0))
    .join(' ')}`,
);
for (const r of commandStates.reasons)
  console.log(`  commands ${r.state}: ${r.n} × ${r.reason ?? '(no reason)'}`);
const commandsLine =
  `commands submitted ${submitted.size} (power limit ${[...submitted.values()].filter((s) => s.kind === 'command: power limit').length}, ` +
  `read ${[...submitted.values()].filter((s) => s.kind === 'command: read').length}), refused at submit ${commandRefusals}; ` +
  `applied ${stateCount('applied')}, failed ${stateCount('failed')}, expired ${stateCount('expired')}, cancelled ${stateCount('cancelled')}, not finished ${notFinished}; ` +
  `submit→applied p50 ${seconds(percentile(applyMs(), 50))} s, p95 ${seconds(percentile(applyMs(), 95))} s ` +
  `(power limit p95 ${seconds(percentile(applyMs('command: power limit'), 95))} s, read p95 ${seconds(percentile(applyMs('command: read'), 95))} s)` +
  (streamEndedEarly ? '; the command stream ended early' : '');
console.log(`  ${commandsLine}`);
const serverLog = serverLogSummary(serverLogFile);
for (const line of serverLog.lines) console.log(line);
const warm = rss.find((r) => r.atS >= (wallS * 1) / 3) ?? rss[0];
const last = rss.at(-1);
const afterWarm = rss.filter((r) => warm && r.atS >= warm.atS).map((r) => r.mb);
const sortedLoop = [...loopP99].sort((a, b) => a - b);
const p95Of = (kind: string) => percentile(calls.get(kind)?.ms ?? [], 95).toFixed(0);
console.log(
  `soak ${(wallS / 60).toFixed(1)} min, ${collectors * devicesPerCollector} devices every ${intervalS} s, ${users} users: ` +
    `readings sent ${sent}, acknowledged ${acked}, stored ${stored.distinct}, lost ${Math.max(0, acked - stored.distinct)}, duplicated ${stored.rows - stored.distinct}, not acknowledged ${sent - acked}; ` +
    `API ${apiCalls} calls, ${errors} × 5xx or no answer, p95 [ms] list ${p95Of('plant list')}, curve ${p95Of('power curve')}, month report ${p95Of('month report')}, health ${p95Of('health')}, ` +
    `storm plant year ${p95Of('storm: plant year')}, storm fleet year ${p95Of('storm: fleet year + availability')}, ` +
    `command submit: power limit ${p95Of('command: power limit')}, read ${p95Of('command: read')}; ${commandsLine}; ` +
    `event-loop delay p99 worst 10 s window ${(sortedLoop.at(-1) ?? NaN).toFixed(0)} ms, median window ${percentile(loopP99, 50).toFixed(0)} ms; ` +
    `RSS ${warm?.mb.toFixed(0)} MB at ${((warm?.atS ?? 0) / 60).toFixed(1)} min, ${last?.mb.toFixed(0)} MB at the end (growth ${(((last?.mb ?? 0) / (warm?.mb ?? 1) - 1) * 100).toFixed(1)} %, highest after ${Math.max(...afterWarm).toFixed(0)} MB); ` +
    `rates ${(acked / wallS).toFixed(0)} readings/s, ${(apiCalls / wallS).toFixed(1)} calls/s; ` +
    `CPU server ${cpu.server.toFixed(1)} s, PostgreSQL ${cpu.pg.toFixed(1)} s = ${(((cpu.server + cpu.pg) / (acked / 1000)) * 1000).toFixed(0)} ms per 1000 readings or ${(((cpu.server + cpu.pg) / (apiCalls / 100)) * 1000).toFixed(0)} ms per 100 calls (the same CPU, shared by both); ` +
    `load average at start ${loadAtStart}, at the end ${loadAtEnd}; ` +
    `server log: ${serverLog.errors} errors, ${serverLog.warnings} warnings` +
    (endedEarly ? `; ${endedEarly}` : ''),
);
