import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type CommandRow, type CreatedCommands, type CommandDevice } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../deviceLink/startEmbeddedBroker.ts';
// The edge agent as it runs on a gateway, and the Modbus TCP server of its tests serving a recorded inverter.
import { runAgent, type RunningAgent } from '../../../../agent/src/run/runAgent.ts';
import { agentConfig } from '../../../../agent/src/run/config.ts';
import { ImageServer, loadImage, registerMap } from '../../../../agent/test/imageServer.ts';

/** Where the recorded SMA inverter keeps model 123 (its ID register), as the agent's discovery finds it. */
const MODEL_123 = 40343;

/** What `what` gives once it gives something (sized for a machine three times slower than a laptop). */
async function until<T>(what: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await what();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}

const dirs: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'solarops-agent-commands-'));
  dirs.push(dir);
  return dir;
};

/**
 * The command model end to end through an edge agent: a command made with the console's API goes down to the agent
 * (over MQTT, or in the answers to its HTTP calls where MQTT is blocked), which carries it out on a SunSpec
 * inverter behind it over Modbus TCP, and the command ends as the device's registers say.
 */
describe('commands to devices behind an edge agent', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let headers: { authorization: string };
  const agents: RunningAgent[] = [];
  const servers: ImageServer[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    broker = await startEmbeddedBroker({ link: t.app.deps.deviceLink, port: 0, host: '127.0.0.1' });
    const admin = await createUser(t.db, { roleId: ROLE.admin });
    headers = (await loginAs(t.app, admin)).headers;
  });
  afterAll(async () => {
    for (const a of agents) await a.stop();
    for (const s of servers) await s.stop();
    await broker.close();
    await t.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /**
   * A plant of two SunSpec inverters (the recorded SMA Sunny Boy) behind one agent: the first takes writes, the
   * second refuses them with exception 3, as a device does whose settings are locked.
   */
  async function agentPlant(server: (o: { mqttPort: number }) => object) {
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    const plant: FixturePlant = await createFixturePlant(t.db, {
      ownerId: owner.id,
      // The recorded inverter's own model, which has no settings profile of its own.
      devices: [{ model: 'SB3.6-1AV-41' }, { model: 'SB3.6-1AV-41' }],
    });
    const writable = registerMap(loadImage('DeviceSMASunnyBoy36Dated20250518'));
    const modbus = new ImageServer([
      { unitId: 1, registers: writable, writes: 'store' },
      {
        unitId: 2,
        registers: registerMap(loadImage('DeviceSMASunnyBoy36Dated20250518')),
        writes: { refuse: 3 },
      },
    ]);
    await modbus.start();
    servers.push(modbus);
    const c = plant.collectors[0]!;
    const config = agentConfig.parse({
      server: server({ mqttPort: broker.port }),
      collector: { serial: c.serial, secret: c.secret },
      timeZone: 'Asia/Shanghai',
      intervalS: 5,
      dataDir: tempDir(),
      links: [
        {
          tcp: { host: '127.0.0.1', port: modbus.port },
          gapMs: 0,
          devices: plant.devices.map((d, i) => ({ sn: d.serial, unitId: i + 1 })),
        },
      ],
    });
    agents.push(await runAgent(config, () => undefined));
    const serials = plant.devices.map((d) => d.serial);
    // A plant that reports, and whose agent has said what it found: the settings screen then offers its
    // inverters, whose model the console has no profile of, the SunSpec inverter's settings (model 123 found).
    const pickers = await until(async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/prod-api/commands/devices?plantId=${plant.plantId}`,
        headers,
      });
      const rows = res.json().data as CommandDevice[];
      return rows.every((d) => d.profileId === 'sunspecInverter' && d.online) ? rows : undefined;
    });
    expect(pickers.map((d) => d.serial).sort()).toEqual([...serials].sort());
    // Offered exactly what discovery found: model 123's controls and 121's rating, no trip limits (never behind an agent: decision 0040).
    for (const d of pickers) {
      expect(d.points).toEqual(expect.arrayContaining(['connection', 'activePowerLimitPct', 'ratedPowerW']));
      expect(d.points).not.toContain('gridOverVoltage');
    }
    return { plant, writable, serials };
  }

  const submit = async (serial: string, values: Record<string, number>) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/commands/settings',
      headers,
      payload: { route: 'remoteSet', serials: [serial], values, confirm: serial },
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data as CreatedCommands).commands[0]!.id;
  };
  /** The command once it has ended. */
  const settled = (id: string): Promise<CommandRow> =>
    until(async () => {
      const row = (await t.app.inject({ method: 'GET', url: `/prod-api/commands/${id}`, headers })).json()
        .data as CommandRow;
      return ['applied', 'failed', 'expired', 'cancelled'].includes(row.state) ? row : undefined;
    });

  it(
    'over MQTT: a power limit, a power factor, connect and disconnect end applied and the inverter holds them; a refused write and a 0 % limit end failed with the reason',
    { timeout: 300_000 },
    async () => {
      const { writable, serials } = await agentPlant(({ mqttPort }) => ({
        mqttUrl: `mqtt://127.0.0.1:${mqttPort}`,
      }));
      const [inverter, locked] = serials as [string, string];

      const limit = await settled(await submit(inverter, { activePowerLimitPct: 60 }));
      expect(limit).toMatchObject({
        state: 'applied',
        // The recorded inverter had no limit in force; read back after the write, 60 %.
        oldValues: { activePowerLimitPct: 0 },
        newValues: { activePowerLimitPct: 60 },
      });
      // In the inverter's model 123: WMaxLimPct in its steps of 0.01 % and WMaxLim_Ena on.
      expect(writable.get(MODEL_123 + 5)).toBe(6000);
      expect(writable.get(MODEL_123 + 9)).toBe(1);

      const pf = await settled(await submit(inverter, { powerFactor: 0.95 }));
      expect(pf).toMatchObject({ state: 'applied', newValues: { powerFactor: 0.95 } });
      expect(writable.get(MODEL_123 + 10)).toBe(9500);
      expect(writable.get(MODEL_123 + 14)).toBe(1);

      // Switching off is asked for by name: disconnect is model 123's Conn 0, connect Conn 1, each read back.
      const connect = await settled(await submit(inverter, { connection: 1 }));
      // The recorded inverter reads Conn 0 while it feeds the grid; the console shows what it reads.
      expect(connect).toMatchObject({
        state: 'applied',
        oldValues: { connection: 0 },
        newValues: { connection: 1 },
      });
      const disconnect = await settled(await submit(inverter, { connection: 0, connectionRevertS: 900 }));
      expect(disconnect).toMatchObject({
        state: 'applied',
        oldValues: { connection: 1 },
        newValues: { connection: 0, connectionRevertS: 900 },
      });
      expect(writable.get(MODEL_123 + 3)).toBe(900);
      expect(writable.get(MODEL_123 + 4)).toBe(0);
      // The limit in force stays as it was: a disconnect is no 0 % limit.
      expect(writable.get(MODEL_123 + 5)).toBe(6000);

      const refused = await settled(await submit(locked, { activePowerLimitPct: 60 }));
      expect(refused).toMatchObject({
        state: 'failed',
        failure: {
          reason: 'refused',
          detail: 'the device refused the write: exception 3 (illegal data value)',
        },
      });

      const zero = await settled(await submit(inverter, { activePowerLimitPct: 0 }));
      expect(zero).toMatchObject({
        state: 'failed',
        failure: {
          reason: 'refused',
          detail:
            'a 0 % limit is not written (some inverters go to standby): ask for "disconnect" to switch it off',
        },
      });
      expect(writable.get(MODEL_123 + 5)).toBe(6000);

      // A setting its discovery did not find is refused before anything is sent.
      const missing = await t.app.inject({
        method: 'POST',
        url: '/prod-api/commands/settings',
        headers,
        payload: {
          route: 'remoteSet',
          serials: [inverter],
          values: { gridOverVoltage: 250 },
          confirm: inverter,
        },
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().msg).toMatch(/过压保护值|Over-voltage limit/);
    },
  );

  it(
    "where MQTT is blocked: the command comes in the answer to the agent's HTTP call and ends applied",
    { timeout: 300_000 },
    async () => {
      const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const { writable, serials } = await agentPlant(() => ({ httpUrl: address }));
      const limit = await settled(await submit(serials[0]!, { activePowerLimitPct: 45 }));
      expect(limit).toMatchObject({ state: 'applied', newValues: { activePowerLimitPct: 45 } });
      expect(writable.get(MODEL_123 + 5)).toBe(4500);
    },
  );
});
