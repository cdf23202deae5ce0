import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, SETTINGS_PROFILES, settingsProfile, type CreatedCommands } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { roles } from '../users/tables.ts';

type Headers = { authorization: string };

describe('the command API: validation, confirmation, permissions and scope', () => {
  let t: TestApp;
  let plant: FixturePlant;
  let installer: Headers;
  let otherInstaller: Headers;
  let endUser: Headers;
  const sunspec = () => plant.devices[0]!.serial;
  const hybrid = () => plant.devices[1]!.serial;
  const meter = () => plant.devices[2]!.serial;

  beforeAll(async () => {
    t = await createTestApp();
    const distributor = await createUser(t.db, { roleId: ROLE.distributor });
    const inst = await createUser(t.db, { roleId: ROLE.installer, parent: distributor });
    const owner = await createUser(t.db, { roleId: ROLE.endUser, parent: inst });
    plant = await createFixturePlant(t.db, {
      ownerId: owner.id,
      installerId: inst.id,
      devices: [
        { kind: 'stringInverter', model: 'SO-5K-S1' },
        { kind: 'hybridInverter', model: 'SO-H5K-S' },
        { kind: 'meter', model: 'SO-EM1' },
      ],
    });
    installer = (await loginAs(t.app, inst)).headers;
    otherInstaller = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.installer }))).headers;
    endUser = (await loginAs(t.app, owner)).headers;
  });
  afterAll(() => t.close());

  const settings = (headers: Headers, body: object) =>
    t.app.inject({ method: 'POST', url: '/prod-api/commands/settings', headers, payload: body });

  it('serves the three settings profiles, each valid against the contract', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/commands/profiles', headers: installer });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as unknown[];
    expect(data.map((p) => settingsProfile.parse(p).id)).toEqual(SETTINGS_PROFILES.map((p) => p.id));
  });

  it('queues a setting for a device in scope, typed serial confirmed', async () => {
    const res = await settings(installer, {
      route: 'remoteSet',
      serials: [sunspec()],
      values: { activePowerLimitPct: 50 },
      confirm: sunspec(),
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as CreatedCommands;
    expect(data.commands).toHaveLength(1);
    expect(data.commands[0]).toMatchObject({
      kind: 'setting',
      deviceSerial: sunspec(),
      state: 'queued',
      profileId: 'sunspecInverter',
    });
  });

  it('refuses a wrong confirmation, an out-of-range value and another screen’s model, creating nothing', async () => {
    const wrong = await settings(installer, {
      route: 'remoteSet',
      serials: [sunspec()],
      values: { activePowerLimitPct: 50 },
      confirm: 'nope',
    });
    expect(wrong.statusCode).toBe(400);
    const range = await settings(
      { ...installer },
      { route: 'remoteSet', serials: [sunspec()], values: { activePowerLimitPct: 120 }, confirm: sunspec() },
    );
    expect(range.statusCode).toBe(400);
    expect(range.json().msg).toMatch(/有功功率限制.*0.*100/);
    const other = await settings(installer, {
      route: 'remoteSet',
      serials: [hybrid()],
      values: { exportLimitW: 3000 },
      confirm: hybrid(),
    });
    expect(other.statusCode).toBe(400);
    const list = await t.app.inject({ method: 'GET', url: '/prod-api/commands', headers: installer });
    expect(list.json().total).toBe(1);
  });

  it('lists devices lacking a point as refused in a mixed batch, before anything is sent', async () => {
    const res = await settings(installer, {
      route: 'setUpList',
      serials: [sunspec(), hybrid(), meter()],
      values: { activePowerLimitPct: 80 },
      confirm: '3',
    });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as CreatedCommands;
    expect(data.commands.map((c) => c.deviceSerial)).toEqual([sunspec()]);
    expect(data.refused.map((r) => r.serial).sort()).toEqual([hybrid(), meter()].sort());
    expect(data.batchId).not.toBeNull();
  });

  it('refuses in a setUpList batch the models whose settings screen the role lacks, creating nothing for them', async () => {
    // A role that holds the batch screen and the SunSpec inverters' screen, but not the other settings screens.
    const [role] = await t.db
      .insert(roles)
      .values({ name: `batch only ${Date.now()}`, menuList: ['devicelist', 'setUpList', 'remoteSet1'] })
      .returning();
    const batchOnly = (await loginAs(t.app, await createUser(t.db, { roleId: role!.id }))).headers;
    const before = (
      await t.app.inject({ method: 'GET', url: '/prod-api/commands', headers: installer })
    ).json().total as number;
    const res = await settings(batchOnly, {
      route: 'setUpList',
      serials: [sunspec(), hybrid()],
      values: { activePowerLimitPct: 70 },
      confirm: '2',
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().msg).toContain('您没有该设备型号的设置页面权限');
    const after = (
      await t.app.inject({ method: 'GET', url: '/prod-api/commands', headers: installer })
    ).json().total as number;
    expect(after).toBe(before);
  });

  it('answers 403 without the screen’s permission and 404 outside the scope', async () => {
    const body = {
      route: 'remoteSet',
      serials: [sunspec()],
      values: { activePowerLimitPct: 50 },
      confirm: sunspec(),
    };
    expect((await settings(endUser, body)).statusCode).toBe(403);
    expect((await settings(otherInstaller, body)).statusCode).toBe(404);
    // Installers do not hold remoteSet1 by default.
    expect((await settings(installer, { ...body, route: 'remoteSet1' })).statusCode).toBe(403);
  });

  it('cancels a queued command, and refuses to cancel it twice with 409', async () => {
    const created = await settings(installer, {
      route: 'remoteSet',
      serials: [sunspec()],
      values: { powerFactor: 0.95 },
      confirm: sunspec(),
    });
    const id = (created.json().data as CreatedCommands).commands[0]!.id;
    const cancel = () =>
      t.app.inject({ method: 'POST', url: `/prod-api/commands/${id}/cancel`, headers: installer });
    const first = await cancel();
    expect(first.statusCode).toBe(200);
    expect(first.json().data.state).toBe('cancelled');
    expect((await cancel()).statusCode).toBe(409);
  });

  it('refuses a schedule with overlapping slots naming both, and one too long for a 6-slot device', async () => {
    const slot = (start: number, end: number) => ({
      start,
      end,
      mode: 'charge',
      powerW: 2000,
      socMin: 10,
      socMax: 90,
    });
    const overlap = await t.app.inject({
      method: 'POST',
      url: '/prod-api/commands/dispatch?langType=en',
      headers: installer,
      payload: {
        serials: [hybrid()],
        schedule: { dispatchId: 'D1', weekday: [slot(0, 120), slot(60, 180)], weekend: [] },
        confirm: hybrid(),
      },
    });
    expect(overlap.statusCode).toBe(400);
    expect(overlap.json().msg).toBe('Weekday slots 1 and 2 overlap');
    const sixteen = Array.from({ length: 16 }, (_, i) => slot(i * 90, i * 90 + 90));
    const long = await t.app.inject({
      method: 'POST',
      url: '/prod-api/commands/dispatch?langType=en',
      headers: installer,
      payload: {
        serials: [hybrid()],
        schedule: { dispatchId: 'D2', weekday: sixteen, weekend: [] },
        confirm: hybrid(),
      },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().msg).toContain('holds 6');
  });
});
