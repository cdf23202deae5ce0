import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type RolloutRow } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { makerKey, uploadSignedPackage } from '../../../test/firmwareFleet.ts';
import {
  installerChain,
  matrixCases,
  scopeMatrixApp,
  wholeOrNothing,
  type MatrixRole,
} from '../../../test/scopeMatrix.ts';
import { rowsOf } from '../../db/rowsOf.ts';

const ACTIONS = ['approve', 'pause', 'resume', 'cancel'] as const;
type Action = (typeof ACTIONS)[number];

/** The state each action needs, and the state it leaves. */
const FROM: Record<Action, { state: string; to: string }> = {
  approve: { state: 'awaitingApproval', to: 'running' },
  pause: { state: 'running', to: 'paused' },
  resume: { state: 'paused', to: 'running' },
  cancel: { state: 'running', to: 'cancelled' },
};

/** The roles holding the upgrade screen by default. */
const hasUpdateScreen = (role: MatrixRole) => role !== 'endUser' && role !== 'enterprise';

/**
 * Who may decide on a rollout an administrator made, by how much of it lies in the caller's scope: a rollout
 * is one plan, so approving, pausing, resuming or cancelling it needs every one of its devices in scope.
 */
describe('who may decide on a rollout: role × action × scope', () => {
  let packageId: number;
  const maker = makerKey();
  const m = scopeMatrixApp({ collectors: 2 }, async ({ t, author }) => {
    await t.db.execute(sql`update collectors set model = 'SC-4G', online = true`);
    packageId = await uploadSignedPackage(t.app, author, maker, {
      collectType: 'SC-4G',
      version: '3.0.0',
      size: 2000,
    });
  });

  /** A rollout the author made over `plantIds`, put in `state` (what the action needs). */
  const rolloutIn = async (plantIds: number[], state: string) => {
    const res = await m.call(m.author, 'POST', '/firmware/rollout', { packageId, plantIds });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json().data as { id: string }).id;
    await m.t.db.execute(sql`update firmware_rollouts set state = ${state} where id = ${id}`);
    return id;
  };
  const stateOf = async (id: string) =>
    (await rowsOf<{ state: string }>(m.t.db, sql`select state from firmware_rollouts where id = ${id}`))[0]!
      .state;

  it.each(matrixCases(ACTIONS))('%s, %s, rollout %s in scope', async (role, action, reach) => {
    const plantIds = m.world.plantsOf(role, reach).map((p) => p.plantId);
    const id = await rolloutIn(plantIds, FROM[action].state);
    const res = await m.call(role, 'POST', `/firmware/rollout/${id}/action?langType=en`, { action });
    const want = wholeOrNothing(role, reach, hasUpdateScreen(role));
    expect(res.statusCode, res.body).toBe(want);
    expect(await stateOf(id)).toBe(want === 200 ? FROM[action].to : FROM[action].state);
    if (want === 403 && hasUpdateScreen(role))
      expect(res.json().msg).toBe(
        'This rollout also covers devices outside your scope: only a user who sees all of its devices can approve, pause, resume or cancel it',
      );
  });

  it('says in the list that a rollout is seen in part, offers no approval on it, and explains in zh', async () => {
    const part = await rolloutIn(
      m.world.plantsOf('installer', 'part').map((p) => p.plantId),
      'awaitingApproval',
    );
    const whole = await rolloutIn(
      m.world.plantsOf('installer', 'all').map((p) => p.plantId),
      'awaitingApproval',
    );
    const res = await m.call('installer', 'GET', '/firmware/rollout/list?pageSize=200');
    const rows = res.json().rows as RolloutRow[];
    const row = (id: string) => rows.find((r) => r.id === id)!;
    // Its own part only: the home plant's two collectors.
    expect(row(part)).toMatchObject({ partialView: true, canApprove: false, deviceCount: 2 });
    expect(row(whole)).toMatchObject({ partialView: false, canApprove: true, deviceCount: 2 });
    const admin = await m.call('admin', 'GET', `/firmware/rollout/${part}`);
    expect((admin.json().data as { rollout: RolloutRow }).rollout).toMatchObject({
      partialView: false,
      canApprove: true,
      deviceCount: 4,
    });
    const zh = await m.call('installer', 'POST', `/firmware/rollout/${part}/action?langType=zh`, {
      action: 'approve',
    });
    expect(zh.statusCode).toBe(403);
    expect(zh.json().msg).toBe(
      '该升级任务还包含您权限范围之外的设备：只有能看到其全部设备的用户才能审批、暂停、恢复或取消',
    );
  });
});

/**
 * The two-person rule counts the devices of one change, not of one request: the same user putting the same
 * package on devices within an hour, by rollouts and one-device upgrades together.
 */
describe('a firmware change split into requests waits for a second user all the same', () => {
  let t: TestApp;
  let installer: { authorization: string };
  let other: { authorization: string };
  let serials: string[];
  let packageId: number;
  let secondPackage: number;
  const maker = makerKey();

  beforeAll(async () => {
    t = await createTestApp();
    const admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const chain = await installerChain(t.db, { collectors: 62 });
    serials = chain.plant.collectors.map((c) => c.serial);
    await t.db.execute(sql`update collectors set model = 'SC-4G', online = true`);
    installer = (await loginAs(t.app, chain.installer)).headers;
    other = (await loginAs(t.app, chain.distributor)).headers;
    packageId = await uploadSignedPackage(t.app, admin, maker, {
      collectType: 'SC-4G',
      version: '3.0.0',
      size: 2000,
    });
    secondPackage = await uploadSignedPackage(t.app, admin, maker, {
      collectType: 'SC-4G',
      version: '3.0.1',
      size: 2000,
    });
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const rollout = async (who: { authorization: string }, pkg: number, devices: string[]) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/firmware/rollout',
      headers: who,
      payload: { packageId: pkg, serials: devices },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = (res.json().data as { id: string }).id;
    return (
      await rowsOf<{ state: string }>(t.db, sql`select state from firmware_rollouts where id = ${id}`)
    )[0]!.state;
  };

  it('30 devices start at once; 30 more of the same package within the hour wait; another package or user does not', async () => {
    expect(await rollout(installer, packageId, serials.slice(0, 30))).toBe('running');
    expect(await rollout(installer, packageId, serials.slice(30, 60))).toBe('awaitingApproval');
    // Another package is another change; another user is another person's decision.
    expect(await rollout(installer, secondPackage, serials.slice(30, 60))).toBe('running');
    expect(await rollout(other, packageId, serials.slice(30, 40))).toBe('running');
    // What waits for approval went to no device: it does not count, so 20 more still start.
    expect(await rollout(installer, packageId, serials.slice(40, 60))).toBe('running');
  });

  it('a one-device upgrade past 50 devices of the change is refused and sent to a rollout', async () => {
    // The installer's change of this package reached 50 devices without a second person above.
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/firmware/upgrade?langType=en',
      headers: installer,
      payload: { packageId, serial: serials[61] },
    });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().msg).toBe(
      'You upgraded 50 devices with this package directly within the hour: for more, create a rollout, which another user approves',
    );
    // An hour later the change is judged afresh.
    await t.db.execute(sql`update firmware_rollouts set created_at = created_at - interval '61 minutes'`);
    await t.db.execute(sql`update commands set created_at = created_at - interval '61 minutes'`);
    const later = await t.app.inject({
      method: 'POST',
      url: '/prod-api/firmware/upgrade',
      headers: installer,
      payload: { packageId, serial: serials[61] },
    });
    expect(later.statusCode, later.body).toBe(200);
  });
});
