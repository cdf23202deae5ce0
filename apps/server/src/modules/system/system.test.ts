import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, login, loginAs } from '../../../test/factories.ts';
import { multipart } from '../../../test/multipart.ts';

type Headers = Record<string, string>;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('system settings and operation log', () => {
  let t: TestApp;
  let admin: Headers;
  let adminCode: string;
  const get = (url: string, headers: Headers = {}) =>
    t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers });
  const post = (url: string, headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: `/prod-api${url}`, headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    const a = await createUser(t.db, { roleId: ROLE.admin });
    adminCode = a.userCode;
    admin = (await loginAs(t.app, a)).headers;
  });
  afterAll(() => t.close());

  it('saves platform name, language, notice, lifetimes and policy; the public part is readable signed out', async () => {
    const current = (await get('/system/settings', admin)).json().data;
    expect(current.platformName).toBe('SolarOps');
    const next = {
      ...current,
      platformName: 'Sunfield Ops',
      defaultLanguage: 'en',
      notice: { enabled: false, textZh: '维护通知', textEn: 'Maintenance notice' },
      accessTokenTtlSeconds: 900,
      passwordPolicy: { ...current.passwordPolicy, minLength: 10 },
    };
    const saved = await post('/system/settings', admin, next);
    expect(saved.statusCode).toBe(200);
    const pub = (await get('/system/config')).json().data;
    expect(pub).toEqual({
      platformName: 'Sunfield Ops',
      logo: null,
      defaultLanguage: 'en',
      notice: { enabled: false, textZh: '维护通知', textEn: 'Maintenance notice' },
    });
    expect(pub).not.toHaveProperty('passwordPolicy');
    expect((await get('/system/settings', admin)).json().data.accessTokenTtlSeconds).toBe(900);
  });

  it('applies the saved token lifetime at sign-in and the password policy to a password change', async () => {
    const current = (await get('/system/settings', admin)).json().data;
    await post('/system/settings', admin, {
      ...current,
      accessTokenTtlSeconds: 600,
      passwordPolicy: { minLength: 10, requireDigit: true, requireLetter: true, requireSymbol: true },
    });
    const u = await createUser(t.db, { roleId: ROLE.endUser });
    const signIn = await login(t.app, u.userCode, u.password);
    expect(signIn.json().data.token.expires_in).toBe(600);
    const headers = { authorization: `bearer ${signIn.json().data.token.access_token}` };
    const weak = await post('/user/manager/update/first?langType=en', headers, {
      oldPassword: u.password,
      newPassword: 'abcdefgh12',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors).toEqual([
      { field: 'newPassword', message: 'The password needs a special character' },
    ]);
    const strong = await post('/user/manager/update/first', headers, {
      oldPassword: u.password,
      newPassword: 'abcdefgh12!',
    });
    expect(strong.statusCode).toBe(200);
    await post('/system/settings', admin, current);
  });

  it('refuses bad settings field by field and keeps the saved ones', async () => {
    const current = (await get('/system/settings', admin)).json().data;
    const res = await post('/system/settings?langType=en', admin, {
      ...current,
      platformName: '',
      accessTokenTtlSeconds: 5,
    });
    expect(res.statusCode).toBe(400);
    expect((res.json().errors as { field: string }[]).map((e) => e.field).sort()).toEqual([
      'accessTokenTtlSeconds',
      'platformName',
    ]);
    expect((await get('/system/settings', admin)).json().data).toEqual(current);
  });

  it('stores an uploaded logo and serves it; a non-image is refused', async () => {
    const form = multipart({ file: { filename: 'logo.png', contentType: 'image/png', data: PNG } });
    const res = await t.app.inject({
      method: 'POST',
      url: '/prod-api/system/logo',
      headers: { ...admin, ...form.headers },
      payload: form.payload,
    });
    expect(res.statusCode).toBe(200);
    const { logo } = res.json().data as { logo: string };
    expect((await get('/system/config')).json().data.logo).toBe(logo);
    const file = await t.app.inject({ method: 'GET', url: logo });
    expect(file.statusCode).toBe(200);
    const bad = multipart({
      file: { filename: 'x.png', contentType: 'image/png', data: Buffer.from('hello') },
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/prod-api/system/logo',
      headers: { ...admin, ...bad.headers },
      payload: bad.payload,
    });
    expect(refused.statusCode).toBe(400);
  });

  it('sends a test mail through the configured SMTP server', async () => {
    const res = await post('/system/mail/test', admin, { to: 'ops@example.com' });
    expect(res.json().data).toEqual({ sent: true, error: null });
    expect(t.mail.to('ops@example.com')[0]?.subject).toContain('test mail');
  });

  it('a role without `system` or `logList` gets 403', async () => {
    const s = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.installer }))).headers;
    expect((await get('/system/settings', s)).statusCode).toBe(403);
    expect((await post('/system/mail/test', s, { to: 'x@example.com' })).statusCode).toBe(403);
    expect((await get('/system/log/list', s)).statusCode).toBe(403);
    expect((await get('/system/log/export', s)).statusCode).toBe(403);
  });

  it('filters the operation log by user, action, result and time, and exports it', async () => {
    const u = await createUser(t.db, { roleId: ROLE.endUser });
    await get(`/user/manager/update/unable?userCode=${u.userCode}`, admin);
    await get(`/user/manager/update/enable?userCode=${u.userCode}`, admin);
    const from = new Date(Date.now() - 60_000).toISOString();
    const list = await get(
      `/system/log/list?userCode=${adminCode}&action=disable&result=success&startDate=${from}&pageSize=50`,
      admin,
    );
    expect(list.statusCode).toBe(200);
    expect(list.json().rows).toHaveLength(1);
    expect(list.json().rows[0]).toMatchObject({
      action: 'disable user',
      target: u.userCode,
      result: 'success',
    });
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await get(`/system/log/list?startDate=${future}`, admin)).json().total).toBe(0);

    const file = await get(`/system/log/export?action=able user&langType=en`, admin);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).getCell(3).value).toBe('Action');
    const actions = sheet.getColumn(3).values.slice(2);
    expect(actions.sort()).toEqual(['disable user', 'enable user']);
  });
});
