import { spawn, type ChildProcess } from 'node:child_process';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import type { CollectorRow, DeviceRow } from '@solarops/contracts';
import { clientAuth, createUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { exited, freePort, startServer } from '../../../test/serverProcess.ts';
import { openTemplateDataDir } from '../../../test/templateDatabase.ts';
import { openDatabase } from '../../db/openDatabase.ts';
import { createFixturePlant, type FixturePlant } from './deviceFixtures.ts';
// The Modbus TCP server of the agent's tests, serving a register image recorded from a real inverter.
import { ImageServer, loadImage, registerMap } from '../../../../agent/test/imageServer.ts';
import { AGENT_VERSION } from '../../../../agent/src/version.ts';
import { HYBRID_READING, hybridRegisters } from '../../../../agent/test/hybridRegisters.ts';

/** The V8 flags of the installed service that turn WebAssembly off, and with it Node's fetch (apps/agent/build.mjs). */
const LITE_MODE = ['--lite-mode', '--no-expose-wasm'];
const AGENT = path.resolve(import.meta.dirname, '../../../../agent/bin/solarops-agent.mjs');
const children: ChildProcess[] = [];
const dirs: string[] = [];
const servers: ImageServer[] = [];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const s of servers) await s.stop();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'solarops-agent-api-'));
  dirs.push(dir);
  return dir;
}

/** Runs the agent command to its end. */
function agentOnce(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [AGENT, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/**
 * Starts the agent service; its log lines go to `log`. `nodeFlags`: the installed service's V8 flags
 * (apps/agent/build.mjs), where WebAssembly is off.
 */
function startAgent(config: string, log: string[], nodeFlags: string[] = []): ChildProcess {
  const child = spawn(process.execPath, [...nodeFlags, AGENT, 'run', '--config', config], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr!.on('data', (d: Buffer) => log.push(d.toString()));
  children.push(child);
  return child;
}

function agentConfig(
  dir: string,
  o: {
    mqttPort: number;
    modbusPort: number;
    plant: FixturePlant;
    dataDir: string;
    server?: string;
    bufferReadings?: number;
  },
) {
  const c = o.plant.collectors[0]!;
  const file = path.join(dir, 'agent.yaml');
  writeFileSync(
    file,
    `server: ${o.server ?? `{ mqttUrl: "mqtt://127.0.0.1:${o.mqttPort}" }`}
collector: { serial: ${c.serial}, secret: "${c.secret}" }
timeZone: Asia/Shanghai
intervalS: 5
dataDir: ${JSON.stringify(o.dataDir)}
${o.bufferReadings === undefined ? '' : `bufferReadings: ${o.bufferReadings}\n`}links:
  - tcp: { host: 127.0.0.1, port: ${o.modbusPort} }
    gapMs: 5
    devices:
      - { sn: ${o.plant.devices[0]!.serial}, unitId: 126 }
`,
  );
  return file;
}

async function until<T>(what: () => Promise<T | undefined>, timeoutMs: number): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await what().catch(() => undefined);
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 250));
  }
}

async function imageServer(): Promise<ImageServer> {
  const server = new ImageServer([
    { unitId: 126, registers: registerMap(loadImage('DeviceSMASunnyBoy36Dated20250518')) },
  ]);
  await server.start();
  servers.push(server);
  return server;
}

/** The owner's session headers, signed in through the console's form. */
async function signIn(base: string, owner: { userCode: string; password: string }) {
  const form = multipart({ username: owner.userCode, password: owner.password });
  const answer = await fetch(`${base}/authentication/form`, {
    method: 'POST',
    headers: {
      ...form.headers,
      authorization: clientAuth({ consoleClientId: 'console', consoleClientSecret: 'console-secret' }),
    },
    body: form.payload,
  });
  const { token } = (
    (await answer.json()) as { data: { token: { token_type: string; access_token: string } } }
  ).data;
  return { authorization: `${token.token_type} ${token.access_token}` };
}

/** The device's row in the plant's device list, once it shows a reading. */
function deviceWithReading(base: string, headers: Record<string, string>, serial: string) {
  return until(async () => {
    const list = (await (await fetch(`${base}/device/list?sn=${serial}`, { headers })).json()) as {
      rows: DeviceRow[];
    };
    const r = list.rows.find((d) => d.serial === serial);
    return r?.latest ? r : undefined;
  }, 120_000);
}

async function plantWithServer(dir: string) {
  const db = await openTemplateDataDir(dir);
  const password = 'Agent-test-1';
  const owner = await createUser(db.db, { password });
  const plant = await createFixturePlant(db.db, { ownerId: owner.id, devices: [{}] });
  await db.close();
  const env = { DATA_DIR: dir, PORT: String(await freePort()), MQTT_PORT: String(await freePort()) };
  return { owner: { ...owner, password }, plant, env };
}

