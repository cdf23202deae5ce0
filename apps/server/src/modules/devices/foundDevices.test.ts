import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type AgentConfigFile, type AgentReport, type CollectorRow } from '@solarops/contracts';
import {
  discoveredDevice,
  discoveredMeter,
  discoveredSmaInverter,
} from '@solarops/contracts/test/agentReports';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from './deviceFixtures.ts';
import { kindOfFound } from './foundDevices.ts';

// What an agent said of a link: an SMA inverter and a meter discovered (not in any plant), a unit that never
// answered, and a device whose SunSpec models say nothing of what it is.
const REPORT: AgentReport = {
  links: [{ name: 'inverters', latencyMs: 14 }],
  devices: [
    discoveredSmaInverter(),
    discoveredMeter('MTR-FOUND-7'),
    { sn: 'unit-2', link: 'inverters', unitId: 2, profile: 'sunspec', errors: { timeout: 4 } },
    // Discovered, but its serial is too short to name it by: the agent keeps calling it `unit-4`.
    discoveredDevice('unit-4', 4, { manufacturer: 'Acme', model: 'Tiny', serial: 'A1' }, [1, 101]),
    discoveredDevice(
      'ODD-FOUND-1',
      9,
      { manufacturer: 'Acme', model: 'Box', serial: 'ODD-FOUND-1' },
      [1, 64412],
    ),
  ],
};

