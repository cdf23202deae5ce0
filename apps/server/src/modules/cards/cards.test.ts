import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { luhnDigit, ROLE } from '@solarops/contracts';
import { rowsOf } from '../../db/rowsOf.ts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs, validIccid } from '../../../test/factories.ts';
import { onOffline } from '../alarms/service.ts';
import { createFixturePlant } from '../devices/deviceFixtures.ts';
import { sendExpiryNotices } from './expiryNotices.ts';
import { SimulatedCarrier, simulatedIccid } from './SimulatedCarrier.ts';

type Headers = Record<string, string>;

const iccidOf = validIccid;

describe('internet cards', () => {
  let t: TestApp;
  let admin: Headers;
  let installerA: Headers;
  let installerB: Headers;
  let collectorsA: string[];
  let collectorB: string;
  const get = (url: string, headers: Headers) =>
    t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers });
  const post = (url: string, headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: `/prod-api${url}`, headers, payload });
  const setCard = (iccid: string, set: ReturnType<typeof sql>) =>
    t.db.execute(sql`update sim_cards set ${set} where iccid = ${iccid}`);

  beforeAll(async () => {
    t = await createTestApp();
    const a = await createUser(t.db, { roleId: ROLE.installer });
    const b = await createUser(t.db, { roleId: ROLE.installer });
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    installerA = (await loginAs(t.app, a)).headers;
    installerB = (await loginAs(t.app, b)).headers;
    const plantA = await createFixturePlant(t.db, {
      ownerId: a.id,
      installerId: a.id,
      name: 'Sunny roof',
      collectors: 3,
    });
    const plantB = await createFixturePlant(t.db, { ownerId: b.id, installerId: b.id, name: 'Other farm' });
    collectorsA = plantA.collectors.map((c) => c.serial);
    collectorB = plantB.collectors[0]!.serial;
    const cards = [
      { iccid: iccidOf(1), operator: 'chinaMobile', collectorSerial: collectorsA[0] },
      { iccid: iccidOf(2), operator: 'chinaUnicom', collectorSerial: collectorsA[1] },
      { iccid: iccidOf(3, 19), operator: 'chinaTelecom', collectorSerial: collectorsA[2] },
      { iccid: iccidOf(4), operator: 'chinaMobile', collectorSerial: collectorB },
    ];
    for (const c of cards)
      expect((await post('/card/add', admin, { ...c, msisdn: '1440000000001' })).statusCode).toBe(200);
    await setCard(
      iccidOf(1),
      sql`status = 'normal', carrier_state = 'active', expires_on = '2031-05-01', used_mb = 1100, total_mb = 1024`,
    );
    await setCard(
      iccidOf(2),
      sql`status = 'shutDown', carrier_state = 'stopped', shutdown_reason = 'expired', expires_on = '2030-01-10'`,
    );
    // Six sign-ins (scrypt) and two plants: generous for a loaded 2-core machine.
  }, 240_000);
  afterAll(() => t.close());

  it('refuses an ICCID with a wrong check digit or length, field by field, in zh and en, and stores nothing', async () => {
    const good = iccidOf(77);
    const wrong = good.slice(0, -1) + ((Number(good.slice(-1)) + 1) % 10);
    const body = { iccid: wrong, msisdn: '1440000000077', operator: 'chinaMobile' };
    const zh = await post('/card/add?langType=zh', admin, body);
    expect(zh.statusCode).toBe(400);
    expect(zh.json().errors).toEqual([{ field: 'iccid', message: 'ICCID 的校验位（最后一位）不正确' }]);
    const en = await post('/card/add?langType=en', admin, body);
    expect(en.json().errors).toEqual([
      { field: 'iccid', message: "The ICCID's check digit (its last digit) is wrong" },
    ]);
    const short = await post('/card/add?langType=en', admin, { ...body, iccid: '898600000000000' });
    expect(short.json().errors).toEqual([{ field: 'iccid', message: 'An ICCID has 19 or 20 digits' }]);
    expect((await get(`/card/list?iccid=${good}`, admin)).json().total).toBe(0);
    // The same card twice is a conflict; a card for a collector that does not exist names the field.
    expect((await post('/card/add', admin, { ...body, iccid: iccidOf(1) })).statusCode).toBe(409);
    expect(
      (await post('/card/add', admin, { ...body, iccid: good, collectorSerial: 'NOPE' })).json().errors[0]
        .field,
    ).toBe('collectorSerial');
  });

  it('lists the cards, a plan used past its allowance with 0 left (never below), filtered by status, operator, expiry, ICCID and plant', async () => {
    const all = (await get('/card/list', admin)).json();
    expect(all.total).toBe(4);
    const first = all.rows.find((r: { iccid: string }) => r.iccid === iccidOf(1));
    expect(first).toMatchObject({
      status: 'normal',
      usedMb: 1100,
      totalMb: 1024,
      remainingMb: 0,
      expiresOn: '2031-05-01',
      collectorSerial: collectorsA[0],
      plantName: 'Sunny roof',
      renewable: true,
    });
    const count = async (q: string) => (await get(`/card/list?${q}`, admin)).json().total as number;
    expect(await count('status=shutDown')).toBe(1);
    expect(await count('operator=chinaMobile')).toBe(2);
    expect(await count('expiresFrom=2030-01-01&expiresTo=2030-12-31')).toBe(1);
    expect(await count(`iccid=${iccidOf(3, 19)}`)).toBe(1);
    expect(await count('iccid=8986')).toBe(4);
    expect(await count('plantName=sunny')).toBe(3);
    expect((await get('/card/list?status=lost', admin)).statusCode).toBe(400);
  });

  it('shows an installer only the cards of its plants; another card answers 404', async () => {
    const mine = (await get('/card/list', installerA)).json();
    expect(mine.rows.map((r: { collectorSerial: string }) => r.collectorSerial).sort()).toEqual(
      [...collectorsA].sort(),
    );
    const theirs = (await get('/card/list', installerB)).json().rows[0];
    expect((await get(`/card/${theirs.id}/usage`, installerB)).statusCode).toBe(200);
    expect((await get(`/card/${theirs.id}/usage`, installerA)).statusCode).toBe(404);
    expect((await post('/card/add', installerA, { iccid: iccidOf(9) })).statusCode).toBe(403);
  });

  it('exports the filtered list as a workbook', async () => {
    const res = await get('/card/export?status=normal&langType=en', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
  });

  it('simulates a carrier: a card per collector, traffic from messages, expiry stops a card and 90 days cancel it', async () => {
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    const plant = await createFixturePlant(t.db, { ownerId: owner.id, collectors: 2 });
    const carrier = new SimulatedCarrier(t.db);
    expect(await carrier.provision()).toBe(2);
    expect(await carrier.provision()).toBe(0);
    const [c0] = plant.collectors;
    const iccid = simulatedIccid(c0!.id);
    expect(iccid).toHaveLength(20);
    expect(luhnDigit(iccid.slice(0, -1))).toBe(iccid.slice(-1));
    const card = async () =>
      (
        await rowsOf<{
          status: string;
          shutdown_reason: string | null;
          used_mb: number;
          renewable_until: string;
        }>(
          t.db,
          sql`select status, shutdown_reason, used_mb, renewable_until::text from sim_cards where iccid = ${iccid}`,
        )
      )[0]!;
    await setCard(
      iccid,
      sql`status = 'normal', shutdown_reason = null, expires_on = '2030-03-01', used_mb = 10`,
    );
    carrier.trafficSeen([c0!.id, c0!.id, c0!.id]);
    await carrier.flushTraffic();
    expect((await card()).used_mb).toBeGreaterThan(10);
    await carrier.sync('2030-03-01');
    expect((await card()).status).toBe('normal');
    await carrier.sync('2030-03-02');
    expect(await card()).toMatchObject({
      status: 'shutDown',
      shutdown_reason: 'expired',
      renewable_until: '2030-05-30',
    });
    await carrier.sync('2030-05-30');
    expect((await card()).shutdown_reason).toBe('expired');
    await carrier.sync('2030-05-31');
    expect((await card()).shutdown_reason).toBe('cancelled');
  });

  it('gives collectors outside China a global IoT card, and stops a card whose allowance is used up', async () => {
    const owner = await createUser(t.db, { roleId: ROLE.endUser });
    const carrier = new SimulatedCarrier(t.db);
    const cardOf = async (collectorId: number) =>
      (
        await rowsOf<{
          iccid: string;
          operator: string;
          msisdn: string;
          status: string;
          reason: string | null;
        }>(
          t.db,
          sql`select iccid, operator, msisdn, status, shutdown_reason as reason from sim_cards
            where collector_id = ${collectorId}`,
        )
      )[0]!;
    const abroad: number[] = [];
    for (const timeZone of ['Europe/Berlin', 'America/Sao_Paulo', 'America/Chicago']) {
      const plant = await createFixturePlant(t.db, { ownerId: owner.id, collectors: 2, timeZone });
      abroad.push(...plant.collectors.map((c) => c.id));
    }
    const home = await createFixturePlant(t.db, { ownerId: owner.id, collectors: 3 });
    await carrier.provision();
    for (const id of abroad) {
      const card = await cardOf(id);
      expect(['oneNce', 'emnify']).toContain(card.operator);
      expect(card.iccid).toMatch(/^89882\d{15}$/);
      expect(luhnDigit(card.iccid.slice(0, -1))).toBe(card.iccid.slice(-1));
    }
    for (const c of home.collectors) {
      const card = await cardOf(c.id);
      expect(['chinaMobile', 'chinaUnicom', 'chinaTelecom']).toContain(card.operator);
      expect(card.iccid.startsWith('8986')).toBe(true);
    }

    // The data stops a little late: past the plan, the card is stopped for its quota and shows 0 MB left.
    const used = await cardOf(home.collectors[0]!.id);
    await setCard(
      used.iccid,
      sql`status = 'normal', shutdown_reason = null, expires_on = '2031-01-01', used_mb = 1030, total_mb = 1024`,
    );
    await carrier.sync('2030-06-01');
    expect(await cardOf(home.collectors[0]!.id)).toMatchObject({ status: 'shutDown', reason: 'quota' });
    const listed = (await get(`/card/list?iccid=${used.iccid}`, admin)).json().rows[0];
    expect(listed).toMatchObject({ usedMb: 1030, totalMb: 1024, remainingMb: 0, renewable: true });
  });

  describe('warnings before a logger goes dark', () => {
    let installer: Awaited<ReturnType<typeof createUser>>;
    let owner: Awaited<ReturnType<typeof createUser>>;
    let installerHeaders: Headers;
    let plantId: number;
    let collectorId: number;
    const iccid = iccidOf(90);
    // The notices run on the day they are handed (the job hands today): these days are chosen, not waited for.
    const expiresOn = '2032-03-31';

    /** The 903 notices of the card as the installer's console lists them, in `lang`. */
    const notices = async (lang: 'zh' | 'en') =>
      (
        await get(
          `/alarm/manager/list?code=903&plantId=${plantId}&pageSize=50&langType=${lang}`,
          installerHeaders,
        )
      ).json().rows as { message: string; description: string }[];
    const mailsAbout = (address: string) => t.mail.to(address).filter((m) => m.subject.includes(iccid));

    beforeAll(async () => {
      installer = await createUser(t.db, { roleId: ROLE.installer });
      owner = await createUser(t.db, { roleId: ROLE.endUser });
      installerHeaders = (await loginAs(t.app, installer)).headers;
      const plant = await createFixturePlant(t.db, {
        ownerId: owner.id,
        installerId: installer.id,
        name: 'Hillside carport',
      });
      plantId = plant.plantId;
      collectorId = plant.collectors[0]!.id;
      await post('/card/add', admin, {
        iccid,
        msisdn: '1440000000090',
        operator: 'chinaMobile',
        collectorSerial: plant.collectors[0]!.serial,
      });
      await setCard(iccid, sql`status = 'normal', carrier_state = 'active', expires_on = ${expiresOn}`);
    }, 120_000);

    it('warns 30 days before expiry, once, in the console and by mail to the installer and the owner', async () => {
      expect(await sendExpiryNotices(t.app.deps, '2032-03-02')).toBe(0);
      expect(await sendExpiryNotices(t.app.deps, '2032-03-01')).toBe(1);
      expect(await sendExpiryNotices(t.app.deps, '2032-03-01')).toBe(0);
      expect((await notices('en')).map((n) => n.message)).toEqual([`${iccid} ${expiresOn}`]);
      for (const address of [installer.email, owner.email])
        await expect
          .poll(() => mailsAbout(address).map((m) => m.subject), { timeout: 30_000 })
          .toEqual([`流量卡 ${iccid} 将于 30 天后到期 / Internet card ${iccid} expires in 30 days`]);
      expect(mailsAbout(owner.email)[0]!.text).toContain('Hillside carport');
    });

    it('warns again 7 days before expiry', async () => {
      expect(await sendExpiryNotices(t.app.deps, '2032-03-23')).toBe(0);
      expect(await sendExpiryNotices(t.app.deps, '2032-03-24')).toBe(1);
      expect(await notices('zh')).toHaveLength(2);
      await expect
        .poll(() => mailsAbout(installer.email).at(-1)?.subject, { timeout: 30_000 })
        .toBe(`流量卡 ${iccid} 将于 7 天后到期 / Internet card ${iccid} expires in 7 days`);
    });

    it('warns a last time 1 day before expiry, and never for a card already renewed past it', async () => {
      expect(await sendExpiryNotices(t.app.deps, '2032-03-30')).toBe(1);
      expect(await sendExpiryNotices(t.app.deps, '2032-03-30')).toBe(0);
      expect(await notices('en')).toHaveLength(3);
      await expect
        .poll(() => mailsAbout(owner.email).map((m) => m.subject), { timeout: 30_000 })
        .toEqual([
          `流量卡 ${iccid} 将于 30 天后到期 / Internet card ${iccid} expires in 30 days`,
          `流量卡 ${iccid} 将于 7 天后到期 / Internet card ${iccid} expires in 7 days`,
          // One day, in the singular.
          `流量卡 ${iccid} 将于 1 天后到期 / Internet card ${iccid} expires in 1 day`,
        ]);
    });

    it('says "SIM expired" instead of "offline" when the silent collector\'s card has expired', async () => {
      await setCard(
        iccid,
        sql`status = 'shutDown', shutdown_reason = 'expired', expires_on = current_date - 2`,
      );
      await onOffline(t.app.deps, [collectorId], []);
      const alarm = async (lang: 'zh' | 'en') =>
        (
          await get(
            `/alarm/manager/list?plantId=${plantId}&source=offline&langType=${lang}`,
            installerHeaders,
          )
        ).json().rows as { code: number; description: string }[];
      expect((await alarm('en')).map((a) => [a.code, a.description])).toEqual([
        [603, 'SIM expired: the collector’s internet card is shut down and cannot send data'],
      ]);
      expect((await alarm('zh'))[0]!.description).toBe('SIM 卡已到期：采集器的流量卡停机，无法上传数据');
    });
  });
});