describe('the edge agent against the server', () => {
  // A server start on a new PGlite directory, an agent scan and run: sized for a machine three times slower.
  it(
    'publishes what it reads from a recorded inverter: the device list shows the values scan printed',
    { timeout: 240_000 },
    async () => {
      const dir = tempDir();
      const { owner, plant, env } = await plantWithServer(dir);
      const modbus = await imageServer();
      const server = await startServer(env);
      children.push(server);

      const scan = await agentOnce(['scan', '--host', '127.0.0.1', '--port', String(modbus.port), '--json']);
      expect(scan.code).toBe(0);
      const scanned = JSON.parse(scan.stdout).devices[0].reading;
      expect(scanned.acPowerW).toBe(3680);

      const log: string[] = [];
      const config = agentConfig(tempDir(), {
        mqttPort: Number(env.MQTT_PORT),
        modbusPort: modbus.port,
        plant,
        dataDir: tempDir(),
      });
      const agent = startAgent(config, log);

      const base = `http://127.0.0.1:${env.PORT}/prod-api`;
      const headers = await signIn(base, owner);
      const row = await deviceWithReading(base, headers, plant.devices[0]!.serial);
      expect(row.plantId).toBe(plant.plantId);
      expect(row.latest).toMatchObject({
        acPowerW: scanned.acPowerW,
        energyTotalKwh: scanned.energyTotalKwh,
        tempC: scanned.tempC,
        faultCode: scanned.faultCode,
      });
      expect(row.online).toBe(true);
      // What the agent said of itself on connect: its version, and its clock, which the server compared with its
      // own (the same machine's here: no more than the message's transit apart).
      const info = (await (
        await fetch(`${base}/collector/${plant.collectors[0]!.serial}`, { headers })
      ).json()) as { data: CollectorRow };
      expect(info.data.firmwareVersion).toBe(AGENT_VERSION);
      expect(info.data.clockOffsetMs).not.toBeNull();
      expect(Math.abs(info.data.clockOffsetMs!)).toBeLessThan(60_000);
      // What it found of the device after its first round, as scan found it, with the link's latency and its last
      // reading (said with the round's batch: it may come a moment after the reading).
      const agentInfo = await until(async () => {
        const c = (
          (await (await fetch(`${base}/collector/${plant.collectors[0]!.serial}`, { headers })).json()) as {
            data: CollectorRow;
          }
        ).data;
        return c.agent?.devices[0]?.lastReadingAt ? c.agent : undefined;
      }, 60_000);
      const found = JSON.parse(scan.stdout).devices[0];
      expect(agentInfo.devices).toEqual([
        {
          sn: plant.devices[0]!.serial,
          link: `127.0.0.1:${modbus.port}`,
          unitId: 126,
          profile: 'sunspec',
          identity: found.identity,
          models: found.models,
          errors: {},
          lastReadingAt: expect.any(String),
          // A device of the plant already: nothing to accept.
          found: false,
        },
      ]);
      expect(agentInfo.links).toEqual([{ name: `127.0.0.1:${modbus.port}`, latencyMs: expect.any(Number) }]);

      agent.kill('SIGTERM');
      await exited(agent);
      server.kill('SIGTERM');
      await exited(server);
    },
  );

  it(
    'sends over HTTP where MQTT is blocked, in the V8 lite mode of the installed service: the device list shows its values',
    { timeout: 240_000 },
    async () => {
      const dir = tempDir();
      const { owner, plant, env } = await plantWithServer(dir);
      const modbus = await imageServer();
      const server = await startServer(env);
      children.push(server);

      const scan = await agentOnce(['scan', '--host', '127.0.0.1', '--port', String(modbus.port), '--json']);
      const scanned = JSON.parse(scan.stdout).devices[0].reading;
      // MQTT blocked: its port answers nothing (a port that was free a moment ago, where no broker listens).
      const blocked = await freePort();
      const log: string[] = [];
      const dataDir = tempDir();
      const config = agentConfig(tempDir(), {
        mqttPort: blocked,
        modbusPort: modbus.port,
        plant,
        dataDir,
        server: `{ mqttUrl: "mqtt://127.0.0.1:${blocked}", httpUrl: "http://127.0.0.1:${env.PORT}", httpAfterS: 1 }`,
      });
      const agent = startAgent(config, log, LITE_MODE);

      const base = `http://127.0.0.1:${env.PORT}/prod-api`;
      const headers = await signIn(base, owner);
      const row = await deviceWithReading(base, headers, plant.devices[0]!.serial);
      expect(row.latest).toMatchObject({
        acPowerW: scanned.acPowerW,
        energyTotalKwh: scanned.energyTotalKwh,
        tempC: scanned.tempC,
        faultCode: scanned.faultCode,
      });
      expect(row.online).toBe(true);
      expect(log.join('')).toMatch(/MQTT unreachable for \d+ s: batches go over HTTP/);
      // Its status came over HTTP too: its version, its clock, and nothing dropped from its buffer.
      const info = (await (
        await fetch(`${base}/collector/${plant.collectors[0]!.serial}`, { headers })
      ).json()) as { data: CollectorRow };
      expect(info.data.firmwareVersion).toBe(AGENT_VERSION);
      expect(Math.abs(info.data.clockOffsetMs!)).toBeLessThan(60_000);
      expect(info.data.droppedReadings).toBe(0);
      // Acknowledged by the HTTP answer: the buffer on disk holds the batch's ack.
      await until(
        async () =>
          readFileSync(path.join(dataDir, 'batches.journal'), 'utf8').includes('{"t":"a"') ? true : undefined,
        60_000,
      );

      agent.kill('SIGTERM');
      await exited(agent);
      expect(agent.exitCode).toBe(0);
      server.kill('SIGTERM');
      await exited(server);
    },
  );

  it(
    'reads a hybrid inverter without SunSpec through its register profile: the server stores what its display shows',
    { timeout: 240_000 },
    async () => {
      const dir = tempDir();
      const db = await openTemplateDataDir(dir);
      const password = 'Agent-test-1';
      const owner = await createUser(db.db, { password });
      const plant = await createFixturePlant(db.db, {
        ownerId: owner.id,
        devices: [{ kind: 'hybridInverter', model: 'SO-H5K-S', ratedPowerW: 5000 }],
      });
      await db.close();
      const env = { DATA_DIR: dir, PORT: String(await freePort()), MQTT_PORT: String(await freePort()) };
      const modbus = new ImageServer([{ unitId: 1, registers: hybridRegisters() }]);
      await modbus.start();
      servers.push(modbus);
      const server = await startServer(env);
      children.push(server);

      const device = plant.devices[0]!;
      const c = plant.collectors[0]!;
      const config = path.join(tempDir(), 'agent.yaml');
      writeFileSync(
        config,
        `server: { mqttUrl: "mqtt://127.0.0.1:${env.MQTT_PORT}" }
collector: { serial: ${c.serial}, secret: "${c.secret}" }
timeZone: Asia/Shanghai
intervalS: 5
dataDir: ${JSON.stringify(tempDir())}
links:
  - tcp: { host: 127.0.0.1, port: ${modbus.port} }
    gapMs: 5
    devices:
      - { sn: ${device.serial}, unitId: 1, profile: hybridRegister }
`,
      );
      const agent = startAgent(config, []);
      const base = `http://127.0.0.1:${env.PORT}/prod-api`;
      const row = await deviceWithReading(base, await signIn(base, { ...owner, password }), device.serial);
      expect(row.latest).toMatchObject({
        acPowerW: HYBRID_READING.acPowerW,
        energyTodayKwh: HYBRID_READING.energyTodayKwh,
        energyTotalKwh: HYBRID_READING.energyTotalKwh,
        tempC: HYBRID_READING.tempC,
        batterySocPercent: HYBRID_READING.batterySocPercent,
      });
      agent.kill('SIGTERM');
      await exited(agent);
      server.kill('SIGTERM');
      await exited(server);

      // Stored as read: the battery, the frequency and both PV inputs, in the readings table.
      const after = await openDatabase({ databaseUrl: undefined, dataDir: dir });
      const stored = (
        (await after.db.execute(
          sql`select t.battery_power_w, t.battery_voltage_v, t.pv_voltage_v, t.grid_frequency_hz from telemetry t
              join devices dv on dv.id = t.device_id where dv.serial = ${device.serial} order by t.ts limit 1`,
        )) as unknown as { rows: Record<string, unknown>[] }
      ).rows[0];
      await after.close();
      // Stored as 4-byte reals: equal to their single-precision resolution.
      expect(stored!.battery_power_w).toBe(HYBRID_READING.batteryPowerW);
      expect(stored!.battery_voltage_v as number).toBeCloseTo(HYBRID_READING.batteryVoltageV, 4);
      (stored!.pv_voltage_v as number[]).forEach((v, i) =>
        expect(v).toBeCloseTo(HYBRID_READING.pvVoltageV[i]!, 3),
      );
      expect(stored!.pv_voltage_v).toHaveLength(2);
      expect(stored!.grid_frequency_hz as number[]).toHaveLength(1);
      expect((stored!.grid_frequency_hz as number[])[0]).toBeCloseTo(HYBRID_READING.gridFrequencyHz[0]!, 4);
    },
  );

  it(
    'reports the readings its full buffer dropped while the server was down: the collector card shows the count',
    { timeout: 240_000 },
    async () => {
      const dir = tempDir();
      const { owner, plant, env } = await plantWithServer(dir);
      const modbus = await imageServer();
      // A buffer of two readings, one device: from the third round on, the oldest reading goes for room.
      const config = agentConfig(tempDir(), {
        mqttPort: Number(env.MQTT_PORT),
        modbusPort: modbus.port,
        plant,
        dataDir: tempDir(),
        bufferReadings: 2,
      });
      const log: string[] = [];
      const agent = startAgent(config, log);
      /** The agent's count of dropped readings, as its last log line about it says. */
      const droppedSoFar = () => {
        const all = [...log.join('').matchAll(/oldest reading\(s\) dropped \((\d+) in all\)/g)];
        return all.length === 0 ? undefined : Number(all.at(-1)![1]);
      };
      await until(async () => droppedSoFar(), 120_000);

      const server = await startServer(env);
      children.push(server);
      const base = `http://127.0.0.1:${env.PORT}/prod-api`;
      const headers = await signIn(base, owner);
      // The collector card's figure reaches what the agent counted (its status on connect, and again when the
      // count grows before the buffer has drained).
      const shown = await until(async () => {
        const info = (await (
          await fetch(`${base}/collector/${plant.collectors[0]!.serial}`, { headers })
        ).json()) as { data: CollectorRow };
        const dropped = info.data.droppedReadings;
        return dropped !== null && dropped === droppedSoFar() ? dropped : undefined;
      }, 120_000);
      expect(shown).toBeGreaterThanOrEqual(1);

      agent.kill('SIGTERM');
      await exited(agent);
      server.kill('SIGTERM');
      await exited(server);
    },
  );

  it(
    'loses and doubles nothing across a power loss: killed while the server is down, its buffer cut mid-write',
    { timeout: 300_000 },
    async () => {
      const dir = tempDir();
      const { plant, env } = await plantWithServer(dir);
      const modbus = await imageServer();
      const dataDir = tempDir();
      const config = agentConfig(tempDir(), {
        mqttPort: Number(env.MQTT_PORT),
        modbusPort: modbus.port,
        plant,
        dataDir,
      });
      const journal = path.join(dataDir, 'batches.journal');
      const batches = () =>
        readFileSync(journal, 'utf8')
          .split('\n')
          .filter((l) => l.startsWith('{"t":"b"') && !l.includes('"items":0'));

      // The server is down: the agent buffers its batches on disk.
      const log: string[] = [];
      let agent = startAgent(config, log);
      await until(async () => (batches().length >= 3 ? true : undefined), 120_000);
      agent.kill('SIGKILL');
      await exited(agent);
      // The power went while a batch was being written: half a line at the end of the buffer.
      const stored = batches().length;
      appendFileSync(journal, batches()[0]!.slice(0, 60));

      const server = await startServer(env);
      children.push(server);
      agent = startAgent(config, log);
      // Every batch stored before the power loss arrives, and the agent goes on with new ones.
      await until(async () => {
        const text = readFileSync(journal, 'utf8');
        // All stored batches acknowledged: none of the first `stored` waits any more.
        const waiting = text.split('\n').filter((l) => l.startsWith('{"t":"b"') && !l.includes('"items":0'));
        const acked = new Set(
          text
            .split('\n')
            .filter((l) => l.startsWith('{"t":"a"'))
            .map((l) => (JSON.parse(l.slice(0, l.lastIndexOf('\t'))) as { seq: number }).seq),
        );
        const seqs = waiting.map((l) => (JSON.parse(l.slice(0, l.lastIndexOf('\t'))) as { seq: number }).seq);
        return seqs.filter((s) => s <= stored).every((s) => acked.has(s)) && seqs.length > stored
          ? true
          : undefined;
      }, 120_000);
      expect(log.join('')).toMatch(/1 line\(s\) cut off by a power loss were dropped/);
      agent.kill('SIGTERM');
      await exited(agent);
      server.kill('SIGTERM');
      await exited(server);

      const after = await openDatabase({ databaseUrl: undefined, dataDir: dir });
      const rows = (
        (await after.db.execute(
          sql`select count(*)::int as n, count(distinct ts)::int as d from telemetry t
              join devices dv on dv.id = t.device_id where dv.serial = ${plant.devices[0]!.serial}`,
        )) as unknown as { rows: { n: number; d: number }[] }
      ).rows[0]!;
      await after.close();
      // Each reading once: as many rows as distinct times, and at least the batches stored before the loss.
      expect(rows.n).toBe(rows.d);
      expect(rows.n).toBeGreaterThanOrEqual(stored);
    },
  );
});
