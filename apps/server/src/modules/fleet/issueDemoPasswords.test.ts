import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import { generateDemoFleet } from '@solarops/simulator/fleet';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, login, loginAs } from '../../../test/factories.ts';
import { MESSAGES } from '../../i18n/messages.ts';
import { LOCKOUT } from '../auth/service.ts';
import { noBrokerAccounts } from '../devices/BrokerAccounts.ts';
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
