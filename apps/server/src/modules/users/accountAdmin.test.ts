import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, login, loginAs } from '../../../test/factories.ts';
import { sheetRows } from '../../../test/readWorkbook.ts';

type Headers = Record<string, string>;

/** The initial password in a mail the server sent to `to`. */
function mailedPassword(t: TestApp, to: string): string {
  const mails = t.mail.to(to);
  const text = mails[mails.length - 1]?.text ?? '';
  const match = /Initial password: (\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no password mailed to ${to}`);
  return match[1];
}

describe('account administration (set screens)', () => {
  let t: TestApp;
  let admin: Headers;
  const post = (url: string, headers: Headers, payload: unknown) =>
    t.app.inject({ method: 'POST', url: `/prod-api${url}`, headers, payload: payload as object });
  const get = (url: string, headers: Headers) =>
    t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers });

  beforeAll(async () => {
    t = await createTestApp();
    const a = await createUser(t.db, { roleId: ROLE.admin });
    admin = (await loginAs(t.app, a)).headers;
  });
  afterAll(() => t.close());

  it('an administrator creates a distributor; the mailed password signs in and must be changed', async () => {
    const res = await post('/user/manager/add', admin, {
      userCode: 'sunshine-trade',
      name: 'Sunshine Trade',
      email: 'sunshine@example.com',
      phone: '13900139000',
      roleId: ROLE.distributor,
    });
    expect(res.statusCode).toBe(200);
    const row = res.json().data;
    expect(row).toMatchObject({ userCode: 'sunshine-trade', roleId: ROLE.distributor, enabled: true });
    expect(row.dealercode).toMatch(/^D[0-9A-F]{8}$/);
    const signIn = await login(t.app, 'sunshine-trade', mailedPassword(t, 'sunshine@example.com'));
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.firstLogin).toBe(true);
  });

  it("an installer created by a distributor is bound to the distributor's code; its end user belongs to it", async () => {
    const dist = await createUser(t.db, { roleId: ROLE.distributor });
    const distS = (await loginAs(t.app, dist)).headers;
    const inst = await post('/user/manager/add', distS, {
      userCode: 'roof-fitters',
      name: 'Roof Fitters',
      email: 'roof@example.com',
      phone: '13900139001',
      roleId: ROLE.installer,
      dealercode: 'SOMEONE-ELSE',
    });
    expect(inst.statusCode).toBe(200);
    expect(inst.json().data).toMatchObject({ dealercode: dist.dealercode, parentUserCode: dist.userCode });

    const instS = (
      await loginAs(t.app, { userCode: 'roof-fitters', password: mailedPassword(t, 'roof@example.com') })
    ).headers;
    const end = await post('/user/manager/add', instS, {
      userCode: 'home-owner',
      name: 'Home Owner',
      email: 'home@example.com',
      phone: '13900139002',
      roleId: ROLE.endUser,
    });
    expect(end.statusCode).toBe(200);
    expect(end.json().data.parentUserCode).toBe('roof-fitters');
    // The distributor sees its installer's end user.
    const list = await get('/user/manager/next/list?userCode=home-owner', distS);
    expect(list.json().total).toBe(1);
    // An installer may not create a distributor; nothing is stored.
    const refused = await post('/user/manager/add', instS, {
      userCode: 'not-allowed',
      name: 'Not Allowed',
      email: 'nope@example.com',
      phone: '13900139003',
      roleId: ROLE.distributor,
    });
    // Its role lacks the distributor screen: refused before anything else is looked at.
    expect(refused.statusCode).toBe(403);
    expect((await get('/user/manager/info/bycode?userCode=not-allowed', admin)).statusCode).toBe(404);
  });

  it('exports the filtered account list as an .xlsx in the caller’s language, within the caller’s scope', async () => {
    const dist = await createUser(t.db, { roleId: ROLE.distributor });
    const distS = (await loginAs(t.app, dist)).headers;
    for (const [i, email] of ['a-inst@example.com', 'b-inst@example.com'].entries()) {
      const res = await post('/user/manager/add', distS, {
        userCode: `export-inst-${i}`,
        name: `Export Installer ${i}`,
        email,
        phone: `1390013910${i}`,
        roleId: ROLE.installer,
      });
      expect(res.statusCode).toBe(200);
    }
    const outsider = await createUser(t.db, { roleId: ROLE.installer });
    const sheet = async (url: string, headers: Headers) => {
      const res = await get(url, headers);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toContain('accounts.xlsx');
      return sheetRows(res.rawPayload);
    };
    // The distributor's installers, as its list shows them: newest first, not the installer outside its scope.
    const en = await sheet(`/user/manager/next/export?roleId=${ROLE.installer}&langType=en`, distS);
    expect(en[0]).toEqual([
      'User name',
      'Name',
      'Role',
      'Email',
      'Phone',
      'Distributor code',
      'Created by',
      'State',
      'Created at',
    ]);
    expect(en.slice(1).map((r) => r.slice(0, 2))).toEqual([
      ['export-inst-1', 'Export Installer 1'],
      ['export-inst-0', 'Export Installer 0'],
    ]);
    expect(en[1]!.slice(3, 8)).toEqual([
      'b-inst@example.com',
      '13900139101',
      dist.dealercode,
      dist.userCode,
      'Enabled',
    ]);
    expect(en.flat()).not.toContain(outsider.userCode);
    // The list's filters apply, and the titles follow the language.
    const zh = await sheet('/user/manager/next/export?userCode=export-inst-0', distS);
    expect(zh[0]!.slice(0, 3)).toEqual(['用户名', '名称', '角色']);
    expect(zh.slice(1).map((r) => r[0])).toEqual(['export-inst-0']);
    expect(zh[1]![7]).toBe('已启用');
    // Without a session nothing is exported.
    expect((await get('/user/manager/next/export', {})).statusCode).toBe(401);
  });

  it('exports a name that would be a spreadsheet formula as text, with a leading apostrophe', async () => {
    const dist = await createUser(t.db, { roleId: ROLE.distributor });
    const distS = (await loginAs(t.app, dist)).headers;
    const names = ['=HYPERLINK("http://x.cn","x")', '@SUM(1+1)', '+1+1', '-1+1'];
    for (const [i, name] of names.entries()) {
      const res = await post('/user/manager/add', distS, {
        userCode: `formula-${i}`,
        name,
        email: `formula-${i}@example.com`,
        phone: `1390013920${i}`,
        roleId: ROLE.installer,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const res = await get('/user/manager/next/export?userCode=formula-&langType=en', distS);
    expect(res.statusCode).toBe(200);
    const rows = await sheetRows(res.rawPayload);
    expect(new Set(rows.slice(1).map((r) => r[1]))).toEqual(new Set(names.map((n) => `'${n}`)));
  });

  it('bad input gets per-field messages in the caller language and creates nothing', async () => {
    const res = await post('/user/manager/add?langType=en', admin, {
      userCode: 'x',
      name: 'Ok Name',
      email: 'not-an-email',
      phone: '123',
      roleId: ROLE.endUser,
    });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().errors as { field: string; message: string }[]).map((e) => e.field).sort();
    expect(fields).toEqual(['email', 'phone', 'userCode']);
    expect(res.json().errors.find((e: { field: string }) => e.field === 'email').message).toBe(
      'Not a valid email address',
    );
    const taken = await post('/user/manager/add', admin, {
      userCode: 'SUNSHINE-TRADE',
      name: 'Copy Cat',
      email: 'copy@example.com',
      phone: '13900139004',
      roleId: ROLE.endUser,
    });
    expect(taken.statusCode).toBe(409);
  });

  it('a role without `staff` gets 403 on the staff calls, with `staff` it passes', async () => {
    const roleRes = await post('/role/manager/add', admin, {
      name: 'End-user desk',
      description: 'looks after end users',
      menuList: ['deviceuser'],
    });
    const desk = await createUser(t.db, { roleId: roleRes.json().data.roleId });
    const deskS = (await loginAs(t.app, desk)).headers;
    const staffUser = await createUser(t.db, { roleId: ROLE.staff });
    const body = {
      userCode: 'new-staff',
      name: 'New Staff',
      email: 'new-staff@example.com',
      phone: '13900139005',
      roleId: ROLE.staff,
    };
    expect((await post('/user/manager/add', deskS, body)).statusCode).toBe(403);
    expect(
      (await post('/user/manager/reset/password', deskS, { userCode: staffUser.userCode })).statusCode,
    ).toBe(403);
    expect((await get(`/user/manager/update/unable?userCode=${staffUser.userCode}`, deskS)).statusCode).toBe(
      403,
    );
    expect((await get('/role/manager/list', deskS)).statusCode).toBe(403);
    // The same role given `staff` passes at once, without a new sign-in.
    await post('/role/manager/update', admin, {
      roleId: roleRes.json().data.roleId,
      menuList: ['deviceuser', 'staff'],
    });
    expect((await get('/role/manager/list', deskS)).statusCode).toBe(200);
    expect(
      (await post('/user/manager/reset/password', deskS, { userCode: staffUser.userCode })).statusCode,
    ).toBe(200);
  });

  it('a password reset mails a new password, ends the sessions and forces a change', async () => {
    const u = await createUser(t.db, { roleId: ROLE.endUser });
    const old = await loginAs(t.app, u);
    const res = await post('/user/manager/reset/password', admin, { userCode: u.userCode });
    expect(res.statusCode).toBe(200);
    expect((await get('/user/manager/info', old.headers)).json().code).toBe(50012);
    expect((await login(t.app, u.userCode, u.password)).statusCode).toBe(400);
    const again = await login(t.app, u.userCode, mailedPassword(t, u.email));
    expect(again.json().data.firstLogin).toBe(true);
  });

  it('edits name, email and phone; disabled accounts are listed and restored', async () => {
    const u = await createUser(t.db, { roleId: ROLE.installer });
    const edit = await t.app.inject({
      method: 'POST',
      url: '/prod-api/user/manager/update/encrypted',
      headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        userCode: u.userCode,
        name: 'Renamed Fitter',
        phone: '13700137000',
      }).toString(),
    });
    expect(edit.statusCode).toBe(200);
    const row = (await get(`/user/manager/info/bycode?userCode=${u.userCode}`, admin)).json().data;
    expect(row).toMatchObject({ name: 'Renamed Fitter', phone: '13700137000' });

    const dist = await createUser(t.db, { roleId: ROLE.distributor });
    const bind = (dealercode: string) =>
      t.app.inject({
        method: 'POST',
        url: '/prod-api/user/manager/update/encrypted',
        headers: { ...admin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ userCode: u.userCode, dealercode }).toString(),
      });
    expect((await bind('NO-SUCH-CODE')).statusCode).toBe(400);
    expect((await bind(dist.dealercode!)).statusCode).toBe(200);
    expect(
      (await get(`/user/manager/info/bycode?userCode=${u.userCode}`, admin)).json().data.dealercode,
    ).toBe(dist.dealercode);

    await get(`/user/manager/update/unable?userCode=${u.userCode}`, admin);
    const back = await get(`/user/manager/next/list?enabled=false&userCode=${u.userCode}`, admin);
    expect(back.json().rows.map((r: { userCode: string }) => r.userCode)).toEqual([u.userCode]);
    await get(`/user/manager/update/enable?userCode=${u.userCode}`, admin);
    expect(
      (await get(`/user/manager/next/list?enabled=false&userCode=${u.userCode}`, admin)).json().total,
    ).toBe(0);
  });

  it('a deleted account cannot sign in, leaves the lists and is restored from accountback', async () => {
    const u = await createUser(t.db, { roleId: ROLE.endUser });
    const session = await loginAs(t.app, u);
    expect((await post('/user/manager/delete', admin, { userCode: u.userCode })).statusCode).toBe(200);
    expect((await get('/user/manager/info', session.headers)).json().code).toBe(50012);
    expect((await login(t.app, u.userCode, u.password)).statusCode).toBe(403);
    expect((await get(`/user/manager/next/list?userCode=${u.userCode}`, admin)).json().total).toBe(0);
    const back = await get(
      `/user/manager/next/list?enabled=false&withDeleted=true&userCode=${u.userCode}`,
      admin,
    );
    expect(back.json().rows[0]).toMatchObject({ userCode: u.userCode, enabled: false, deleted: true });
    await get(`/user/manager/update/enable?userCode=${u.userCode}`, admin);
    expect((await get(`/user/manager/next/list?userCode=${u.userCode}`, admin)).json().rows[0]).toMatchObject(
      {
        enabled: true,
        deleted: false,
      },
    );
    expect((await login(t.app, u.userCode, u.password)).statusCode).toBe(200);
  });

  it("shows a user's effective permissions to an administrator only", async () => {
    const u = await createUser(t.db, { roleId: ROLE.installer });
    const res = await get(`/user/manager/permissions?userCode=${u.userCode}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ userCode: u.userCode, roleId: ROLE.installer });
    expect(res.json().data.menuList).toContain('deviceuser');
    const staffS = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.staff }))).headers;
    expect((await get(`/user/manager/permissions?userCode=${u.userCode}`, staffS)).statusCode).toBe(403);
  });
});
