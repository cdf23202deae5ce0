import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { luhnDigit, ROLE } from '@solarops/contracts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs } from '../../../test/factories.ts';

type Headers = Record<string, string>;

describe('serial number rules', () => {
  let t: TestApp;
  let admin: Headers;
  const post = (url: string, headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: `/prod-api${url}`, headers, payload });
  const get = (url: string, headers: Headers) =>
    t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers });
  const rule = {
    model: 'SC-4G',
    kind: 'collector',
    prefix: '45',
    length: 10,
    charset: 'digits',
    checkDigit: 'luhn',
    description: '4G collector',
  };

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
  });
  afterAll(() => t.close());

  it('adds, lists, changes and deletes a rule; one rule per model', async () => {
    expect((await post('/serial/rule/add', admin, rule)).statusCode).toBe(200);
    expect((await post('/serial/rule/add', admin, { ...rule, model: 'sc-4g' })).statusCode).toBe(409);
    const list = await get('/serial/rule/list?model=4g', admin);
    expect(list.json().total).toBe(1);
    const row = list.json().rows[0];
    expect(row).toMatchObject({ model: 'SC-4G', prefix: '45', length: 10, checkDigit: 'luhn' });
    expect(
      (await post('/serial/rule/update', admin, { ...rule, id: row.id, description: 'changed' })).statusCode,
    ).toBe(200);
    expect((await get('/serial/rule/list', admin)).json().rows[0].description).toBe('changed');
    expect((await post('/serial/rule/delete', admin, { id: row.id })).statusCode).toBe(200);
    expect((await get('/serial/rule/list', admin)).json().total).toBe(0);
    expect((await post('/serial/rule/delete', admin, { id: row.id })).statusCode).toBe(404);
  });

  it('refuses an inconsistent rule field by field and stores nothing', async () => {
    const res = await post('/serial/rule/add?langType=en', admin, {
      ...rule,
      model: 'BAD',
      charset: 'hex',
      prefix: 'abc',
      length: 2,
    });
    expect(res.statusCode).toBe(400);
    expect((await get('/serial/rule/list?model=BAD', admin)).json().total).toBe(0);
  });

  it('checks a serial against its model and says why it fails, in the caller language', async () => {
    await post('/serial/rule/add', admin, rule);
    const good = `4512345${'67'}`;
    const sn = good + luhnDigit(good);
    const check = async (model: string, s: string) =>
      (await post('/serial/rule/check?langType=en', admin, { model, sn: s })).json().data;
    expect(await check('SC-4G', sn)).toEqual({ valid: true, reason: null, message: null });
    expect(await check('SC-4G', '4512')).toMatchObject({ valid: false, reason: 'serialLength' });
    const wrong = sn.slice(0, -1) + ((Number(sn.slice(-1)) + 1) % 10);
    expect(await check('SC-4G', wrong)).toEqual({
      valid: false,
      reason: 'serialCheckDigit',
      message: "The serial's check digit is wrong",
    });
    expect(await check('NO-RULE', sn)).toMatchObject({ valid: false, reason: 'serialModelUnknown' });
  });

  it('needs the standardSNnumber screen', async () => {
    const s = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.installer }))).headers;
    expect((await get('/serial/rule/list', s)).statusCode).toBe(403);
    expect((await post('/serial/rule/add', s, { ...rule, model: 'X1' })).statusCode).toBe(403);
  });
});
