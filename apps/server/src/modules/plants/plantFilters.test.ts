import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';
import { createFixturePlant } from '../devices/deviceFixtures.ts';

type Page = { total: number; rows: { name: string; ownerName: string }[] };

// `_` and `%` are wildcards of LIKE: typed into a filter they must find themselves, not any character or text.
describe('the plant list filters take `_` and `%` literally', () => {
  let t: TestApp;
  let headers: { authorization: string };

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await createUser(t.db, { roleId: ROLE.admin });
    const underscore = await createUser(t.db, { name: 'li_na' });
    const letter = await createUser(t.db, { name: 'lixna' });
    for (const name of ['a_b', 'axb', '100%', '1000']) {
      await createFixturePlant(t.db, { ownerId: underscore.id, name });
    }
    await createFixturePlant(t.db, { ownerId: letter.id, name: 'Letter plant' });
    headers = (await loginAs(t.app, admin)).headers;
  });
  afterAll(() => t.close());

  const list = async (filter: Record<string, string>) => {
    const query = new URLSearchParams({ pageStart: '1', pageSize: '20', ...filter });
    const res = await t.app.inject({ method: 'GET', url: `/prod-api/plant/list?${query}`, headers });
    expect(res.statusCode).toBe(200);
    return res.json() as Page;
  };
  // Sorted here: the database's collation may order `100%` and `1000` either way.
  const names = async (filter: Record<string, string>) => (await list(filter)).rows.map((r) => r.name).sort();

  it('finds a plant by a name holding `_` or `%`, and not the plants those would match as wildcards', async () => {
    expect(await names({ name: 'a_b' })).toEqual(['a_b']);
    expect(await names({ name: '100%' })).toEqual(['100%']);
    expect(await names({ name: '_' })).toEqual(['a_b']);
    expect(await names({ name: '%' })).toEqual(['100%']);
    // The plain text still finds every plant that contains it.
    expect(await names({ name: '100' })).toEqual(['100%', '1000']);
  });

  it('finds the owner named with `_` only', async () => {
    const page = await list({ owner: 'li_na' });
    expect(page.total).toBe(4);
    expect(new Set(page.rows.map((r) => r.ownerName))).toEqual(new Set(['li_na']));
    expect(await names({ owner: 'lixna' })).toEqual(['Letter plant']);
  });
});
