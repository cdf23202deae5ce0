import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, DEFAULT_ROLE_MENUS, ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { clientAuth, createUser, login, loginAs, type TestUser } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';
import { operationLog } from '../audit/tables.ts';
import { users } from './tables.ts';
import { bareFilePath } from '../../http/fileLinks.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('accounts', () => {
  let t: TestApp;
  const form = (o: Record<string, string>) => ({
    'content-type': 'application/x-www-form-urlencoded',
    payload: new URLSearchParams(o).toString(),
  });
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const postForm = (url: string, headers: Record<string, string>, o: Record<string, string>) => {
    const f = form(o);
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...headers, 'content-type': f['content-type'] },
      payload: f.payload,
    });
  };

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  describe('own account', () => {
    it('returns the signed-in user with roles forced to admin and the role menu list', async () => {
      const u = await createUser(t.db, {
        roleId: ROLE.distributor,
        name: 'Sun Trading',
        email: 'sun@example.com',
      });
      const s = await loginAs(t.app, u);
      const res = await get('/prod-api/user/manager/info', s.headers);
      expect(res.json()).toEqual({
        code: 200,
        msg: 'success',
        data: {
          userId: u.id,
          userCode: u.userCode,
          name: 'Sun Trading',
          avatar: null,
          introduction: '',
          email: 'sun@example.com',
          phone: '13800138000',
          roleId: ROLE.distributor,
          roleName: 'distributor',
          dealercode: u.dealercode,
          firstLogin: false,
          roles: ['admin'],
          menuList: [...DEFAULT_ROLE_MENUS[ROLE.distributor]!],
        },
      });
    });

    it('changes the password at first login: other sessions get 50012, this one goes on', async () => {
      const u = await createUser(t.db, { firstLogin: true });
      const other = await loginAs(t.app, u);
      const s = await loginAs(t.app, u);
      const change = (body: object) =>
        t.app.inject({
          method: 'POST',
          url: '/prod-api/user/manager/update/first',
          headers: s.headers,
          payload: body,
        });

      const wrongOld = await change({ oldPassword: 'Not-the-one-1', newPassword: 'Brand-new-pass-2' });
      expect(wrongOld.statusCode).toBe(400);
      expect(wrongOld.json().errors).toEqual([{ field: 'oldPassword', message: '原密码错误' }]);
      const short = await change({ oldPassword: u.password, newPassword: 'Ab1!' });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors[0]).toEqual({ field: 'newPassword', message: '密码长度为 8 到 128 个字符' });
      const long = await change({ oldPassword: u.password, newPassword: 'x'.repeat(129) });
      expect(long.statusCode).toBe(400);
      const same = await change({ oldPassword: u.password, newPassword: u.password });
      expect(same.statusCode).toBe(400);

      const done = await change({ oldPassword: u.password, newPassword: '  spaces kept 9! ' });
      expect(done.json()).toMatchObject({ code: 200 });
      expect((await get('/prod-api/user/manager/info', s.headers)).json().data.firstLogin).toBe(false);
      const revoked = await get('/prod-api/user/manager/info', other.headers);
      expect(revoked.statusCode).toBe(401);
      expect(revoked.json().code).toBe(CODE.sessionRevoked);
      expect((await login(t.app, u.userCode, u.password)).statusCode).toBe(400);
      // Accepted exactly as typed, spaces included.
      expect((await login(t.app, u.userCode, '  spaces kept 9! ')).statusCode).toBe(200);
      expect((await login(t.app, u.userCode, 'spaces kept 9!')).statusCode).toBe(400);
    });

    it('updates the profile from a form and validates each field', async () => {
      const u = await createUser(t.db);
      const s = await loginAs(t.app, u);
      const url = '/prod-api/user/manager/update';
      for (const [field, value] of [
        ['name', 'x'],
        ['name', 'x'.repeat(31)],
        ['email', 'not-an-email'],
        ['phone', '12345'],
        ['introduction', 'x'.repeat(501)],
      ]) {
        const bad = await postForm(url, s.headers, { [field!]: value! });
        expect(bad.statusCode, `${field}=${value}`).toBe(400);
        expect(bad.json().errors[0].field).toBe(field);
      }
      const taken = await createUser(t.db);
      expect((await postForm(url, s.headers, { email: taken.email })).statusCode).toBe(409);
      const res = await postForm(url, s.headers, {
        name: ' New Name ',
        email: 'New.Address@Example.com',
        phone: '+8613912345678',
        introduction: 'Installs rooftop systems',
      });
      expect(res.json().data).toMatchObject({
        name: 'New Name',
        email: 'new.address@example.com',
        phone: '+8613912345678',
        introduction: 'Installs rooftop systems',
      });
    });

    it('stores an avatar image and serves it; refuses other types and files over 1 MB', async () => {
      const u = await createUser(t.db);
      const s = await loginAs(t.app, u);
      const upload = (filename: string, contentType: string, data: Buffer) => {
        const body = multipart({ file: { filename, contentType, data } });
        return t.app.inject({
          method: 'POST',
          url: '/prod-api/user/manager/avatar',
          headers: { ...s.headers, ...body.headers },
          payload: body.payload,
        });
      };
      const res = await upload('me.png', 'image/png', PNG);
      expect(res.statusCode).toBe(200);
      const { avatar } = res.json().data as { avatar: string };
      expect(avatar).toMatch(/^\/prod-api\/files\/avatars\/.+\.png\?expires=\d+&sig=[\w-]+$/);
      const served = await t.app.inject({ method: 'GET', url: avatar });
      expect(served.statusCode).toBe(200);
      expect(served.rawPayload.equals(PNG)).toBe(true);
      const info = (await get('/prod-api/user/manager/info', s.headers)).json().data;
      expect(bareFilePath(info.avatar)).toBe(bareFilePath(avatar));

      // A script renamed .png is refused: the type is read from the bytes.
      const fake = await upload('evil.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
      expect(fake.statusCode).toBe(400);
      const big = await upload('big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]));
      expect(big.statusCode).toBe(413);
    });

    it('lists the roles each role may give', async () => {
      const roleIds = async (roleId: number) => {
        const s = await loginAs(t.app, await createUser(t.db, { roleId }));
        const res = await t.app.inject({
          method: 'POST',
          url: '/prod-api/role/manager/child/list',
          headers: s.headers,
        });
        return (res.json().data as { roleId: number }[]).map((r) => r.roleId);
      };
      expect(await roleIds(ROLE.admin)).toEqual(expect.arrayContaining([2, 3, 4, 5, 6]));
      expect(await roleIds(ROLE.admin)).not.toContain(ROLE.admin);
      expect(await roleIds(ROLE.distributor)).toEqual([ROLE.installer, ROLE.endUser]);
      expect(await roleIds(ROLE.installer)).toEqual([ROLE.endUser]);
      expect(await roleIds(ROLE.endUser)).toEqual([]);
    });
  });

  describe('scope matrix (ARCHITECTURE §4)', () => {
    // D1 ← I1 (bound by dealer code) ← E1, E2; D1 ← I2 (created by D1) ← E3; D2 ← I3 ← E4
    let admin: TestUser, d1: TestUser, d2: TestUser, i1: TestUser, i2: TestUser, i3: TestUser;
    let e1: TestUser, e2: TestUser, e3: TestUser, e4: TestUser;
    beforeAll(async () => {
      admin = await createUser(t.db, { roleId: ROLE.admin });
      d1 = await createUser(t.db, { roleId: ROLE.distributor });
      d2 = await createUser(t.db, { roleId: ROLE.distributor });
      i1 = await createUser(t.db, { roleId: ROLE.installer, dealercode: d1.dealercode });
      i2 = await createUser(t.db, { roleId: ROLE.installer, parent: d1 });
      i3 = await createUser(t.db, { roleId: ROLE.installer, dealercode: d2.dealercode });
      e1 = await createUser(t.db, { parent: i1 });
      e2 = await createUser(t.db, { parent: i1 });
      e3 = await createUser(t.db, { parent: i2 });
      e4 = await createUser(t.db, { parent: i3 });
    });

    const listed = async (u: TestUser, query = '') => {
      const s = await loginAs(t.app, u);
      const res = await get(`/prod-api/user/manager/next/list?pageSize=200${query}`, s.headers);
      expect(res.statusCode).toBe(200);
      return (res.json().rows as { userCode: string }[]).map((r) => r.userCode).sort();
    };
    const codes = (...us: TestUser[]) => us.map((u) => u.userCode).sort();

    it('next/list gives each role only its own users', async () => {
      expect(await listed(d1)).toEqual(codes(i1, i2, e1, e2, e3));
      expect(await listed(d2)).toEqual(codes(i3, e4));
      expect(await listed(i1)).toEqual(codes(e1, e2));
      expect(await listed(i3)).toEqual(codes(e4));
      expect(await listed(e1)).toEqual([]);
      const all = await listed(admin);
      expect(all).toEqual(expect.arrayContaining(codes(d1, d2, i1, i2, i3, e1, e2, e3, e4)));
      expect(all).not.toContain(admin.userCode);
    });

    it('info/bycode answers 404 for another tenant’s user', async () => {
      const status = async (u: TestUser, target: TestUser) => {
        const s = await loginAs(t.app, u);
        return (await get(`/prod-api/user/manager/info/bycode?userCode=${target.userCode}`, s.headers))
          .statusCode;
      };
      expect(await status(d1, e3)).toBe(200);
      expect(await status(d1, e4)).toBe(404);
      expect(await status(d1, d2)).toBe(404);
      expect(await status(i1, e1)).toBe(200);
      expect(await status(i1, e3)).toBe(404);
      expect(await status(i3, e1)).toBe(404);
      expect(await status(e1, e2)).toBe(404);
      expect(await status(e1, e1)).toBe(200);
      expect(await status(admin, e4)).toBe(200);
      const s = await loginAs(t.app, d1);
      const row = (await get(`/prod-api/user/manager/info/bycode?userCode=${e3.userCode}`, s.headers)).json()
        .data;
      expect(row).toMatchObject({
        userId: e3.id,
        userCode: e3.userCode,
        roleId: ROLE.endUser,
        roleName: 'endUser',
        parentUserCode: i2.userCode,
        enabled: true,
        status: 'active',
      });
      expect(Date.parse(row.createdAt)).not.toBeNaN();
    });

    it('next/list pages and filters', async () => {
      const s = await loginAs(t.app, d1);
      const page1 = (await get('/prod-api/user/manager/next/list?pageStart=1&pageSize=2', s.headers)).json();
      const page2 = (await get('/prod-api/user/manager/next/list?pageNumber=2&pageSize=2', s.headers)).json();
      expect(page1.total).toBe(5);
      expect(page1.rows).toHaveLength(2);
      expect(page2.rows).toHaveLength(2);
      expect(page1.rows[0].userCode).not.toBe(page2.rows[0].userCode);
      expect(await listed(d1, `&roleId=${ROLE.installer}`)).toEqual(codes(i1, i2));
      expect(await listed(d1, `&userCode=${e3.userCode.toUpperCase()}`)).toEqual(codes(e3));
      expect(await listed(d1, `&email=${e1.email}`)).toEqual(codes(e1));
      const bad = await get('/prod-api/user/manager/next/list?pageSize=201', s.headers);
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].field).toBe('pageSize');
      expect((await get('/prod-api/user/manager/next/list?enabled=maybe', s.headers)).statusCode).toBe(400);
    });
  });

  describe('enable, disable, bind', () => {
    it('disabling a user ends its sessions: its next call gets 50012, then sign-in is refused', async () => {
      const inst = await createUser(t.db, { roleId: ROLE.installer });
      const end = await createUser(t.db, { parent: inst });
      const endSession = await loginAs(t.app, end);
      const s = await loginAs(t.app, inst);
      const off = await get(`/prod-api/user/manager/update/unable?userCode=${end.userCode}`, s.headers);
      expect(off.json()).toMatchObject({ code: 200 });
      const next = await get('/prod-api/user/manager/info', endSession.headers);
      expect(next.statusCode).toBe(401);
      expect(next.json()).toMatchObject({ code: 50012 });
      const refresh = await t.app.inject({
        method: 'POST',
        url: '/prod-api/oauth/token',
        headers: { authorization: clientAuth(t.config), 'content-type': 'application/x-www-form-urlencoded' },
        payload: `grant_type=refresh_token&refresh_token=${endSession.refreshToken}`,
      });
      expect(refresh.json()).toMatchObject({ code: 50012 });
      expect((await login(t.app, end.userCode, end.password)).statusCode).toBe(403);
      expect(
        (await get(`/prod-api/user/manager/next/list?enabled=false`, s.headers))
          .json()
          .rows.map((r: { userCode: string }) => r.userCode),
      ).toEqual([end.userCode]);

      await get(`/prod-api/user/manager/update/enable?userCode=${end.userCode}`, s.headers);
      expect((await login(t.app, end.userCode, end.password)).statusCode).toBe(200);
      const log = await t.db
        .select({ action: operationLog.action, target: operationLog.target })
        .from(operationLog)
        .where(eq(operationLog.userId, inst.id));
      expect(log).toEqual(
        expect.arrayContaining([
          { action: 'disable user', target: end.userCode },
          { action: 'enable user', target: end.userCode },
        ]),
      );
    });

    it('refuses enable/disable without the screen permission, out of scope, or on oneself', async () => {
      const inst = await createUser(t.db, { roleId: ROLE.installer });
      const end = await createUser(t.db, { parent: inst });
      const stranger = await createUser(t.db);
      const endS = await loginAs(t.app, end);
      expect(
        (await get(`/prod-api/user/manager/update/unable?userCode=${end.userCode}`, endS.headers)).statusCode,
      ).toBe(403);
      const s = await loginAs(t.app, inst);
      expect(
        (await get(`/prod-api/user/manager/update/unable?userCode=${stranger.userCode}`, s.headers))
          .statusCode,
      ).toBe(404);
      expect(
        (await get(`/prod-api/user/manager/update/unable?userCode=${inst.userCode}`, s.headers)).statusCode,
      ).toBe(403);
      expect((await get('/prod-api/user/manager/update/unable', s.headers)).statusCode).toBe(400);
    });

    it('binds an installer to a distributor code, which then sees it', async () => {
      const d = await createUser(t.db, { roleId: ROLE.distributor });
      const inst = await createUser(t.db, { roleId: ROLE.installer });
      const s = await loginAs(t.app, inst);
      const unknown = await get('/prod-api/user/manager/bind/dealercode?dealercode=NOPE', s.headers);
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors[0].field).toBe('dealercode');
      const ok = await get(`/prod-api/user/manager/bind/dealercode?dealercode=${d.dealercode}`, s.headers);
      expect(ok.json()).toMatchObject({ code: 200 });
      const ds = await loginAs(t.app, d);
      const rows = (await get('/prod-api/user/manager/next/list', ds.headers)).json().rows;
      expect(rows.map((r: { userCode: string }) => r.userCode)).toEqual([inst.userCode]);
      const endS = await loginAs(t.app, await createUser(t.db));
      expect(
        (await get(`/prod-api/user/manager/bind/dealercode?dealercode=${d.dealercode}`, endS.headers))
          .statusCode,
      ).toBe(403);
    });

    it('updates another user’s account data; a new password ends its sessions', async () => {
      const inst = await createUser(t.db, { roleId: ROLE.installer });
      const end = await createUser(t.db, { parent: inst });
      const endS = await loginAs(t.app, end);
      const s = await loginAs(t.app, inst);
      const url = '/prod-api/user/manager/update/encrypted';
      expect((await postForm(url, s.headers, { userCode: end.userCode, email: 'bad' })).statusCode).toBe(400);
      expect((await postForm(url, s.headers, { userCode: end.userCode, phone: '123' })).statusCode).toBe(400);
      expect((await postForm(url, s.headers, { userCode: end.userCode, password: 'short' })).statusCode).toBe(
        400,
      );
      expect((await postForm(url, s.headers, { email: 'x@example.com' })).statusCode).toBe(400);
      const stranger = await createUser(t.db);
      expect(
        (await postForm(url, s.headers, { userCode: stranger.userCode, phone: '13900000000' })).statusCode,
      ).toBe(404);
      const res = await postForm(url, s.headers, {
        userCode: end.userCode,
        email: 'changed@example.com',
        phone: '13900000000',
        password: 'Changed-pass-77',
      });
      expect(res.json()).toMatchObject({ code: 200 });
      expect((await get('/prod-api/user/manager/info', endS.headers)).json().code).toBe(50012);
      const fresh = await loginAs(t.app, { userCode: end.userCode, password: 'Changed-pass-77' });
      expect((await get('/prod-api/user/manager/info', fresh.headers)).json().data).toMatchObject({
        email: 'changed@example.com',
        phone: '13900000000',
      });
    });

    it('binds a role the caller may give to a user in its scope', async () => {
      const d = await createUser(t.db, { roleId: ROLE.distributor });
      const end = await createUser(t.db, { parent: d });
      const stranger = await createUser(t.db);
      const s = await loginAs(t.app, d);
      const bind = (userId: number, roleId: number) =>
        postForm('/prod-api/user/manager/bind/role', s.headers, {
          userId: String(userId),
          roleId: String(roleId),
        });
      const tooHigh = await bind(end.id, ROLE.admin);
      expect(tooHigh.statusCode).toBe(400);
      expect(tooHigh.json().errors[0].field).toBe('roleId');
      expect((await bind(stranger.id, ROLE.installer)).statusCode).toBe(404);
      expect((await bind(end.id, Number.NaN)).statusCode).toBe(400);
      expect((await bind(end.id, ROLE.installer)).json()).toMatchObject({ code: 200 });
      const [row] = await t.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, end.id));
      expect(row?.roleId).toBe(ROLE.installer);
      expect((await login(t.app, end.userCode, end.password)).json().data.menuList).toEqual([
        ...DEFAULT_ROLE_MENUS[ROLE.installer]!,
      ]);
    });
  });

  describe('roles and permissions', () => {
    it('creates a staff role whose menu list the server enforces', async () => {
      const admin = await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }));
      const add = (body: object) =>
        t.app.inject({
          method: 'POST',
          url: '/prod-api/role/manager/add',
          headers: admin.headers,
          payload: body,
        });
      const unknown = await add({ name: 'Auditors', menuList: ['dashboard', 'nonsense'] });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().errors[0]).toEqual({ field: 'menuList.1', message: '未知的菜单路由名' });
      const created = await add({
        name: 'Auditors',
        description: 'Read the logs',
        menuList: ['dashboard', 'logList'],
      });
      const role = created.json().data as { roleId: number };
      expect(role.roleId).toBeGreaterThan(6);
      expect((await add({ name: 'Auditors', menuList: [] })).statusCode).toBe(409);

      const auditor = await loginAs(t.app, await createUser(t.db, { roleId: role.roleId }));
      expect((await get('/prod-api/system/log/list', auditor.headers)).statusCode).toBe(200);
      expect((await get('/prod-api/user/manager/enterprise/list', auditor.headers)).statusCode).toBe(403);

      const update = await t.app.inject({
        method: 'POST',
        url: '/prod-api/role/manager/update',
        headers: admin.headers,
        payload: { roleId: role.roleId, menuList: ['dashboard', 'enterprise'] },
      });
      expect(update.json()).toMatchObject({ code: 200 });
      // Permissions are read on every call: the change applies at once.
      expect((await get('/prod-api/system/log/list', auditor.headers)).statusCode).toBe(403);
      expect((await get('/prod-api/user/manager/enterprise/list', auditor.headers)).statusCode).toBe(200);

      const list = (await get('/prod-api/role/manager/list', admin.headers)).json().data as {
        roleId: number;
      }[];
      expect(list.map((r) => r.roleId)).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6, role.roleId]));
      // Built-in roles are described in the console's language (the language cookie, zh by default).
      const describe = async (lang: string) =>
        (
          (await get('/prod-api/role/manager/list', { ...admin.headers, cookie: `language=${lang}` })).json()
            .data as { roleId: number; description: string }[]
        ).find((r) => r.roleId === 3)!.description;
      expect(await describe('zh')).toBe('安装商：自己的电站和终端用户');
      expect(await describe('en')).toBe('Installer: its own plants and end users');
      const endS = await loginAs(t.app, await createUser(t.db));
      expect((await get('/prod-api/role/manager/list', endS.headers)).statusCode).toBe(403);
    });
  });

  describe('operation and error logs', () => {
    it('records writes with who, what, target, IP and result', async () => {
      const u = await createUser(t.db);
      const s = await loginAs(t.app, u);
      await postForm('/prod-api/user/manager/update', s.headers, { name: 'Logged Name' });
      await postForm('/prod-api/user/manager/update', s.headers, { name: 'x' });
      const rows = await t.db
        .select({ action: operationLog.action, result: operationLog.result, status: operationLog.status })
        .from(operationLog)
        .where(eq(operationLog.userId, u.id))
        .orderBy(operationLog.id);
      expect(rows.slice(1)).toEqual([
        { action: 'POST /prod-api/user/manager/update', result: 'success', status: 200 },
        { action: 'POST /prod-api/user/manager/update', result: 'failure', status: 400 },
      ]);
      const admin = await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }));
      const page = (await get(`/prod-api/system/log/list?userCode=${u.userCode}`, admin.headers)).json();
      expect(page.total).toBe(3);
      expect(page.rows[0]).toMatchObject({ userCode: u.userCode, result: 'failure', ip: '127.0.0.1' });
    });

    it('keeps console error reports for administrators', async () => {
      const u = await createUser(t.db);
      const s = await loginAs(t.app, u);
      const post = await t.app.inject({
        method: 'POST',
        url: '/prod-api/system/errorlog',
        headers: s.headers,
        payload: { message: 'TypeError: x is undefined', url: '/dashboard', info: { component: 'Chart' } },
      });
      expect(post.json()).toMatchObject({ code: 200 });
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: '/prod-api/system/errorlog',
            headers: s.headers,
            payload: {},
          })
        ).statusCode,
      ).toBe(400);
      expect((await get('/prod-api/system/errorlog', s.headers)).statusCode).toBe(403);
      const admin = await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }));
      const rows = (await get('/prod-api/system/errorlog', admin.headers)).json().rows;
      expect(rows[0]).toMatchObject({
        userCode: u.userCode,
        message: 'TypeError: x is undefined',
        url: '/dashboard',
        info: { component: 'Chart' },
      });
    });
  });
});
