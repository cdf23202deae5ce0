import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type RolloutDeviceRow, type RolloutRow } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { InProcessFleet, makerKey, uploadSignedPackage } from '../../../test/firmwareFleet.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { imagePath } from './packages.ts';
import { actOnRollout, rolloutTurn } from './rollouts.ts';

type Headers = Record<string, string>;

/** 12:00 in Shanghai (the fixture plants' time zone): daytime, outside the default night window 22–5. */
const NOON = new Date('2026-06-01T04:00:00Z');
const at = (base: Date, seconds: number) => new Date(base.getTime() + seconds * 1000);

/**
 * The rules a rollout runs by, one at a time on a few collectors simulated in this process, with the rollout
 * job's clock set by the test: the rate limit, the maintenance window, pause and resume, cancel; and a package a
 * rollout uses cannot be deleted.
 */
describe('rollout rules', () => {
  let t: TestApp;
  let admin: Headers;
  let adminId: number;
  let fleet: InProcessFleet;
  let packageId: number;
  const maker = makerKey();
  const plants: Record<'rate' | 'busy' | 'quiet' | 'pause' | 'cancel' | 'held' | 'released', FixturePlant> =
    {} as never;

  const post = (url: string, payload: object, lang = 'en') =>
    t.app.inject({ method: 'POST', url: `/prod-api${url}?langType=${lang}`, headers: admin, payload });
  const detail = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: `/prod-api/firmware/rollout/${id}`, headers: admin })).json()
      .data as { rollout: RolloutRow; devices: RolloutDeviceRow[] };
  const create = async (payload: object) => {
    const res = await post('/firmware/rollout', { packageId, ...payload });
    expect(res.statusCode).toBe(200);
    return (res.json().data as { id: string }).id;
  };
  const act = (id: string, action: string) => post(`/firmware/rollout/${id}/action`, { action });
  /** One turn of the rollout job at `now`, after the command job has sent what waits. */
  const turn = async (now: Date) => {
    await fleet.center.dispatch();
    await rolloutTurn({ db: t.db, commandCenter: fleet.center, config: t.config }, now);
  };
  const serialsOf = (p: FixturePlant) => p.collectors.map((c) => c.serial);
  const started = async (id: string) =>
    (await detail(id)).devices.filter((d) => d.commandId !== null).map((d) => d.serial);
  /** Turns at `now` until every device of `serials` has reached `stage` (the devices answer in between). */
  const turnUntil = async (id: string, now: Date, serials: string[], stage: string) =>
    expect
      .poll(
        async () => {
          await turn(now);
          const { devices } = await detail(id);
          return serials.map((s) => devices.find((d) => d.serial === s)?.stage);
        },
        { timeout: 60_000, interval: 100 },
      )
      .toEqual(serials.map(() => stage));

  /** The rollout's state once the job has judged what its devices reported (one more turn, or a few). */
  const stateAfterTurns = (id: string, now: Date, state: string) =>
    expect
      .poll(
        async () => {
          await turn(now);
          return (await detail(id)).rollout.state;
        },
        { timeout: 30_000, interval: 100 },
      )
      .toBe(state);

  beforeAll(async () => {
    t = await createTestApp({ firmwareChunkBytes: 1024 });
    const adminUser = await createUser(t.db, { roleId: ROLE.admin });
    adminId = adminUser.id;
    admin = (await loginAs(t.app, adminUser)).headers;
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    for (const [name, collectors] of [
      ['rate', 5],
      ['busy', 2],
      ['quiet', 1],
      ['pause', 4],
      ['cancel', 3],
      ['held', 2],
      ['released', 1],
    ] as const)
      plants[name] = await createFixturePlant(t.db, { ownerId: owner.id, collectors, capacityW: 10_000 });
    await t.db.execute(sql`update collectors set model = 'SC-4G', network = '4G', online = true`);
    // The busy plant produces half its capacity, the quiet one 1 %.
    for (const [plant, powerW] of [
      [plants.busy, 5000],
      [plants.held, 5000],
      [plants.released, 5000],
      [plants.quiet, 100],
    ] as const)
      await t.db.execute(
        sql`insert into plant_live_figures (plant_id, status, power_w, energy_today_kwh, energy_total_kwh,
          device_count, online_count) values (${plant.plantId}, 'online', ${powerW}, 0, 0, 1, 1)`,
      );
    packageId = await uploadSignedPackage(t.app, admin, maker, {
      collectType: 'SC-4G',
      version: '3.0.0',
      size: 4 * 1024,
    });
    fleet = new InProcessFleet(
      t.db,
      t.config.filesDir,
      Object.values(plants).flatMap((p) => serialsOf(p)),
      {
        version: '2.0.0',
        maker,
        retryMs: 500,
        // The released plant's device takes its time to install: a cancel can come while it does.
        stepMs: (serial) => (serialsOf(plants.released).includes(serial) ? 1500 : 1),
      },
    );
  }, 120_000);
  afterAll(async () => {
    fleet.close();
    await t.close();
  });

  it('starts at most the rate limit per minute of the rollout clock, in the order the devices were named', async () => {
    const named = serialsOf(plants.rate).reverse();
    const id = await create({ serials: named, ratePerMinute: 2 });
    // A row written again since (here the first named device's) lies last in the table's storage and its index:
    // the order of starting must not follow them.
    await t.db.execute(
      sql`with gone as (delete from firmware_rollout_devices where rollout_id = ${id} and serial = ${named[0]}
        returning *) insert into firmware_rollout_devices select * from gone`,
    );
    await turn(NOON);
    expect(await started(id)).toEqual(named.slice(0, 2));
    await turn(at(NOON, 30));
    expect(await started(id)).toEqual(named.slice(0, 2));
    await turn(at(NOON, 61));
    expect(await started(id)).toEqual(named.slice(0, 4));
    await turn(at(NOON, 122));
    expect(await started(id)).toEqual(named);
    await turnUntil(id, at(NOON, 122), serialsOf(plants.rate), 'done');
    await stateAfterTurns(id, at(NOON, 122), 'done');
  }, 90_000);

  it('downloads at any time but installs only under 5 % of capacity or at night in the plant’s time zone', async () => {
    const busy = serialsOf(plants.busy);
    const quiet = serialsOf(plants.quiet);
    const id = await create({
      plantIds: [plants.busy.plantId, plants.quiet.plantId],
      installWindow: 'lowPowerOrNight',
    });
    // At noon the quiet plant (1 % of its capacity) installs; the busy one (50 %) downloads and waits.
    await turnUntil(id, NOON, quiet, 'done');
    await turnUntil(id, NOON, busy, 'downloaded');
    for (let i = 0; i < 5; i++) await turn(at(NOON, i * 60));
    expect((await detail(id)).devices.filter((d) => busy.includes(d.serial)).map((d) => d.stage)).toEqual([
      'downloaded',
      'downloaded',
    ]);
    expect(busy.map((s) => fleet.updaters.get(s)!.version)).toEqual(['2.0.0', '2.0.0']);
    // 23:00 in Shanghai: night, the busy plant installs too.
    await turnUntil(id, new Date('2026-06-01T15:00:00Z'), busy, 'done');
    expect(busy.map((s) => fleet.updaters.get(s)!.version)).toEqual(['3.0.0', '3.0.0']);
    await stateAfterTurns(id, NOON, 'done');
  }, 90_000);

  it('starts nothing more while paused, lets started devices finish, and goes on when resumed', async () => {
    const [a, b, c, d] = serialsOf(plants.pause);
    const id = await create({
      serials: [a, b, c, d],
      groups: { by: 'count', sizes: [2, 2] },
      successPct: 100,
    });
    await turn(NOON);
    expect((await act(id, 'pause')).statusCode).toBe(200);
    // A pause of a paused rollout is a move its state does not allow.
    const again = await act(id, 'pause');
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('The rollout is in a state that does not allow this');
    // The first group, started before the pause, finishes; the second is never reached while paused.
    await turnUntil(id, NOON, [a!, b!], 'done');
    for (let i = 0; i < 3; i++) await turn(at(NOON, i));
    expect(await started(id)).toEqual(expect.arrayContaining([a, b]));
    expect(await started(id)).toHaveLength(2);
    expect([c, d].filter((s) => fleet.reached.has(s!))).toEqual([]);
    expect((await detail(id)).rollout).toMatchObject({ state: 'paused', halt: 'manual' });

    expect((await act(id, 'resume')).statusCode).toBe(200);
    await turnUntil(id, NOON, [a!, b!, c!, d!], 'done');
    await stateAfterTurns(id, NOON, 'done');
  }, 90_000);

  it('cancels what has not started: a queued upgrade never goes out, one under way finishes and reports', async () => {
    const [online, offline, later] = serialsOf(plants.cancel);
    await t.db.execute(sql`update collectors set online = false where serial = ${offline}`);
    const id = await create({
      serials: [online, offline, later],
      groups: { by: 'count', sizes: [2, 1] },
      successPct: 100,
    });
    await turn(NOON);
    expect((await act(id, 'cancel')).statusCode).toBe(200);
    await turnUntil(id, NOON, [online!], 'done');
    await t.db.execute(sql`update collectors set online = true where serial = ${offline}`);
    for (let i = 0; i < 3; i++) await turn(at(NOON, i));
    const { rollout, devices } = await detail(id);
    expect(rollout.state).toBe('cancelled');
    // The two that never start say so, on the device list and in the counts: none is left "queued".
    expect([offline, later].map((s) => devices.find((d) => d.serial === s)!.stage)).toEqual([
      'cancelled',
      'cancelled',
    ]);
    expect(rollout.counts).toMatchObject({ done: 1, cancelled: 2, queued: 0, failed: 0 });
    const [queued] = await rowsOf<{ state: string }>(
      t.db,
      sql`select c.state from commands c join firmware_rollout_devices rd on rd.command_id = c.id
        where rd.rollout_id = ${id} and rd.serial = ${offline}`,
    );
    expect(queued!.state).toBe('cancelled');
    expect(devices.find((d) => d.serial === later)!.commandId).toBeNull();
    expect([offline, later].filter((s) => fleet.reached.has(s!))).toEqual([]);
    expect(fleet.updaters.get(online!)!.version).toBe('3.0.0');
    // Nothing more can be done to a cancelled rollout.
    expect((await act(id, 'resume')).statusCode).toBe(409);
  }, 90_000);

  it('cancels a download held for its maintenance window: the upgrade ends cancelled and the device drops the image', async () => {
    const held = serialsOf(plants.held);
    const id = await create({ plantIds: [plants.held.plantId], installWindow: 'lowPowerOrNight' });
    // At noon the plant makes half its capacity: its devices download and wait for the window.
    await turnUntil(id, NOON, held, 'downloaded');
    expect(held.map((s) => fleet.updaters.get(s)!.upgrading)).toEqual([true, true]);

    // Cancelled through the fleet's command center, the one that reaches these in-process collectors.
    await actOnRollout(
      { db: t.db, commandCenter: fleet.center, config: t.config },
      { userId: adminId, roleId: ROLE.admin, dealercode: null },
      id,
      'cancel',
    );
    const ended = await rowsOf<{ state: string; reason: string }>(
      t.db,
      sql`select c.state, c.reason from commands c join firmware_rollout_devices rd on rd.command_id = c.id
        where rd.rollout_id = ${id}`,
    );
    expect(ended).toEqual(held.map(() => ({ state: 'cancelled', reason: 'cancelled' })));
    // Each device was told: it holds nothing more, and at night (its window) nothing installs.
    await expect.poll(() => held.map((s) => fleet.updaters.get(s)!.upgrading)).toEqual([false, false]);
    for (let i = 0; i < 3; i++) await turn(new Date('2026-06-01T15:00:00Z'));
    expect(held.map((s) => fleet.updaters.get(s)!.version)).toEqual(['2.0.0', '2.0.0']);
    const { rollout, devices } = await detail(id);
    expect(rollout.state).toBe('cancelled');
    expect(devices.map((d) => [d.stage, d.lastError])).toEqual(held.map(() => ['cancelled', 'cancelled']));
    // The cancel is in the operation log beside every other end of a command.
    const [logged] = await rowsOf<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from operation_log where action = 'command upgrade'
        and detail->>'state' = 'cancelled' and target = any(${sql.param(held)}::text[])`,
    );
    expect(logged!.n).toBe(2);
  }, 90_000);

  it('lets a device finish an install whose go-ahead was sent before the rollout was cancelled, and records it applied', async () => {
    const [device] = serialsOf(plants.released);
    const id = await create({ plantIds: [plants.released.plantId], installWindow: 'lowPowerOrNight' });
    await turnUntil(id, NOON, [device!], 'downloaded');
    // 23:00 in Shanghai: the go-ahead goes out; the device installs (slowly) and has not reported yet.
    await turn(new Date('2026-06-01T15:00:00Z'));
    expect((await detail(id)).devices[0]!.stage).toBe('downloaded');
    await actOnRollout(
      { db: t.db, commandCenter: fleet.center, config: t.config },
      { userId: adminId, roleId: ROLE.admin, dealercode: null },
      id,
      'cancel',
    );
    // The device runs the new version, and the console says so: the upgrade ends applied, not cancelled.
    await turnUntil(id, NOON, [device!], 'done');
    expect(fleet.updaters.get(device!)!.version).toBe('3.0.0');
    const [ended] = await rowsOf<{ state: string }>(
      t.db,
      sql`select c.state from commands c join firmware_rollout_devices rd on rd.command_id = c.id
        where rd.rollout_id = ${id}`,
    );
    expect(ended!.state).toBe('applied');
    expect((await detail(id)).rollout.state).toBe('cancelled');
  }, 90_000);

  it('refuses to delete a package a rollout uses, or one an upgrade is still reading, in zh and en, changing nothing', async () => {
    const en = await post('/firmware/package/delete', { id: packageId });
    expect(en.statusCode).toBe(409);
    expect(en.json().msg).toBe(
      'The package is used by a rollout or an upgrade under way and cannot be deleted',
    );
    const zh = await post('/firmware/package/delete', { id: packageId }, 'zh');
    expect(zh.statusCode).toBe(409);
    expect(zh.json().msg).toBe('该固件包已用于升级任务或有设备正在升级，不能删除');

    // A package no rollout names, whose single upgrade has not ended yet.
    const single = await uploadSignedPackage(t.app, admin, maker, {
      collectType: 'SC-4G',
      version: '3.1.0',
      size: 2048,
      trust: false,
    });
    const upgrade = await post('/firmware/upgrade', { packageId: single, serial: serialsOf(plants.rate)[0] });
    expect(upgrade.statusCode).toBe(200);
    expect((await post('/firmware/package/delete', { id: single })).statusCode).toBe(409);

    const [files] = await rowsOf<{ n: number; fileId: string }>(
      t.db,
      sql`select count(*)::int as n, min(file_id) as "fileId" from firmware_packages where id = ${packageId}`,
    );
    expect(files!.n).toBe(1);
    expect(existsSync(imagePath(t.config.filesDir, files!.fileId))).toBe(true);
    expect((await post('/firmware/package/delete', { id: 999_999 })).statusCode).toBe(404);
  }, 60_000);

  it('lists the rollouts a page at a time, newest first, with how many there are', async () => {
    const list = async (query: string) =>
      (
        await t.app.inject({ method: 'GET', url: `/prod-api/firmware/rollout/list?${query}`, headers: admin })
      ).json() as {
        total: number;
        rows: RolloutRow[];
      };
    const all = await list('pageStart=1&pageSize=100');
    // The rollouts this file created, every one.
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect(all.rows).toHaveLength(all.total);
    const created = all.rows.map((r) => r.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const pages = [await list('pageStart=1&pageSize=2'), await list('pageStart=2&pageSize=2')];
    expect(pages.map((p) => p.total)).toEqual([all.total, all.total]);
    expect(pages.flatMap((p) => p.rows.map((r) => r.id))).toEqual(all.rows.slice(0, 4).map((r) => r.id));
    // Past the last page: no rows, the same total.
    expect(await list(`pageStart=${all.total + 1}&pageSize=1`)).toMatchObject({ total: all.total, rows: [] });
    // A bad page is refused with what is wrong.
    const bad = await t.app.inject({
      method: 'GET',
      url: '/prod-api/firmware/rollout/list?pageSize=0&langType=en',
      headers: admin,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('pageSize');
  });
});
