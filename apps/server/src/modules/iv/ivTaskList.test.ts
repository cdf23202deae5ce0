import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE, type IvTask } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant } from '../devices/deviceFixtures.ts';
import { ivTasks } from './tables.ts';

type Headers = Record<string, string>;

/** The IV task list is paged by the server: every task can be reached, newest first, and only the caller's. */
describe('GET /iv/tasks', () => {
  let t: TestApp;
  let installer: Headers;
  let stranger: Headers;
  let plantA: number;
  let plantB: number;
  /** The installer's task ids, newest first. */
  let newestFirst: number[];
  const TASKS = 530;
  /** Every third task (the 3rd, 6th, …) is on plant B. */
  const ON_B = Math.floor(TASKS / 3);

  const list = async (query: string, headers: Headers) => {
    const res = await t.app.inject({ method: 'GET', url: `/prod-api/iv/tasks?${query}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json() as { total: number; rows: IvTask[] };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const me = await createUser(t.db, { roleId: ROLE.installer });
    const other = await createUser(t.db, { roleId: ROLE.installer });
    installer = (await loginAs(t.app, me)).headers;
    stranger = (await loginAs(t.app, other)).headers;
    plantA = (await createFixturePlant(t.db, { ownerId: me.id, installerId: me.id })).plantId;
    plantB = (await createFixturePlant(t.db, { ownerId: me.id, installerId: me.id })).plantId;
    const theirs = (await createFixturePlant(t.db, { ownerId: other.id, installerId: other.id })).plantId;
    const template = { name: 'Roof 400 W' };
    const start = Date.UTC(2026, 0, 1);
    // More tasks than the list once held (500), one a minute; every third on plant B.
    const inserted = await t.db
      .insert(ivTasks)
      .values(
        Array.from({ length: TASKS }, (_, i) => ({
          name: `Scan ${i + 1}`,
          plantId: i % 3 === 2 ? plantB : plantA,
          templateId: 1,
          template,
          createdBy: me.id,
          createdAt: new Date(start + i * 60_000),
        })),
      )
      .returning({ id: ivTasks.id });
    newestFirst = inserted.map((r) => r.id).reverse();
    await t.db.insert(ivTasks).values({
      name: 'Their scan',
      plantId: theirs,
      templateId: 1,
      template,
      createdBy: other.id,
    });
  });
  afterAll(() => t.close());

  it('pages every task newest first, beyond the 500 the list once held', async () => {
    const first = await list('pageStart=1&pageSize=20', installer);
    expect(first.total).toBe(TASKS);
    expect(first.rows.map((r) => r.id)).toEqual(newestFirst.slice(0, 20));
    expect(first.rows[0]).toMatchObject({
      name: `Scan ${TASKS}`,
      templateName: 'Roof 400 W',
      state: 'complete',
    });
    const last = await list('pageStart=27&pageSize=20', installer);
    expect(last.total).toBe(TASKS);
    expect(last.rows.map((r) => r.id)).toEqual(newestFirst.slice(520));
    expect(last.rows.at(-1)?.name).toBe('Scan 1');
    expect((await list('pageStart=28&pageSize=20', installer)).rows).toEqual([]);
  });

  it('keeps to the caller’s plants, and to one plant when asked', async () => {
    const theirs = await list('pageStart=1&pageSize=50', stranger);
    expect(theirs.total).toBe(1);
    expect(theirs.rows.map((r) => r.name)).toEqual(['Their scan']);
    const onB = await list(`plantId=${plantB}&pageSize=100&pageStart=2`, installer);
    expect(onB.total).toBe(ON_B);
    expect(onB.rows.every((r) => r.plantId === plantB)).toBe(true);
    expect(onB.rows).toHaveLength(ON_B - 100);
    expect((await list(`plantId=${plantA}&pageSize=1`, stranger)).total).toBe(0);
  });

  it('refuses a page it cannot serve, naming the field', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/prod-api/iv/tasks?pageSize=0',
      headers: installer,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toContain('pageSize');
  });
});
