import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ROLE,
  type CommandMessage,
  type CommandReply,
  type CommandRow,
  type CreatedCommands,
  type OperationLogRow,
} from '@solarops/contracts';
import { CollectorLink, CommandResponder, DeviceSettings } from '@solarops/simulator';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../deviceLink/startEmbeddedBroker.ts';
import { commands } from './tables.ts';

describe('commands to simulated collectors over the embedded broker and over HTTP', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let plant: FixturePlant;
  let link: CollectorLink;
  let settings: DeviceSettings;
  let responder: CommandResponder;
  let dropRate = 0;
  let headers: { authorization: string };
  let adminCode: string;

  beforeAll(async () => {
    t = await createTestApp();
    broker = await startEmbeddedBroker({ link: t.app.deps.deviceLink, port: 0, host: '127.0.0.1' });
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    plant = await createFixturePlant(t.db, { ownerId: owner.id, devices: [{ model: 'SO-5K-S1' }] });
    settings = DeviceSettings.of({ model: 'SO-5K-S1', ratedPowerW: 5000, timeZone: 'Asia/Shanghai' })!;
    const device = plant.devices[0]!;
    responder = new CommandResponder(new Map([[device.serial, settings]]), (r) => link.sendReply(r), {
      random: () => 0.5,
      get dropRate() {
        return dropRate;
      },
    });
    const c = plant.collectors[0]!;
    link = new CollectorLink({
      url: `mqtt://127.0.0.1:${broker.port}`,
      serial: c.serial,
      secret: c.secret,
      onCommand: (m) => responder.handle(m),
    });
    await link.start();
    // The collector is online once it has sent something.
    link.sendTelemetry([{ sn: device.serial, ts: Date.now(), acPowerW: 1000 }]);
    await link.drained();
    const admin = await createUser(t.db, { roleId: ROLE.admin });
    adminCode = admin.userCode;
    headers = (await loginAs(t.app, admin)).headers;
  });
  afterAll(async () => {
    await link.stop();
    await broker.close();
    await t.close();
  });

  const setLimit = async (pct: number, serial = plant.devices[0]!.serial) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/commands/settings',
      headers,
      payload: {
        route: 'remoteSet',
        serials: [serial],
        values: { activePowerLimitPct: pct },
        confirm: serial,
      },
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data as CreatedCommands).commands[0]!.id;
  };
  const settled = async (id: string): Promise<CommandRow> => {
    for (let i = 0; i < 1200; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/prod-api/commands/${id}`, headers });
      const row = res.json().data as CommandRow;
      if (['applied', 'failed', 'expired', 'cancelled'].includes(row.state)) return row;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('command did not settle');
  };

  it('applies a power limit only after the read-back matches, with old and new values', async () => {
    const row = await settled(await setLimit(50));
    expect(row.state).toBe('applied');
    expect(row.oldValues).toEqual({ activePowerLimitPct: 100 });
    expect(row.newValues).toEqual({ activePowerLimitPct: 50 });
    expect(settings.value('activePowerLimitPct')).toBe(50);
  });

  it('ends a write the device acknowledged and dropped as failed: notApplied', async () => {
    dropRate = 1;
    const row = await settled(await setLimit(30));
    dropRate = 0;
    expect(row.state).toBe('failed');
    expect(row.failure).toEqual({ reason: 'notApplied' });
    expect(row.ackedAt).not.toBeNull();
    expect(settings.value('activePowerLimitPct')).toBe(50);
  });

  it('never delivers an expired command', async () => {
    const id = await setLimit(40);
    await settled(id);
    const before = responder.received;
    await t.db
      .update(commands)
      .set({ state: 'queued', expiresAt: new Date(Date.now() - 1000) })
      .where(eq(commands.id, id));
    await t.app.deps.commandCenter.expire();
    await t.app.deps.commandCenter.dispatch();
    const row = await settled(id);
    expect(row.state).toBe('expired');
    expect(responder.received).toBe(before);
  });

  it('keeps a command to an offline collector queued and sends it once the collector is back', async () => {
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    const away = await createFixturePlant(t.db, { ownerId: owner.id, devices: [{ model: 'SO-5K-S1' }] });
    const device = away.devices[0]!;
    const awaySettings = DeviceSettings.of({
      model: 'SO-5K-S1',
      ratedPowerW: 5000,
      timeZone: 'Asia/Shanghai',
    })!;
    const c = away.collectors[0]!;
    const awayLink: CollectorLink = new CollectorLink({
      url: `mqtt://127.0.0.1:${broker.port}`,
      serial: c.serial,
      secret: c.secret,
      onCommand: (m) => awayResponder.handle(m),
    });
    const awayResponder = new CommandResponder(new Map([[device.serial, awaySettings]]), (r) =>
      awayLink.sendReply(r),
    );
    const id = await setLimit(35, device.serial);
    // The job's turns while the collector is away send nothing.
    await t.app.deps.commandCenter.expire();
    await t.app.deps.commandCenter.dispatch();
    const waiting = (await t.app.inject({ method: 'GET', url: `/prod-api/commands/${id}`, headers })).json()
      .data as CommandRow;
    expect(waiting).toMatchObject({ state: 'queued', sentAt: null });
    expect(awayResponder.received).toBe(0);

    const back = Date.now();
    await awayLink.start();
    try {
      const row = await settled(id);
      expect(row.state).toBe('applied');
      expect(Date.parse(row.sentAt!)).toBeGreaterThanOrEqual(back - 1000);
      expect(Date.parse(row.sentAt!) - back).toBeLessThan(60_000);
      expect(awaySettings.value('activePowerLimitPct')).toBe(35);
      expect(awayResponder.applied.get(id)).toBe(1);
    } finally {
      await awayLink.stop();
    }
  });

  it('writes each finished command to the operation log: actor, target, parameters, old and new value, result, time', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/prod-api/system/log/list?action=command&pageSize=50',
      headers,
    });
    expect(res.statusCode).toBe(200);
    const rows = res.json().rows as OperationLogRow[];
    const serial = plant.devices[0]!.serial;
    expect(rows).toContainEqual(
      expect.objectContaining({
        userCode: adminCode,
        action: 'command setting',
        target: serial,
        result: 'success',
        detail: expect.objectContaining({
          state: 'applied',
          params: { profileId: 'sunspecInverter', values: { activePowerLimitPct: 50 } },
          oldValues: { activePowerLimitPct: 100 },
          newValues: { activePowerLimitPct: 50 },
        }),
      }),
    );
    for (const r of rows) expect(Date.now() - Date.parse(r.createdAt)).toBeLessThan(10 * 60_000);
    // The dropped write: what was asked, what the device had and still has, and why it failed.
    expect(rows).toContainEqual(
      expect.objectContaining({
        userCode: adminCode,
        target: serial,
        result: 'failure',
        detail: expect.objectContaining({
          state: 'failed',
          reason: 'notApplied',
          params: { profileId: 'sunspecInverter', values: { activePowerLimitPct: 30 } },
          oldValues: { activePowerLimitPct: 50 },
          newValues: { activePowerLimitPct: 50 },
        }),
      }),
    );
    expect(rows).toContainEqual(
      expect.objectContaining({ target: serial, detail: expect.objectContaining({ state: 'expired' }) }),
    );
  });

  it('delivers commands to a collector that speaks HTTP in its telemetry answers and takes its replies', async () => {
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    const httpPlant = await createFixturePlant(t.db, { ownerId: owner.id, devices: [{ model: 'SO-5K-S1' }] });
    const device = httpPlant.devices[0]!;
    const c = httpPlant.collectors[0]!;
    const auth = `Basic ${Buffer.from(`${c.serial}:${c.secret}`).toString('base64')}`;
    const httpSettings = DeviceSettings.of({
      model: 'SO-5K-S1',
      ratedPowerW: 5000,
      timeZone: 'Asia/Shanghai',
    })!;
    const replies: CommandReply[] = [];
    const httpResponder = new CommandResponder(new Map([[device.serial, httpSettings]]), (r) =>
      replies.push(r),
    );
    let seq = 0;
    const report = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/prod-api/device/v1/telemetry',
        headers: { authorization: auth, 'content-type': 'application/json' },
        payload: JSON.stringify({
          seq: ++seq,
          readings: [{ sn: device.serial, ts: Date.now(), acPowerW: 900 }],
        }),
      });
      expect(res.statusCode).toBe(200);
      return (res.json().data.commands ?? []) as CommandMessage[];
    };
    const answer = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/prod-api/device/v1/reply',
        headers: { authorization: auth },
        payload: replies.splice(0),
      });
      expect(res.statusCode).toBe(200);
      return (res.json().data.commands ?? []) as CommandMessage[];
    };
    // Heard over HTTP (and online) before the command is made.
    expect(await report()).toEqual([]);
    const id = await setLimit(45, device.serial);
    // Sent again before the collector calls: it still gets one copy.
    await t.db
      .update(commands)
      .set({ sentAt: new Date(Date.now() - 60_000) })
      .where(eq(commands.id, id));
    await t.app.deps.commandCenter.dispatch();
    const down = await report();
    expect(down.map((m) => m.cmdId)).toEqual([id]);
    for (const m of down) httpResponder.handle(m);
    // The write's acknowledgement brings its read-back in the same answer.
    const readBack = await answer();
    expect(readBack.map((m) => m.cmdId)).toEqual([`${id}.rb`]);
    for (const m of readBack) httpResponder.handle(m);
    expect(await answer()).toEqual([]);
    const row = (await t.app.inject({ method: 'GET', url: `/prod-api/commands/${id}`, headers })).json()
      .data as CommandRow;
    expect(row).toMatchObject({ state: 'applied', newValues: { activePowerLimitPct: 45 } });
    expect(httpSettings.value('activePowerLimitPct')).toBe(45);

    const bad = await t.app.inject({
      method: 'POST',
      url: '/prod-api/device/v1/reply',
      headers: { authorization: `Basic ${Buffer.from(`${c.serial}:wrong`).toString('base64')}` },
      payload: { cmdId: id, state: 'failed', reason: 'late' },
    });
    expect(bad.statusCode).toBe(401);
    expect(
      (await t.app.inject({ method: 'GET', url: `/prod-api/commands/${id}`, headers })).json().data.state,
    ).toBe('applied');
  });
});
