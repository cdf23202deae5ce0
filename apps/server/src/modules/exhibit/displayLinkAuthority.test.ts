import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { CreatedDisplayLink, DisplayLink, WallOverview, WallStation } from '@solarops/contracts';
import { MATRIX_ROLES, scopeMatrixApp, seesEverything } from '../../../test/scopeMatrix.ts';
import { rowsOf } from '../../db/rowsOf.ts';

const m = scopeMatrixApp();

const display = (token: string) => ({ authorization: `Display ${token}` });
/** A link an administrator made over `userCode`'s plants. */
const linkOver = async (userCode: string) => {
  const res = await m.call('admin', 'POST', '/exhibit/links', {
    name: 'Lobby wall',
    userCode,
    expiresInDays: 30,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as CreatedDisplayLink;
};
const links = async () =>
  rowsOf<{ id: number; revoked: boolean }>(
    m.t.db,
    sql`select id, revoked_at is not null as revoked from display_links order by id`,
  );

/**
 * A display link reads an account's plants without a password, so only administrators make, list and revoke
 * them (decision 0024: they see every plant, so every link they handle is whole). Every other role is refused with
 * 403 and changes nothing, staff included (they see every plant but do not hand out access).
 */
describe('who may make, list and revoke display links: role × action', () => {
  const ACTIONS = ['list', 'create', 'revoke'] as const;
  const cases = MATRIX_ROLES.flatMap((role) => ACTIONS.map((action) => [role, action] as const));

  it.each(cases)('%s, %s', async (role, action) => {
    const existing = await linkOver(m.world.users.endUser.userCode);
    const before = await links();
    const res =
      action === 'list'
        ? await m.call(role, 'GET', '/exhibit/links')
        : action === 'create'
          ? await m.call(role, 'POST', '/exhibit/links', {
              name: 'Another wall',
              userCode: m.world.users.endUser.userCode,
              expiresInDays: 7,
            })
          : await m.call(role, 'DELETE', `/exhibit/links/${existing.id}`);
    const allowed = role === 'admin';
    expect(res.statusCode, res.body).toBe(allowed ? 200 : 403);
    if (!allowed) {
      expect(res.json().msg).toBe('Permission denied');
      expect(await links()).toEqual(before);
      return;
    }
    if (action === 'list') {
      const listed = (res.json().data as DisplayLink[]).map((l) => l.id);
      expect(listed).toEqual(before.map((l) => l.id).reverse());
      // The token is shown once, when the link is made: never in the list.
      expect(res.body).not.toContain(existing.token);
    }
    if (action === 'create') expect(await links()).toHaveLength(before.length + 1);
    if (action === 'revoke') expect((await links()).find((l) => l.id === existing.id)?.revoked).toBe(true);
  });
});

/**
 * A wall opened by a link shows the plants of the link's account, its part of the fleet and nothing more: the
 * stranger's plant is not on it and cannot be asked for by id (404), and the token opens the walls only.
 */
describe('a display link shows its account’s part of the fleet only', () => {
  it.each(MATRIX_ROLES)('a link over the %s’s account', async (role) => {
    const { world, nameOf } = m;
    const { token } = await linkOver(world.users[role].userCode);
    const overview = await m.call(display(token), 'GET', '/exhibit/overview');
    expect(overview.statusCode, overview.body).toBe(200);
    const shown = (overview.json().data as WallOverview).map.plants.map((p) => p.name).sort();
    expect(shown).toEqual(world.visibleTo(role).map(nameOf).sort());
    const station = await m.call(display(token), 'GET', '/exhibit/station');
    expect((station.json().data as WallStation).plants.map((p) => p.name).sort()).toEqual(
      world.visibleTo(role).map(nameOf).sort(),
    );
    const curve = await m.call(display(token), 'GET', `/exhibit/station/${world.outside.plantId}/curve`);
    expect(curve.statusCode, curve.body).toBe(seesEverything(role) ? 200 : 404);
    const home = await m.call(display(token), 'GET', `/exhibit/station/${world.home[role].plantId}/curve`);
    expect(home.statusCode, home.body).toBe(200);
    // Nothing but the walls: not the links, not the plant list, not a report.
    for (const url of ['/exhibit/links', '/plant/list', '/report/periodic?period=day&date=2025-11-20'])
      expect((await m.call(display(token), 'GET', url)).statusCode, url).toBe(401);
  });
});
