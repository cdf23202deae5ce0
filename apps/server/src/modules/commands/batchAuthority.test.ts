import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AwaitingBatch, CreatedCommands } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { loginAs } from '../../../test/factories.ts';
import {
  installerChain,
  matrixCases,
  scopeMatrixApp,
  wholeOrNothing,
  type MatrixRole,
} from '../../../test/scopeMatrix.ts';
import { rowsOf } from '../../db/rowsOf.ts';

const DECISIONS = ['approve', 'reject'] as const;

/** The roles holding the batch screen (`setUpList`) by default. */
const hasBatchScreen = (role: MatrixRole) => role !== 'endUser' && role !== 'enterprise';

type Headers = { authorization: string };

describe('who may approve or reject a batch awaiting approval: role × decision × scope', () => {
  const m = scopeMatrixApp({ devices: [{ model: 'SO-5K-S1' }, { model: 'SO-5K-S1' }] });

  /** A batch the author sent to every device of `plants`, waiting for a second user. */
  const awaitingBatch = async (serials: string[]) => {
    const res = await m.call(m.author, 'POST', '/commands/settings', {
      route: 'setUpList',
      serials,
      values: { activePowerLimitPct: 90 },
      confirm: String(serials.length),
    });
    expect(res.statusCode, res.body).toBe(200);
    const { batchId } = res.json().data as CreatedCommands;
    // Whatever the author's change counted so far, this batch waits (its collectors are offline: nothing went).
    await m.t.db.execute(sql`update command_batches set needs_approval = 'pending' where id = ${batchId}`);
    await m.t.db.execute(sql`update commands set expires_at = null where batch_id = ${batchId}`);
    return batchId!;
  };
  const decisionOf = async (id: string) =>
    (
      await rowsOf<{ needs_approval: string }>(
        m.t.db,
        sql`select needs_approval from command_batches where id = ${id}`,
      )
    )[0]!.needs_approval;

  it.each(matrixCases(DECISIONS))('%s, %s, batch %s in scope', async (role, decision, reach) => {
    const serials = m.world.plantsOf(role, reach).flatMap((p) => p.devices.map((d) => d.serial));
    const id = await awaitingBatch(serials);
    const res = await m.call(role, 'POST', `/commands/batches/${id}/decision?langType=en`, {
      approve: decision === 'approve',
    });
    const want = wholeOrNothing(role, reach, hasBatchScreen(role));
    expect(res.statusCode, res.body).toBe(want);
    expect(await decisionOf(id)).toBe(
      want === 200 ? (decision === 'approve' ? 'approved' : 'rejected') : 'pending',
    );
    if (want === 403 && hasBatchScreen(role))
      expect(res.json().msg).toBe(
        'This batch also covers devices outside your scope: only a user who sees all of its devices can approve or reject it',
      );
  });

  it('lists a batch seen in part as not decidable by the caller, and refuses it in zh', async () => {
    const part = await awaitingBatch(
      m.world.plantsOf('installer', 'part').flatMap((p) => p.devices.map((d) => d.serial)),
    );
    const res = await m.call('installer', 'GET', '/commands/batches/awaiting');
    const row = (res.json().data as AwaitingBatch[]).find((b) => b.id === part);
    expect(row).toMatchObject({ partialView: true, canDecide: false });
    const zh = await m.call('installer', 'POST', `/commands/batches/${part}/decision?langType=zh`, {
      approve: true,
    });
    expect(zh.statusCode).toBe(403);
    expect(zh.json().msg).toBe('该批次还包含您权限范围之外的设备：只有能看到其全部设备的用户才能审批或驳回');
  });
});

/**
 * The two-person rule counts the devices of one change, not of one request: the same user sending the same
 * command with the same values within an hour.
 */
describe('a settings change split into requests waits for a second user all the same', () => {
  let t: TestApp;
  let installer: Headers;
  let distributor: Headers;
  let serials: string[];

  beforeAll(async () => {
    t = await createTestApp();
    const chain = await installerChain(t.db, {
      collectors: 4,
      devices: Array.from({ length: 64 }, () => ({ model: 'SO-5K-S1' })),
    });
    serials = chain.plant.devices.map((x) => x.serial);
    installer = (await loginAs(t.app, chain.installer)).headers;
    distributor = (await loginAs(t.app, chain.distributor)).headers;
  }, 60_000);
  afterAll(async () => {
    await t.close();
  });

  const send = async (who: Headers, devices: string[], pct: number) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/commands/settings',
      headers: who,
      payload:
        devices.length === 1
          ? {
              route: 'remoteSet',
              serials: devices,
              values: { activePowerLimitPct: pct },
              confirm: devices[0],
            }
          : {
              route: 'setUpList',
              serials: devices,
              values: { activePowerLimitPct: pct },
              confirm: String(devices.length),
            },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as CreatedCommands;
  };

  it('30 devices go at once, 30 more with the same values within the hour wait; other values or another user do not', async () => {
    expect((await send(installer, serials.slice(0, 30), 80)).awaitingApproval).toBe(false);
    const second = await send(installer, serials.slice(30, 60), 80);
    expect(second.awaitingApproval).toBe(true);
    expect(second.commands.every((c) => c.expiresAt === null)).toBe(true);
    expect((await send(installer, serials.slice(30, 60), 70)).awaitingApproval).toBe(false);
    expect((await send(distributor, serials.slice(30, 60), 80)).awaitingApproval).toBe(false);
    // Waiting went to no device: 20 more of the change still go (50 without a second person).
    expect((await send(installer, serials.slice(40, 60), 80)).awaitingApproval).toBe(false);
    // The 51st device, sent alone, waits as a batch of one for a second user.
    const one = await send(installer, [serials[63]!], 80);
    expect(one).toMatchObject({ awaitingApproval: true });
    expect(one.batchId).not.toBeNull();
    const awaiting = await t.app.inject({
      method: 'GET',
      url: '/prod-api/commands/batches/awaiting',
      headers: distributor,
    });
    expect((awaiting.json().data as AwaitingBatch[]).map((b) => b.id)).toEqual(
      expect.arrayContaining([second.batchId, one.batchId]),
    );
  });

  it('two requests of one change sent at the same moment are counted one after the other', async () => {
    await t.db.execute(sql`update commands set created_at = created_at - interval '61 minutes'`);
    const [a, b] = await Promise.all([
      send(installer, serials.slice(0, 30), 60),
      send(installer, serials.slice(30, 60), 60),
    ]);
    expect([a.awaitingApproval, b.awaitingApproval].sort()).toEqual([false, true]);
  });

  it('an hour later the change is judged afresh', async () => {
    await t.db.execute(sql`update commands set created_at = created_at - interval '61 minutes'`);
    expect((await send(installer, serials.slice(0, 40), 60)).awaitingApproval).toBe(false);
  });
});
