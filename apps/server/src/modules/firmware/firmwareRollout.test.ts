import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type RolloutDeviceRow, type RolloutRow } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { InProcessFleet, makerKey, uploadSignedPackage } from '../../../test/firmwareFleet.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { createFixturePlant } from '../devices/deviceFixtures.ts';
import { rolloutTurn } from './rollouts.ts';

type Headers = Record<string, string>;

const COLLECTORS = 1000;
/** Groups of 100, 300 and the rest (600). */
const GROUPS = [100, 300, 600];

/**
 * A rollout to 1 000 collectors simulated in this process: the command model runs on the test's database (a
 * command center of its own, whose messages go straight to each collector's `FirmwareUpdater` and whose replies
 * come straight back), so that the rollout's rules are shown at full size within a minute.
 */
describe('a rollout to 1 000 collectors that stops itself', () => {
  let t: TestApp;
  let author: Headers;
  let approver: Headers;
  let fleet: InProcessFleet;
  const plantIds: number[] = [];
  const maker = makerKey();
  let packageId: number;

  const post = (url: string, headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: `/prod-api${url}?langType=en`, headers, payload });
  const get = async <T>(url: string, headers: Headers = author) =>
    (await t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers })).json().data as T;

  const stateOf = async (id: string) =>
    (await rowsOf<{ state: string }>(t.db, sql`select state from firmware_rollouts where id = ${id}`))[0]!
      .state;
  /** Turns of the rollout job until `done` holds (the devices answer in between). */
  const turnUntil = async (done: () => Promise<boolean>) => {
    for (let i = 0; i < 1000; i++) {
      await fleet.center.dispatch();
      await rolloutTurn({ db: t.db, commandCenter: fleet.center, config: t.config });
      if (await done()) return;
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the rollout did not get there');
  };

  beforeAll(async () => {
    t = await createTestApp({ firmwareChunkBytes: 1024 });
    author = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    approver = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    const serials: string[] = [];
    for (let p = 0; p < 4; p++) {
      const plant = await createFixturePlant(t.db, { ownerId: owner.id, collectors: COLLECTORS / 4 });
      plantIds.push(plant.plantId);
      serials.push(...plant.collectors.map((c) => c.serial));
    }
    await t.db.execute(sql`update collectors set model = 'SC-4G', network = '4G', online = true`);
    packageId = await uploadSignedPackage(t.app, author, maker, {
      collectType: 'SC-4G',
      version: '3.0.0',
      size: 3000,
    });
    fleet = new InProcessFleet(t.db, t.config.filesDir, serials, { version: '2.0.0', maker });
  }, 120_000);
  afterAll(async () => {
    fleet.close();
    await t.close();
  });

  it('waits for a second user, stops before group 3 at 5 % failures over a 3 % threshold, and ends every device after the fix', async () => {
    const created = await post('/firmware/rollout', author, {
      packageId,
      plantIds,
      groups: { by: 'count', sizes: GROUPS },
      successPct: 90,
      errorPct: 3,
    });
    expect(created.statusCode).toBe(200);
    const id = (created.json().data as { id: string }).id;
    const detail = () => get<{ rollout: RolloutRow; devices: RolloutDeviceRow[] }>(`/firmware/rollout/${id}`);
    let { rollout, devices } = await detail();
    expect(rollout.state).toBe('awaitingApproval');
    expect(rollout.groupSizes).toEqual(GROUPS);
    // 5 % of group 2 fail to install (every twentieth device).
    const group2 = devices.filter((d) => d.group === 1).map((d) => d.serial);
    group2.forEach((serial, i) => {
      if (i % 20 === 0) fleet.failuresOf.get(serial)!.installFailure = true;
    });
    const group3 = devices.filter((d) => d.group === 2).map((d) => d.serial);

    // The author cannot approve its own rollout; nothing starts before another user does.
    expect((await post(`/firmware/rollout/${id}/action`, author, { action: 'approve' })).statusCode).toBe(
      400,
    );
    await rolloutTurn({ db: t.db, commandCenter: fleet.center, config: t.config });
    expect(fleet.reached.size).toBe(0);
    expect((await post(`/firmware/rollout/${id}/action`, approver, { action: 'approve' })).statusCode).toBe(
      200,
    );

    await turnUntil(async () => (await stateOf(id)) === 'stopped');
    ({ rollout, devices } = await detail());
    expect(rollout.halt).toBe('errorAbove');
    expect(rollout.currentGroup).toBe(1);
    // Group 3 received nothing: no command, no message on its collectors.
    expect(group3.filter((s) => fleet.reached.has(s))).toEqual([]);
    expect(devices.filter((d) => d.group === 2).every((d) => d.commandId === null)).toBe(true);

    // The counts are the database's.
    const [db] = await rowsOf<{ done: number; failed: number }>(
      t.db,
      sql`select count(*) filter (where state = 'applied')::int as done,
          count(*) filter (where state = 'failed')::int as failed from commands where kind = 'upgrade'`,
    );
    // Let what was under way end, then compare.
    await turnUntil(
      async () =>
        (
          await rowsOf(
            t.db,
            sql`select 1 from commands where kind = 'upgrade' and state in ('queued', 'sent', 'acked')`,
          )
        ).length === 0,
    );
    ({ rollout } = await detail());
    const [after] = await rowsOf<{ done: number; failed: number }>(
      t.db,
      sql`select count(*) filter (where state = 'applied')::int as done,
          count(*) filter (where state = 'failed')::int as failed from commands where kind = 'upgrade'`,
    );
    expect(after!.done).toBeGreaterThanOrEqual(db!.done);
    expect(rollout.counts.done).toBe(after!.done);
    expect(rollout.counts.failed).toBe(after!.failed);
    expect(rollout.counts.failed).toBe(15);

    // The fix: no more injected failures; the rollout resumes and every device ends done or failed with a reason.
    for (const f of fleet.failuresOf.values()) f.installFailure = false;
    expect((await post(`/firmware/rollout/${id}/action`, author, { action: 'resume' })).statusCode).toBe(200);
    await turnUntil(async () => (await stateOf(id)) === 'done');
    ({ rollout, devices } = await detail());
    expect(rollout.counts.done + rollout.counts.failed).toBe(COLLECTORS);
    expect(rollout.counts.done).toBe(COLLECTORS - 15);
    for (const d of devices.filter((x) => x.stage === 'failed')) expect(d.lastError).toBe('install failed');
    expect(group3.every((s) => fleet.updaters.get(s)!.version === '3.0.0')).toBe(true);
  }, 240_000);
});
