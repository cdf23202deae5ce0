import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type CommandRow, type CreatedCommands } from '@solarops/contracts';
import { CollectorLink, CommandResponder, DeviceSettings } from '@solarops/simulator';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { startEmbeddedBroker, type EmbeddedBroker } from '../mqtt/startEmbeddedBroker.ts';
import { commands } from './tables.ts';

describe('commands over the embedded broker to a simulated collector', () => {
  let t: TestApp;
  let broker: EmbeddedBroker;
  let plant: FixturePlant;
  let link: CollectorLink;
  let settings: DeviceSettings;
  let responder: CommandResponder;
  let dropRate = 0;
  let headers: { authorization: string };

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
    headers = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
  });
  afterAll(async () => {
    await link.stop();
    await broker.close();
    await t.close();
  });

  const setLimit = async (pct: number) => {
    const serial = plant.devices[0]!.serial;
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
    for (let i = 0; i < 200; i++) {
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
});
