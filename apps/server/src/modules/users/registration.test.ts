import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE, ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { clientAuth, createUser, login, loginAs } from '../../../test/factories.ts';
import { emailCodes } from '../auth/tables.ts';
import { mailOutbox } from '../system/tables.ts';
import { enterpriseRegistrations, users } from './tables.ts';

describe('email codes, registration and password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let n = 0;
  const freshEmail = () => `new${++n}-${Date.now()}@example.com`;
  const getCode = (email: string, authorization = clientAuth(t.config), lang = '') =>
    t.app.inject({
      method: 'GET',
      url: `/prod-api/user/manager/get/code?email=${encodeURIComponent(email)}${lang}`,
      headers: { authorization },
    });
  /** Asks for a code and reads it from the mail the SMTP server received. */
  const codeFor = async (email: string) => {
    const res = await getCode(email);
    expect(res.json()).toMatchObject({ code: 200 });
    const mail = t.mail.to(email).at(-1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  };
  const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });

  describe('get/code', () => {
    it('mails a 6-digit code that the SMTP server receives', async () => {
      const email = freshEmail();
      const code = await codeFor(email);
      expect(code).toMatch(/^\d{6}$/);
      const mail = t.mail.to(email)[0]!;
      expect(mail.subject).toContain(code);
      expect(mail.text).toContain('10 分钟内有效');
      expect(mail.text).toContain('valid for 10 minutes');
      // Stored hashed, never as typed.
      const [row] = await t.db.select().from(emailCodes).where(eq(emailCodes.email, email));
      expect(row?.codeHash).not.toContain(code);
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeCloseTo(600_000, -4);
    });

    it('needs the client credential and a legal address', async () => {
      expect((await getCode(freshEmail(), 'Basic eDp5')).statusCode).toBe(401);
      const bad = await getCode('not-an-address', clientAuth(t.config), '&langType=en');
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors).toEqual([{ field: 'email', message: 'Not a valid email address' }]);
    });

    it('sends at most one code a minute and ten a day per address', async () => {
      const email = freshEmail();
      await codeFor(email);
      const again = await getCode(email);
      expect(again.statusCode).toBe(429);
      expect(again.json().msg).toBe('验证码发送过于频繁，请一分钟后再试');
      // Earlier codes of the day, moved back in time rather than waited for.
      await t.db
        .update(emailCodes)
        .set({ createdAt: sql`now() - interval '2 minutes'` })
        .where(eq(emailCodes.email, email));
      for (let i = 0; i < 8; i++) {
        await t.db.insert(emailCodes).values({
          email,
          codeHash: 'x',
          createdAt: sql`now() - interval '3 hours'`,
          expiresAt: sql`now() - interval '2 hours'`,
        });
      }
      expect((await getCode(email)).statusCode).toBe(200);
      await t.db
        .update(emailCodes)
        .set({ createdAt: sql`now() - interval '2 minutes'` })
        .where(eq(emailCodes.email, email));
      const daily = await getCode(email);
      expect(daily.statusCode).toBe(429);
      expect(daily.json().msg).toBe('该邮箱今日验证码次数已达上限');
      // Another address is not affected.
      expect((await getCode(freshEmail())).statusCode).toBe(200);
    });
  });

  describe('personal (terminal) registration', () => {
    const valid = (email: string, code: string) => ({
      userCode: `solar${++n}`,
      name: 'Li Wei',
      email,
      phone: '13912345678',
      password: 'Rooftop-2024!',
      confirmPassword: 'Rooftop-2024!',
      code,
    });
    const url = '/prod-api/user/manager/terminal/register';

    it('refuses a bad value for each rule with the field and a message', async () => {
      const base = valid(freshEmail(), '123456');
      const cases: [string, Record<string, unknown>, string][] = [
        ['userCode', { userCode: 'a' }, '至少 2 个字符'],
        ['userCode', { userCode: 'x'.repeat(31) }, '最多 30 个字符'],
        ['userCode', { userCode: 'has space' }, '用户名只能包含字母、数字、下划线、点和横线'],
        ['name', { name: 'L' }, '至少 2 个字符'],
        ['name', { name: 'L'.repeat(31) }, '最多 30 个字符'],
        ['email', { email: 'li@' }, '邮箱格式不正确'],
        ['phone', { phone: '1391234567' }, '手机号码格式不正确'],
        ['phone', { phone: '23912345678' }, '手机号码格式不正确'],
        ['password', { password: 'Short1!', confirmPassword: 'Short1!' }, '密码长度为 8 到 128 个字符'],
        [
          'password',
          { password: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
          '密码长度为 8 到 128 个字符',
        ],
        ['confirmPassword', { confirmPassword: 'Rooftop-2025!' }, '两次输入的密码不一致'],
        ['code', { code: '12345' }, '验证码为 6 位数字'],
        ['code', { code: 'abcdef' }, '验证码为 6 位数字'],
        ['name', { name: undefined }, '必填'],
      ];
      for (const [field, change, message] of cases) {
        const res = await post(url, { ...base, ...change });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().errors, JSON.stringify(change)).toContainEqual({ field, message });
      }
      expect(await t.db.select().from(users).where(eq(users.email, base.email))).toEqual([]);
    });

    it('registers with the code read from the mail: active at once, the code works once', async () => {
      const email = freshEmail();
      const wrong = await post(url, valid(email, '000000'));
      expect(wrong.statusCode).toBe(400);
      const code = await codeFor(email);
      const body = valid(email, code);
      const res = await post(url, body);
      expect(res.json()).toMatchObject({ code: 200, data: null });
      const signIn = await login(t.app, body.userCode, body.password);
      expect(signIn.json().data).toMatchObject({
        roleId: ROLE.endUser,
        firstLogin: false,
        weakPassword: false,
      });
      // The same code cannot register a second account.
      const again = await post(url, { ...valid(email, code), userCode: `other${n}` });
      expect(again.statusCode).toBe(409);
    });

    it('refuses a taken username or email before spending the code', async () => {
      const existing = await createUser(t.db);
      const email = freshEmail();
      const code = await codeFor(email);
      const takenCode = await post(url, { ...valid(email, code), userCode: existing.userCode.toUpperCase() });
      expect(takenCode.statusCode).toBe(409);
      expect(takenCode.json().msg).toBe('用户名已存在');
      const takenEmail = await post(url, { ...valid(existing.email, code) });
      expect(takenEmail.statusCode).toBe(409);
      // The code is still good.
      expect((await post(url, valid(email, code))).statusCode).toBe(200);
    });

    it('refuses an expired code, and kills a code after 5 wrong guesses', async () => {
      const email = freshEmail();
      const code = await codeFor(email);
      await t.db
        .update(emailCodes)
        .set({ expiresAt: sql`now() - interval '1 second'` })
        .where(eq(emailCodes.email, email));
      expect((await post(url, valid(email, code))).statusCode).toBe(400);

      const email2 = freshEmail();
      const code2 = await codeFor(email2);
      const wrong = code2 === '111111' ? '222222' : '111111';
      for (let i = 0; i < 5; i++) expect((await post(url, valid(email2, wrong))).statusCode).toBe(400);
      const late = await post(url, valid(email2, code2));
      expect(late.statusCode).toBe(400);
      expect(late.json().errors).toEqual([{ field: 'code', message: '验证码错误或已过期' }]);
    });
  });

  describe('forgotten password', () => {
    const url = '/prod-api/user/manager/forget/password';
    const reset = (o: Record<string, string>, authorization = clientAuth(t.config)) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams(o).toString(),
      });

    it('sets a new password with the mailed code and ends the old sessions', async () => {
      const u = await createUser(t.db, { email: freshEmail() });
      const old = await loginAs(t.app, u);
      const code = await codeFor(u.email);
      expect(
        (await reset({ code, email: u.email, password: 'Fresh-start-88' }, 'Basic eDp5')).statusCode,
      ).toBe(401);
      expect((await reset({ code, email: u.email, password: 'short' })).statusCode).toBe(400);
      expect((await reset({ code: '12', email: u.email, password: 'Fresh-start-88' })).statusCode).toBe(400);
      const res = await reset({ code, email: u.email.toUpperCase(), password: 'Fresh-start-88' });
      expect(res.json()).toMatchObject({ code: 200 });
      const me = await t.app.inject({
        method: 'GET',
        url: '/prod-api/user/manager/info',
        headers: old.headers,
      });
      expect(me.json().code).toBe(CODE.sessionRevoked);
      expect((await login(t.app, u.userCode, u.password)).statusCode).toBe(400);
      expect((await login(t.app, u.userCode, 'Fresh-start-88')).statusCode).toBe(200);
    });

    it('refuses an address without an account', async () => {
      const email = freshEmail();
      const code = await codeFor(email);
      const res = await reset({ code, email, password: 'Fresh-start-88' });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('email');
    });
  });

  describe('enterprise registration and audit', () => {
    const url = '/prod-api/user/manager/enterprise/register';
    const valid = (email: string, code: string) => ({
      userCode: `corp${++n}`,
      companyName: 'Sunrise Energy Ltd',
      creditCode: '91350100M000100Y43',
      contactName: 'Zhang Min',
      email,
      phone: '13712345678',
      address: '88 Solar Road, Xiamen',
      code,
    });

    it('refuses a bad value for each rule', async () => {
      const base = valid(freshEmail(), '123456');
      for (const [field, change] of [
        ['creditCode', { creditCode: '91350100M000100Y4' }],
        ['creditCode', { creditCode: '91350100M000100Y4I' }],
        ['companyName', { companyName: 'S' }],
        ['contactName', { contactName: 'Z'.repeat(31) }],
        ['email', { email: 'corp' }],
        ['phone', { phone: 'phone' }],
        ['address', { address: '' }],
        ['code', { code: '1' }],
      ] as const) {
        const res = await post(url, { ...base, ...change });
        expect(res.statusCode, field).toBe(400);
        expect(res.json().errors[0].field, JSON.stringify(change)).toBe(field);
      }
    });

    const admin = async () => loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }));
    const register = async () => {
      const email = freshEmail();
      const body = valid(email, await codeFor(email));
      expect((await post(url, body)).json()).toMatchObject({ code: 200 });
      const [u] = await t.db.select({ id: users.id }).from(users).where(eq(users.userCode, body.userCode));
      return { ...body, userId: u!.id };
    };
    const audit = (headers: Record<string, string>, payload: object) =>
      t.app.inject({ method: 'POST', url: '/prod-api/user/manager/enterprise/audit', headers, payload });

    it('starts pending; approval activates it and mails a random initial password (firstLogin)', async () => {
      const reg = await register();
      const a = await admin();
      const list = await t.app.inject({
        method: 'GET',
        url: '/prod-api/user/manager/enterprise/list?status=pending&pageSize=200',
        headers: a.headers,
      });
      const row = list.json().rows.find((r: { userId: number }) => r.userId === reg.userId);
      expect(row).toMatchObject({
        userCode: reg.userCode,
        companyName: 'Sunrise Energy Ltd',
        creditCode: '91350100M000100Y43',
        contactName: 'Zhang Min',
        status: 'pending',
        auditNotes: null,
        examiner: null,
        auditedAt: null,
      });

      const ok = await audit(a.headers, { userId: reg.userId, approve: true, notes: 'Documents verified' });
      expect(ok.json()).toMatchObject({ code: 200 });
      const mail = t.mail.to(reg.email).at(-1)!;
      const password = /Initial password: (\S+)/.exec(mail.text)?.[1];
      expect(password).toBeDefined();
      const signIn = await login(t.app, reg.userCode, password!);
      expect(signIn.json().data).toMatchObject({
        roleId: ROLE.enterprise,
        firstLogin: true,
        weakPassword: false,
      });
      const [audited] = await t.db
        .select()
        .from(enterpriseRegistrations)
        .where(eq(enterpriseRegistrations.userId, reg.userId));
      expect(audited).toMatchObject({ auditNotes: 'Documents verified' });
      expect(audited?.examiner).toMatch(/^user/);
      expect(audited?.auditedAt).toBeInstanceOf(Date);
      // Audited once only.
      expect((await audit(a.headers, { userId: reg.userId, approve: false })).statusCode).toBe(409);
    });

    it('refusal records notes, examiner and time; the account cannot sign in', async () => {
      const reg = await register();
      const a = await admin();
      const res = await audit(a.headers, {
        userId: reg.userId,
        approve: false,
        notes: 'Credit code does not match',
      });
      expect(res.json()).toMatchObject({ code: 200 });
      const list = await t.app.inject({
        method: 'GET',
        url: '/prod-api/user/manager/enterprise/list?status=refused&pageSize=200',
        headers: a.headers,
      });
      const row = list.json().rows.find((r: { userId: number }) => r.userId === reg.userId);
      expect(row).toMatchObject({ status: 'refused', auditNotes: 'Credit code does not match' });
      expect(row.examiner).toBeTruthy();
      expect(Date.parse(row.auditedAt)).not.toBeNaN();
      expect(t.mail.to(reg.email).at(-1)?.text).toContain('Credit code does not match');
      const [u] = await t.db.select({ status: users.status }).from(users).where(eq(users.id, reg.userId));
      expect(u?.status).toBe('refused');
    });

    it('needs the enterprise permission, and a known registration', async () => {
      const reg = await register();
      const end = await loginAs(t.app, await createUser(t.db));
      expect((await audit(end.headers, { userId: reg.userId, approve: true })).statusCode).toBe(403);
      const a = await admin();
      expect((await audit(a.headers, { userId: 999999, approve: true })).statusCode).toBe(404);
      expect((await audit(a.headers, { userId: reg.userId, approve: 'yes' })).statusCode).toBe(400);
    });
  });
});

describe('mail without SMTP_URL', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ smtpUrl: undefined });
  });
  afterAll(() => t.close());

  it('keeps the mail in the outbox table so a new user can read the code', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/prod-api/user/manager/get/code?email=outbox@example.com',
      headers: { authorization: clientAuth(t.config) },
    });
    expect(res.json()).toMatchObject({ code: 200 });
    expect(t.mail.received).toEqual([]);
    const [mail] = await t.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, 'outbox@example.com'))
      .orderBy(desc(mailOutbox.id));
    expect(mail?.text).toMatch(/\b\d{6}\b/);
  });
});