describe('devices an edge agent found, accepted into its plant without typing a serial', () => {
  let t: TestApp;
  let installer: Record<string, string>;
  let outsider: Record<string, string>;
  let owner: Record<string, string>;
  let mine: FixturePlant;
  let second: FixturePlant;
  let agent: AgentConfigFile;

  const basic = () => `Basic ${Buffer.from(`${agent.serial}:${agent.secret}`).toString('base64')}`;
  const accept = (body: object, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: `/prod-api/collector/${agent.serial}/accept?langType=en`,
      headers,
      payload: body,
    });
  const card = async (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `/prod-api/collector/${agent.serial}`, headers });
  const deviceCount = async () =>
    (
      (await t.db.execute(sql`select count(*)::int as n from devices`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]!.n;
  /** A batch from the agent over HTTP with one reading of `sn`, as it sends them. */
  const send = async (seq: number, sn: string, acPowerW: number) =>
    (
      await t.app.inject({
        method: 'POST',
        url: '/prod-api/device/v1/telemetry',
        headers: { authorization: basic() },
        payload: {
          seq,
          readings: [{ sn, ts: Date.now() - 60_000 + seq, acPowerW, energyTotalKwh: 21707.97, status: 1 }],
        },
      })
    ).json().data as { accepted: number; rejected: Record<string, number> };

  beforeAll(async () => {
    t = await createTestApp();
    const me = await createUser(t.db, { roleId: ROLE.installer });
    const other = await createUser(t.db, { roleId: ROLE.installer });
    const endUser = await createUser(t.db, { roleId: ROLE.endUser });
    mine = await createFixturePlant(t.db, { ownerId: endUser.id, installerId: me.id });
    second = await createFixturePlant(t.db, { ownerId: endUser.id, installerId: me.id });
    installer = (await loginAs(t.app, me)).headers;
    outsider = (await loginAs(t.app, other)).headers;
    owner = (await loginAs(t.app, endUser)).headers;
    const made = await t.app.inject({
      method: 'POST',
      url: '/prod-api/collector/agent',
      headers: installer,
      payload: { plantId: mine.plantId, serial: 'AGT-FOUND-1' },
    });
    agent = made.json().data as AgentConfigFile;
    // The agent says what it found, as in its status after a round of polls.
    const status = await t.app.inject({
      method: 'POST',
      url: '/prod-api/device/v1/status',
      headers: { authorization: basic() },
      payload: { state: 'online', firmware: '0.1.0', agent: REPORT },
    });
    expect(status.statusCode).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the discovered devices in no plant as found, and stores none of their readings yet', async () => {
    const res = await card(installer);
    expect(res.statusCode).toBe(200);
    const row = res.json().data as CollectorRow;
    expect(row.agent!.devices.map((d) => [d.sn, d.found])).toEqual([
      ['3005067415', true],
      ['MTR-FOUND-7', true],
      // Not discovered: nothing to accept it as.
      ['unit-2', false],
      // Discovered without a serial to store it under: not offered.
      ['unit-4', false],
      ['ODD-FOUND-1', true],
    ]);
    expect(row.agent!.devices[0]!.identity).toEqual(REPORT.devices[0]!.identity);
    expect(await send(1, '3005067415', 1080)).toMatchObject({ accepted: 0, rejected: { unknownDevice: 1 } });
  });

  it('is neither seen nor accepted by an installer outside the scope, nor accepted by an end user', async () => {
    const before = await deviceCount();
    expect((await card(outsider)).statusCode).toBe(404);
    expect((await accept({ plantId: mine.plantId, deviceSn: '3005067415' }, outsider)).statusCode).toBe(404);
    expect((await accept({ plantId: mine.plantId, deviceSn: '3005067415' }, owner)).statusCode).toBe(403);
    expect(await deviceCount()).toBe(before);
  });

  it('refuses another plant, a device not found and one whose models say nothing, clearly, storing nothing', async () => {
    const before = await deviceCount();
    const elsewhere = await accept({ plantId: second.plantId, deviceSn: '3005067415' }, installer);
    expect(elsewhere.statusCode).toBe(409);
    expect(elsewhere.json().msg).toBe(
      'The devices an agent reads belong to the agent’s plant: bind the agent to this plant first',
    );
    const notFound = await accept({ plantId: mine.plantId, deviceSn: 'unit-2' }, installer);
    expect(notFound.statusCode).toBe(400);
    expect(notFound.json().errors).toEqual([
      { field: 'deviceSn', message: 'This agent has found no device with this serial number' },
    ]);
    const unnamed = await accept({ plantId: mine.plantId, deviceSn: 'unit-4' }, installer);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json().errors).toEqual(notFound.json().errors);
    const odd = await accept({ plantId: mine.plantId, deviceSn: 'ODD-FOUND-1' }, installer);
    expect(odd.statusCode).toBe(400);
    expect(odd.json().errors[0].message).toBe(
      'The SunSpec models the agent found do not say whether this device is an inverter, a meter or a battery',
    );
    expect(await deviceCount()).toBe(before);
  });

  it('creates the device with what discovery found, in the agent’s plant, where its readings then land', async () => {
    const res = await accept({ plantId: mine.plantId, deviceSn: '3005067415' }, installer);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ serial: '3005067415', kind: 'stringInverter', plantId: mine.plantId });
    expect(await send(2, '3005067415', 1080)).toMatchObject({ accepted: 1, rejected: {} });
    const devices = (
      await t.app.inject({
        method: 'GET',
        url: `/prod-api/plant/${mine.plantId}/devices`,
        headers: installer,
      })
    ).json().data as {
      serial: string;
      name: string;
      model: string;
      kind: string;
      collectorSerial: string;
      viaAgent: boolean;
      latest: { acPowerW: number } | null;
    }[];
    expect(devices.find((d) => d.serial === '3005067415')).toMatchObject({
      name: 'SMA SB3.6-1AV-41',
      model: 'SB3.6-1AV-41',
      kind: 'stringInverter',
      collectorSerial: 'AGT-FOUND-1',
      viaAgent: true,
      latest: { acPowerW: 1080 },
    });
    // No longer found; the meter still is. Accepted twice: refused, and nothing changes.
    const row = (await card(installer)).json().data as CollectorRow;
    expect(row.agent!.devices.filter((d) => d.found).map((d) => d.sn)).toEqual([
      'MTR-FOUND-7',
      'ODD-FOUND-1',
    ]);
    expect(row.devices.map((d) => d.serial)).toEqual(['3005067415']);
    const again = await accept({ plantId: mine.plantId, deviceSn: '3005067415' }, installer);
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('This device is already in a plant');
  });

  it('tells a device’s family by its SunSpec models', () => {
    expect(kindOfFound([1, 101, 120, 123, 124, 160])).toBe('stringInverter');
    expect(kindOfFound([1, 103, 120, 123, 160, 802])).toBe('hybridInverter');
    expect(kindOfFound([1, 203])).toBe('meter');
    expect(kindOfFound([1, 802])).toBe('battery');
    expect(kindOfFound([1, 64412])).toBeUndefined();
    expect(kindOfFound(undefined)).toBeUndefined();
  });
});
