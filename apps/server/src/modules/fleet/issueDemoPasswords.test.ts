import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import { generateDemoFleet } from '@solarops/simulator/fleet';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, login, loginAs } from '../../../test/factories.ts';
import { readableLog } from '../../../test/readableLog.ts';
import { MESSAGES } from '../../i18n/messages.ts';
import { hashPassword, PASSWORD_NOT_ISSUED } from '../auth/passwords.ts';
import { LOCKOUT } from '../auth/service.ts';
import { users } from '../users/tables.ts';
import { noBrokerAccounts } from '../devices/BrokerAccounts.ts';
import { demoFleetHook } from './demoFleetHook.ts';
import { issueDemoPasswords } from './issueDemoPasswords.ts';
import { DEMO_ACCOUNTS, DEMO_DISTRIBUTOR, seedDemoFleet } from './seedDemoFleet.ts';

/**
 * The demo fleet is listed before its accounts' passwords are hashed: until they are issued no password signs
 * them in, then each signs in with the one printed, issued once; a password an administrator set meanwhile stays.
 */
describe('the demo accounts’ passwords, issued once the fleet is seeded', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 120_000);
  afterAll(() => t.close());

  it('lists the plants at once, then signs each account in with the password issued to it', async () => {
    await seedDemoFleet(t.db, generateDemoFleet({ seed: 5, plants: 2 }), noBrokerAccounts);
    const admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const plants = await t.app.inject({ method: 'GET', url: '/prod-api/plant/list', headers: admin });
    expect(plants.statusCode).toBe(200);
    expect((plants.json() as { total: number }).total).toBe(2);
    // Seeded without a password: none signs the account in, not even the placeholder stored for it, and the answer
    // says why (not "wrong password"); the tries count no failure, so they lock nothing once the password is issued.
    for (let i = 0; i <= LOCKOUT.freeFailures + 1; i++) {
      const early = await login(t.app, DEMO_DISTRIBUTOR, i === 0 ? 'not-issued' : `Guess#${i}a`);
      expect(early.statusCode).toBe(403);
      expect((early.json() as { msg: string }).msg).toBe(MESSAGES.passwordNotIssued.zh);
    }

    // An administrator gives one account a password of its own before the others are issued.
    const own = 'Own#Password2026';
    const set = await t.app.inject({
      method: 'POST',
      url: '/prod-api/user/manager/update/encrypted',
      headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ userCode: 'demo-user-4', password: own }).toString(),
    });
    expect(set.statusCode).toBe(200);

    const issued = await issueDemoPasswords(t.db);
    expect(issued.map((a) => a.userCode)).toEqual(DEMO_ACCOUNTS.filter((c) => c !== 'demo-user-4'));
    expect(issued[0]).toMatchObject({ userCode: DEMO_DISTRIBUTOR, role: 'distributor' });
    for (const account of issued)
      expect((await login(t.app, account.userCode, account.password)).statusCode).toBe(200);
    expect((await login(t.app, 'demo-user-4', own)).statusCode).toBe(200);
    // Issued once: a later start prints nothing and changes no password.
    expect(await issueDemoPasswords(t.db)).toEqual([]);
    expect((await login(t.app, DEMO_DISTRIBUTOR, issued[0]!.password)).statusCode).toBe(200);
  }, 120_000);
});

/**
 * A stop or a crash while the passwords are hashed (seconds on a busy machine) must not leave an account with a
 * password nobody saw: none is stored until all are hashed, then all at once, right before they are printed.
 */
describe('the demo accounts’ passwords, stopped while they are hashed', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoFleet(t.db, generateDemoFleet({ seed: 5, plants: 2 }), noBrokerAccounts);
  }, 120_000);
  afterAll(() => t.close());

  const notIssued = async () =>
    (
      await t.db
        .select({ userCode: users.userCode })
        .from(users)
        .where(eq(users.passwordHash, PASSWORD_NOT_ISSUED))
        .orderBy(users.id)
    ).map((u) => u.userCode);

  it('stores none when a hash fails or the start stops midway, then issues them all at the next start', async () => {
    let hashes = 0;
    const failingThird = (password: string) => {
      hashes += 1;
      if (hashes === 3) return Promise.reject(new Error('out of memory'));
      return hashPassword(password);
    };
    await expect(issueDemoPasswords(t.db, { hash: failingThird })).rejects.toThrow('out of memory');
    expect(await notIssued()).toEqual(DEMO_ACCOUNTS);

    const stopping = new AbortController();
    hashes = 0;
    const stoppedAtSecond = (password: string) => {
      hashes += 1;
      if (hashes === 2) stopping.abort();
      return hashPassword(password);
    };
    expect(await issueDemoPasswords(t.db, { hash: stoppedAtSecond, signal: stopping.signal })).toEqual([]);
    expect(hashes).toBe(2);
    expect(await notIssued()).toEqual(DEMO_ACCOUNTS);

    const issued = await issueDemoPasswords(t.db);
    expect(issued.map((a) => a.userCode)).toEqual(DEMO_ACCOUNTS);
    expect(await notIssued()).toEqual([]);
    for (const account of issued)
      expect((await login(t.app, account.userCode, account.password)).statusCode).toBe(200);
  }, 120_000);
});

/**
 * A first start stopped before the passwords were issued, then a start that does not run the fleet (SIMULATOR=off,
 * or its file of secrets lost): the accounts still get their passwords, printed once, instead of none ever.
 */
describe('the demo accounts’ passwords, issued by a start that does not run the fleet', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemoFleet(t.db, generateDemoFleet({ seed: 5, plants: 2 }), noBrokerAccounts);
  }, 120_000);
  afterAll(() => t.close());

  it.each([
    ['the simulator off', false],
    ['the fleet’s file missing', true],
  ])(
    'issues and prints them with %s',
    async (_, simulator) => {
      await t.db
        .update(users)
        .set({ passwordHash: PASSWORD_NOT_ISSUED })
        .where(inArray(users.userCode, [...DEMO_ACCOUNTS]));
      const { logger, lines } = readableLog<{ msg: string }>();
      const stop = await demoFleetHook.start({
        config: { ...t.config, simulator },
        database: t.database,
        deps: t.app.deps,
        logger,
      });
      // Printed within a minute however busy the machine: then stopped (a stop before would leave them all).
      const printedLine = () => lines.find((l) => l.msg.includes('demo accounts ('))?.msg;
      for (let i = 0; i < 1200 && !printedLine(); i++) await new Promise((r) => setTimeout(r, 50));
      await stop?.();
      const printed = printedLine() ?? '';
      expect(printed, 'the passwords printed').not.toBe('');
      for (const userCode of DEMO_ACCOUNTS) {
        const password = new RegExp(`${userCode} / (\\S+) `).exec(printed)?.[1] ?? '';
        expect((await login(t.app, userCode, password)).statusCode, userCode).toBe(200);
      }
    },
    120_000,
  );
});
