import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COAL_KG_PER_KWH,
  DEFAULT_CO2_FACTORS,
  EXHIBIT_SCREENS,
  ROLE,
  SERVER_FAULT_CODES,
  TREE_CO2_KG_PER_YEAR,
  faultCodeOf,
  type CreatedDisplayLink,
  type DisplayLink,
  type PowerCurve,
  type WallEquipment,
  type WallOperation,
  type WallOverview,
  type WallStation,
} from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs, type TestUser } from '../../../test/factories.ts';
import { raiseAlarms } from '../alarms/service.ts';
import { createFixturePlant, type FixturePlant } from '../devices/deviceFixtures.ts';
import { roles } from '../users/tables.ts';

type Headers = Record<string, string>;

describe('display walls and display links', () => {
  let t: TestApp;
  let admin: Headers;
  let owner: TestUser;
  let ownerH: Headers;
  let installerH: Headers;
  let mine: FixturePlant;
  let theirs: FixturePlant;

  /** A reading of `plant`'s first inverter now, as its collector sends it. */
  const report = async (plant: FixturePlant, acPowerW: number, energyTotalKwh: number) => {
    const link = t.app.deps.deviceLink.pipeline;
    const collector = (await link.registry.collectorBySerial(plant.collectors[0]!.serial))!;
    await link.ingestTelemetry(collector, {
      seq: Date.now() % 1e9,
      readings: [{ sn: plant.devices[0]!.serial, ts: Date.now(), acPowerW, energyTotalKwh }],
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    owner = await createUser(t.db);
    ownerH = (await loginAs(t.app, owner)).headers;
    installerH = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.installer }))).headers;
    const stranger = await createUser(t.db);
    mine = await createFixturePlant(t.db, { ownerId: owner.id, name: 'Wall Mine', capacityW: 10_000 });
    theirs = await createFixturePlant(t.db, { ownerId: stranger.id, name: 'Wall Theirs', capacityW: 5_000 });
    await report(mine, 4_200, 100);
    await report(theirs, 1_000, 50);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Headers) =>
    t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers });
  const data = async <T>(url: string, headers: Headers) => {
    const res = await get(url, headers);
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json().data as T;
  };
  const createLink = async (userCode: string, name = 'Lobby wall') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/exhibit/links',
      headers: admin,
      payload: { name, userCode, expiresInDays: 30 },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as CreatedDisplayLink;
  };
  const display = (token: string) => ({ authorization: `Display ${token}` });
  /** Opens a wall's push stream (the app listens from the first one on); `changed` counts the pushes so far. */
  const openStream = async (headers: Headers) => {
    if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const chunks: string[] = [];
    const res = await new Promise<http.IncomingMessage>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/prod-api/exhibit/stream', headers }, (r) => {
        r.setEncoding('utf8');
        r.on('data', (c: string) => chunks.push(c));
        resolve(r);
      });
    });
    return { res, changed: () => chunks.join('').split('event: changed').length - 1 };
  };

  it('shows a user the fleet of its own plants only, with live power, the CO₂ factor and the ranking', async () => {
    const o = await data<WallOverview>('/exhibit/overview', ownerH);
    expect(o.plants).toBe(1);
    expect(o.map.plants.map((p) => p.name)).toEqual(['Wall Mine']);
    expect(o.powerW).toBe(4_200);
    expect(o.capacityKw).toBe(10);
    // Every plant here is in China: the wall uses China's factor of the CO₂ setting, as reports do.
    const china = DEFAULT_CO2_FACTORS.countries.find((c) => c.country === 'CN')!.kgPerKwh;
    expect(o.co2KgPerKwh).toBe(china);
    expect(o.co2AvoidedKg).toBeCloseTo(o.energyTotalKwh * china, 1);
    // Its equivalents as the reports give them: the standard coal of the energy, the trees of the CO₂.
    expect(o.co2Equivalents.coalKg).toBeCloseTo(o.energyTotalKwh * COAL_KG_PER_KWH, 1);
    expect(o.co2Equivalents.trees).toBeCloseTo(o.co2AvoidedKg / TREE_CO2_KG_PER_YEAR, 1);
    expect(o.ranking.map((r) => r.name)).toEqual(['Wall Mine']);
    expect(o.asOf).not.toBeNull();
    // An administrator sees both plants.
    const all = await data<WallOverview>('/exhibit/overview', admin);
    expect(all.map.plants.map((p) => p.name)).toEqual(expect.arrayContaining(['Wall Mine', 'Wall Theirs']));

    // A new reading shows on the next call: the walls read the latest state, not a cache.
    await report(mine, 5_100, 101);
    expect((await data<WallOverview>('/exhibit/overview', ownerH)).powerW).toBe(5_100);

    const s = await data<WallStation>('/exhibit/station', ownerH);
    expect(s.plants.map((p) => [p.name, p.powerW, p.capacityKw])).toEqual([['Wall Mine', 5_100, 10]]);
    // The station wall draws the shown plant's day: its readings of today in the plant's 5-minute slots; a plant
    // of someone else is not found.
    const curve = await data<PowerCurve>(`/exhibit/station/${mine.plantId}/curve`, ownerH);
    expect(curve.timeZone).toBe(s.plants[0]!.timeZone);
    expect(curve.points.length).toBeGreaterThanOrEqual(276);
    expect(Math.max(...curve.points.map((p) => p.powerW ?? 0))).toBeGreaterThanOrEqual(4_200);
    expect((await get(`/exhibit/station/${theirs.plantId}/curve`, ownerH)).statusCode).toBe(404);
    const e = await data<WallEquipment>('/exhibit/equipment', ownerH);
    const devices = e.states.online + e.states.fault + e.states.offline;
    expect(devices).toBe(mine.devices.length);
    expect(e.collectors.total).toBe(mine.collectors.length);
  });

  it('counts the open alarms of the operation wall by level, and lists them on the overview', async () => {
    const fault = faultCodeOf('gridUnderVoltage');
    await raiseAlarms(t.app.deps, [
      {
        plantId: mine.plantId,
        deviceId: mine.devices[0]!.id,
        collectorId: mine.collectors[0]!.id,
        subject: `d:${mine.devices[0]!.id}`,
        code: fault.code,
        source: 'event',
        occurredAtMs: Date.now() - 60_000,
      },
    ]);
    const op = await data<WallOperation>('/exhibit/operation', ownerH);
    expect(op.openByLevel[fault.level as 1 | 2 | 3]).toBe(1);
    expect(op.raised24h).toBe(1);
    expect(op.alarms.map((a) => [a.plantName, a.serial])).toEqual([['Wall Mine', mine.devices[0]!.serial]]);
    const o = await data<WallOverview>('/exhibit/overview', ownerH);
    expect(o.alarms).toHaveLength(1);
  });

  it('refuses the walls without a session or the screen in the menu list', async () => {
    for (const screen of EXHIBIT_SCREENS) {
      expect((await get(`/exhibit/${screen}`, {})).statusCode).toBe(401);
    }
    // A role without `overview` in its menu list is refused that wall and keeps the others.
    await t.db
      .update(roles)
      .set({ menuList: sql`array_remove(${roles.menuList}, 'overview')` })
      .where(eq(roles.id, ROLE.installer));
    expect((await get('/exhibit/overview', installerH)).statusCode).toBe(403);
    expect((await get('/exhibit/station', installerH)).statusCode).toBe(200);
  });

  it('opens the walls of one account’s plants by a display link, read-only, until the link is revoked', async () => {
    // Only administrators make links; an unknown account is refused on its field and makes nothing.
    const refused = await t.app.inject({
      method: 'POST',
      url: '/prod-api/exhibit/links',
      headers: ownerH,
      payload: { name: 'x', userCode: owner.userCode, expiresInDays: 7 },
    });
    expect(refused.statusCode).toBe(403);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/prod-api/exhibit/links',
      headers: admin,
      payload: { name: 'x', userCode: 'nobody-here', expiresInDays: 7 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('userCode');
    expect(await data<DisplayLink[]>('/exhibit/links', admin)).toEqual([]);

    const link = await createLink(owner.userCode);
    expect(link.token.length).toBeGreaterThanOrEqual(40);
    const wall = display(link.token);
    for (const screen of EXHIBIT_SCREENS) {
      expect((await get(`/exhibit/${screen}`, wall)).statusCode, screen).toBe(200);
    }
    expect((await get(`/exhibit/station/${mine.plantId}/curve`, wall)).statusCode).toBe(200);
    expect((await get(`/exhibit/station/${theirs.plantId}/curve`, wall)).statusCode).toBe(404);
    const o = await data<WallOverview>('/exhibit/overview', wall);
    expect(o.map.plants.map((p) => p.name)).toEqual(['Wall Mine']);

    // The token opens nothing but the walls: no other read, no write.
    expect((await get('/plant/list', wall)).statusCode).toBe(401);
    expect((await get('/user/manager/info', wall)).statusCode).toBe(401);
    expect((await get('/exhibit/links', wall)).statusCode).toBe(401);
    const write = await t.app.inject({
      method: 'POST',
      url: '/prod-api/exhibit/links',
      headers: wall,
      payload: { name: 'y', userCode: owner.userCode, expiresInDays: 7 },
    });
    expect(write.statusCode).toBe(401);

    // The list shows the link without its token, and when and from where the wall last called.
    const [listed] = await data<DisplayLink[]>('/exhibit/links', admin);
    expect(listed).toMatchObject({ id: link.id, userCode: owner.userCode, revokedAt: null });
    expect(listed!.lastSeenAt).not.toBeNull();
    expect(listed!.lastSeenIp).toBe('127.0.0.1');
    expect(JSON.stringify(listed)).not.toContain(link.token);

    const revoke = await t.app.inject({
      method: 'DELETE',
      url: `/prod-api/exhibit/links/${link.id}`,
      headers: admin,
    });
    expect(revoke.statusCode).toBe(200);
    for (const screen of EXHIBIT_SCREENS) {
      const res = await get(`/exhibit/${screen}`, wall);
      expect(res.statusCode, screen).toBe(401);
      expect(res.json().msg).toMatch(/撤销/);
    }
    expect((await get(`/exhibit/station/${mine.plantId}/curve`, wall)).statusCode).toBe(401);
    expect((await data<DisplayLink[]>('/exhibit/links', admin))[0]!.revokedAt).not.toBeNull();
    // A made-up token is refused alike; revoking an unknown link is a 404.
    expect((await get('/exhibit/overview', display('made-up-token'))).statusCode).toBe(401);
    const missing = await t.app.inject({
      method: 'DELETE',
      url: '/prod-api/exhibit/links/999999',
      headers: admin,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('refuses a display link past its expiry as a revoked one, in zh and en, and keeps a live one open', async () => {
    const before = await data<DisplayLink[]>('/exhibit/links', admin);
    // An expiry that is not one of the choices, or none at all, is refused on its field and makes nothing.
    for (const expiresInDays of [undefined, 0, -1, 2, 90, 366, 7.5, '7', 'never', null]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/prod-api/exhibit/links?langType=en',
        headers: admin,
        payload: { name: 'Bad expiry', userCode: owner.userCode, expiresInDays },
      });
      expect(res.statusCode, String(expiresInDays)).toBe(400);
      expect(res.json().errors[0].field).toBe('expiresInDays');
    }
    expect(await data<DisplayLink[]>('/exhibit/links', admin)).toEqual(before);

    // Each choice sets the expiry that many days after the link is made.
    const week = await t.app.inject({
      method: 'POST',
      url: '/prod-api/exhibit/links',
      headers: admin,
      payload: { name: 'Week wall', userCode: owner.userCode, expiresInDays: 7 },
    });
    expect(week.statusCode, week.body).toBe(200);
    const link = week.json().data as CreatedDisplayLink;
    expect(Date.parse(link.expiresAt) - Date.parse(link.createdAt)).toBe(7 * 86_400_000);
    const live = await createLink(owner.userCode, 'Month wall');
    const wall = display(link.token);
    expect((await get('/exhibit/overview', wall)).statusCode).toBe(200);

    // The week has passed: every wall call is refused as after revoking, saying the link may have expired.
    await t.db.execute(
      sql`update display_links set expires_at = now() - interval '1 second' where id = ${link.id}`,
    );
    for (const screen of EXHIBIT_SCREENS) {
      const res = await get(`/exhibit/${screen}`, wall);
      expect(res.statusCode, screen).toBe(401);
      expect(res.json().msg).toBe('展示链接无效、已过期或已被撤销');
    }
    expect((await get(`/exhibit/station/${mine.plantId}/curve`, wall)).statusCode).toBe(401);
    expect((await get('/exhibit/stream', wall)).statusCode).toBe(401);
    const en = await get('/exhibit/overview?langType=en', wall);
    expect(en.json().msg).toBe('This display link is unknown, has expired or has been revoked');
    // The list still shows it, with its expiry; the month's link beside it keeps its wall open.
    const listed = await data<DisplayLink[]>('/exhibit/links', admin);
    const expired = listed.find((l) => l.id === link.id)!;
    expect(expired.revokedAt).toBeNull();
    expect(Date.parse(expired.expiresAt)).toBeLessThan(Date.now());
    expect((await get('/exhibit/overview', display(live.token))).statusCode).toBe(200);
  });

  describe('a distributor’s wall: its plants’ SIM cards and work orders only, pushed when an order moves', () => {
    let distributor: TestUser;
    let dealer: FixturePlant;
    let wall: Headers;
    let code = 8100;

    /** Raises an alarm on `plant`'s first device (a new code each time) and returns its id. */
    const alarmOn = async (plant: FixturePlant, level = 3) => {
      const [raised] = await raiseAlarms(t.app.deps, [
        {
          plantId: plant.plantId,
          deviceId: plant.devices[0]!.id,
          collectorId: null,
          subject: `d:${plant.devices[0]!.id}`,
          code: ++code,
          level,
          source: 'event',
          occurredAtMs: Date.now() - 60_000,
        },
      ]);
      return raised!.alarmId;
    };
    const openOrder = async (alarmId: number, priority = 'urgent') => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/prod-api/workorder',
        headers: admin,
        payload: { alarmId, priority },
      });
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { id: number }).id;
    };
    /** Moves the order's SLA clock back: it was opened `minutes` ago. */
    const openedAgo = (id: number, minutes: number) =>
      t.db.execute(sql`update work_order_events set at = now() - make_interval(mins => ${minutes})
        where work_order_id = ${id}`);
    /** A card in the collector `collectorId` (null: in stock) expiring in so many days. */
    const addCard = (collectorId: number | null, status: string, expiresInDays: number | null) =>
      t.db.execute(sql`insert into sim_cards (iccid, operator, status, expires_on, collector_id)
        values (${`8986${Date.now()}${++code}`}, 'chinaMobile', ${status},
          ${expiresInDays === null ? null : sql`current_date + ${expiresInDays}::int`},
          ${collectorId})`);

    beforeAll(async () => {
      distributor = await createUser(t.db, { roleId: ROLE.distributor });
      const customer = await createUser(t.db);
      dealer = await createFixturePlant(t.db, {
        ownerId: customer.id,
        installerId: distributor.id,
        name: 'Wall Dealer',
        collectors: 3,
      });
      wall = display((await createLink(distributor.userCode, 'Dealer wall')).token);
    });

    it('counts the SIM cards in the collectors of its plants by status, and those expiring within 30 days', async () => {
      await addCard(dealer.collectors[0]!.id, 'normal', 10);
      await addCard(dealer.collectors[1]!.id, 'shutDown', -5);
      // Another account's card and a card in stock are not the wall's.
      await addCard(theirs.collectors[0]!.id, 'normal', 3);
      await addCard(null, 'toBeActivated', null);
      const e = await data<WallEquipment>('/exhibit/equipment', wall);
      expect(e.cards).toEqual({
        total: 2,
        byStatus: { toBeActivated: 0, testing: 0, normal: 1, shutDown: 1 },
        expiring: 1,
      });
      // A card running past the 30 days is not expiring; the administrator sees the other account's too.
      await t.db.execute(sql`update sim_cards set collector_id = ${dealer.collectors[2]!.id},
        expires_on = current_date + 200 where collector_id is null`);
      await t.db.execute(sql`update sim_cards set status = 'testing' where expires_on = current_date + 200`);
      const again = await data<WallEquipment>('/exhibit/equipment', wall);
      expect([again.cards.total, again.cards.byStatus.testing, again.cards.expiring]).toEqual([3, 1, 1]);
      const all = await data<WallEquipment>('/exhibit/equipment', admin);
      expect(all.cards.expiring).toBeGreaterThanOrEqual(2);
    });

    it('lists the open work orders of its plants by state and SLA state, the nearest deadline first', async () => {
      const late = await openOrder(await alarmOn(dealer));
      const near = await openOrder(await alarmOn(dealer));
      const fresh = await openOrder(await alarmOn(dealer, 2), 'low');
      const closed = await openOrder(await alarmOn(dealer));
      // Someone else's order is not on this wall.
      await openOrder(await alarmOn(theirs));
      // Urgent orders count 4 hours round the clock: 5 h is breached, 3.5 h (87 %) warned.
      await openedAgo(late, 300);
      await openedAgo(near, 210);
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/prod-api/workorder/${closed}/move`,
        headers: admin,
        payload: { move: 'cancel' },
      });
      expect(cancel.statusCode, cancel.body).toBe(200);

      const op = await data<WallOperation>('/exhibit/operation', wall);
      expect(op.workOrders.open).toBe(3);
      expect(op.workOrders.byState).toEqual({
        new: 3,
        assigned: 0,
        inProgress: 0,
        onHold: 0,
        resolved: 0,
        pendingApproval: 0,
      });
      expect(op.workOrders.bySla).toEqual({ onTime: 1, warned: 1, breached: 1 });
      expect(op.workOrders.nearest.map((o) => [o.id, o.slaState, o.plantName])).toEqual([
        [late, 'breached', 'Wall Dealer'],
        [near, 'warned', 'Wall Dealer'],
        [fresh, 'onTime', 'Wall Dealer'],
      ]);
      const [first] = op.workOrders.nearest;
      expect(first!.minutesLeft).toBeLessThanOrEqual(-59);
      expect(first!.state).toBe('new');
      expect(first!.assigneeName).toBeNull();
      // The administrator's wall holds the other account's order as well.
      const all = await data<WallOperation>('/exhibit/operation', admin);
      expect(all.workOrders.open).toBe(4);
    });

    it('pushes `changed` when an order of its plants moves, not for another account’s order', async () => {
      const mineOrder = await openOrder(await alarmOn(dealer));
      const otherOrder = await openOrder(await alarmOn(theirs));
      const { res, changed } = await openStream(wall);
      expect(res.statusCode).toBe(200);
      const cancel = (id: number) =>
        t.app.inject({
          method: 'POST',
          url: `/prod-api/workorder/${id}/move`,
          headers: admin,
          payload: { move: 'cancel' },
        });
      expect((await cancel(otherOrder)).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 1_500));
      expect(changed()).toBe(0);
      expect((await cancel(mineOrder)).statusCode).toBe(200);
      await expect.poll(changed, { timeout: 10_000 }).toBe(1);
      res.destroy();
    });
  });

  it('counts a device offline on the overview as soon as its offline alarm is listed, on a display link too', async () => {
    const link = await createLink(owner.userCode, 'Offline check');
    const device = mine.devices.at(-1)!;
    await t.db.execute(sql`update devices set online = true where plant_id = ${mine.plantId}`);
    const before = await data<WallOverview>('/exhibit/overview', display(link.token));
    expect(before.devicesOnline).toBe(before.devices);
    // The link's detection marks the device offline and raises its alarm; the wall reads both at once.
    await t.db.execute(sql`update devices set online = false where id = ${device.id}`);
    await raiseAlarms(t.app.deps, [
      {
        plantId: mine.plantId,
        deviceId: device.id,
        collectorId: mine.collectors[0]!.id,
        subject: `d:${device.id}`,
        code: SERVER_FAULT_CODES.deviceOffline,
        source: 'offline',
        occurredAtMs: Date.now(),
      },
    ]);
    const o = await data<WallOverview>('/exhibit/overview', display(link.token));
    expect(o.alarms.map((a) => a.serial)).toContain(device.serial);
    expect(o.devicesOnline).toBe(o.devices - 1);
  });

  it('pushes `changed` to a display link’s wall when a reading of its plants arrives, not for other plants', async () => {
    const link = await createLink(owner.userCode, 'Push wall');
    const { res, changed } = await openStream(display(link.token));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/event-stream/);

    await report(theirs, 1_100, 51);
    // Past the coalescing second: nothing for a plant the link does not show.
    await new Promise((r) => setTimeout(r, 1_500));
    expect(changed()).toBe(0);

    await report(mine, 6_000, 102);
    await expect.poll(changed, { timeout: 10_000 }).toBe(1);
    res.destroy();
  });
});
