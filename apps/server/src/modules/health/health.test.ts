import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';

describe('health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok with the envelope once the database is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/prod-api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 200, msg: 'success', data: { status: 'ok' } });
  });

  it('answers an unknown API path with a 404 envelope in the caller language', async () => {
    const zh = await t.app.inject({ method: 'GET', url: '/prod-api/nothing-here' });
    expect(zh.statusCode).toBe(404);
    expect(zh.json()).toMatchObject({ code: 404, msg: '资源不存在', data: null });
    const en = await t.app.inject({ method: 'GET', url: '/prod-api/nothing-here?langType=en' });
    expect(en.json()).toMatchObject({ code: 404, msg: 'Not found' });
    const cookie = await t.app.inject({
      method: 'GET',
      url: '/prod-api/nothing-here',
      headers: { cookie: 'sidebarStatus=1; language=en' },
    });
    expect(cookie.json()).toMatchObject({ msg: 'Not found' });
  });

  it('publishes the OpenAPI document and the docs UI', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/prod-api/docs/json' });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().paths['/prod-api/health']).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/prod-api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });
});
