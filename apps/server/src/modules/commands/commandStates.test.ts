import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMAND_STATES,
  ROLE,
  canTransition,
  type AwaitingBatch,
  type CommandState,
  type CreatedCommands,
} from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { roles } from '../users/tables.ts';
import { moveCommand } from './stateMachine.ts';
import { commandBatches, commands } from './tables.ts';

type Headers = { authorization: string };

describe('command states through the API: refused moves answer 409, batches wait for a second user', () => {
  let t: TestApp;
  let plant: FixturePlant;
  let asker: Headers;
  let approver: Headers;
  let staffWithoutRoute: Headers;
  let endUser: Headers;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    plant = await createFixturePlant(t.db, {
      ownerId: owner.id,
      devices: Array.from({ length: 51 }, () => ({ model: 'SO-5K-S1' })),
    });
    asker = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.staff }))).headers;
    approver = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.staff }))).headers;
    // A staff role an administrator made without the batch screen.
    const [role] = await t.db
      .insert(roles)
      .values({ name: 'viewers of settings', menuList: ['remoteSet', 'remoteSetSubmit'] })
      .returning();
    staffWithoutRoute = (await loginAs(t.app, await createUser(t.db, { roleId: role!.id }))).headers;
    endUser = (await loginAs(t.app, owner)).headers;
  });
  afterAll(() => t.close());

  const serial = () => plant.devices[0]!.serial;
  const createOne = async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/commands/settings',
      headers: asker,
      payload: {
        route: 'remoteSet',
        serials: [serial()],
        values: { activePowerLimitPct: 60 },
        confirm: serial(),
      },
    });
    expect(res.statusCode).toBe(200);
    return (res.json().data as CreatedCommands).commands[0]!.id;
  };
  const setState = (id: string, state: CommandState) =>
    t.db.update(commands).set({ state }).where(eq(commands.id, id));

  it('moves a stored command only along the table, for every pair of states', async () => {
    const id = await createOne();
    for (const from of COMMAND_STATES)
      for (const to of COMMAND_STATES) {
        await setState(id, from);
        const moved = await moveCommand(t.db, id, to);
        expect({ from, to, moved: moved?.state ?? null }).toEqual({
          from,
          to,
          moved: canTransition(from, to) ? to : null,
        });
      }
  });

  it.each(COMMAND_STATES.filter((s) => s !== 'queued'))(
    'refuses to cancel a %s command with 409 and leaves it as it was',
    async (state) => {
      const id = await createOne();
      await setState(id, state);
      const res = await t.app.inject({
        method: 'POST',
        url: `/prod-api/commands/${id}/cancel?langType=en`,
        headers: asker,
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().msg).toContain(state);
      const [row] = await t.db.select().from(commands).where(eq(commands.id, id));
      expect(row!.state).toBe(state);
    },
  );

  it('cancels a queued command once', async () => {
    const id = await createOne();
    const cancel = () =>
      t.app.inject({ method: 'POST', url: `/prod-api/commands/${id}/cancel`, headers: asker });
    const first = await cancel();
    expect(first.statusCode).toBe(200);
    expect(first.json().data.state).toBe('cancelled');
    expect((await cancel()).statusCode).toBe(409);
  });

  it('lists a batch of 51 devices as awaiting approval, decided once by another user holding its screen', async () => {
    const serials = plant.devices.map((d) => d.serial);
    const created = await t.app.inject({
      method: 'POST',
      url: '/prod-api/commands/settings',
      headers: asker,
      payload: { route: 'setUpList', serials, values: { activePowerLimitPct: 70 }, confirm: '51' },
    });
    expect(created.statusCode).toBe(200);
    const data = created.json().data as CreatedCommands;
    expect(data.awaitingApproval).toBe(true);
    expect(data.commands.every((c) => c.state === 'queued' && c.expiresAt === null)).toBe(true);
    const batchId = data.batchId!;

    const awaiting = async (headers: Headers) => {
      const res = await t.app.inject({ method: 'GET', url: '/prod-api/commands/batches/awaiting', headers });
      return { status: res.statusCode, rows: (res.json().data ?? []) as AwaitingBatch[] };
    };
    const mine = await awaiting(asker);
    expect(mine.rows.find((b) => b.id === batchId)).toMatchObject({
      deviceCount: 51,
      awaitingApproval: true,
      canDecide: false,
      counts: { queued: 51 },
    });
    expect((await awaiting(approver)).rows.find((b) => b.id === batchId)?.canDecide).toBe(true);
    expect((await awaiting(staffWithoutRoute)).rows.find((b) => b.id === batchId)?.canDecide).toBe(false);
    expect((await awaiting(endUser)).status).toBe(403);

    const decide = (headers: Headers, approve: boolean) =>
      t.app.inject({
        method: 'POST',
        url: `/prod-api/commands/batches/${batchId}/decision`,
        headers,
        payload: { approve },
      });
    expect((await decide(asker, true)).statusCode).toBe(403);
    expect((await decide(staffWithoutRoute, true)).statusCode).toBe(403);
    expect((await decide(endUser, true)).statusCode).toBe(403);
    const [untouched] = await t.db.select().from(commandBatches).where(eq(commandBatches.id, batchId));
    expect(untouched!.needsApproval).toBe('pending');

    const approved = await decide(approver, true);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().data).toMatchObject({ awaitingApproval: false, approvedBy: expect.any(String) });
    // The time-to-live runs from the approval on.
    const rows = await t.db.select().from(commands).where(eq(commands.batchId, batchId));
    expect(rows.every((r) => r.expiresAt !== null)).toBe(true);
    // Decided once: a second approval or a late rejection is a refused move.
    expect((await decide(approver, true)).statusCode).toBe(409);
    expect((await decide(approver, false)).statusCode).toBe(409);
    expect((await awaiting(approver)).rows.find((b) => b.id === batchId)).toBeUndefined();
  });

  it('cancels every queued command of a rejected batch', async () => {
    const serials = plant.devices.map((d) => d.serial);
    const created = await t.app.inject({
      method: 'POST',
      url: '/prod-api/commands/settings',
      headers: asker,
      payload: { route: 'setUpList', serials, values: { activePowerLimitPct: 75 }, confirm: '51' },
    });
    const batchId = (created.json().data as CreatedCommands).batchId!;
    const res = await t.app.inject({
      method: 'POST',
      url: `/prod-api/commands/batches/${batchId}/decision`,
      headers: approver,
      payload: { approve: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.counts).toMatchObject({ cancelled: 51, queued: 0 });
  });
});
