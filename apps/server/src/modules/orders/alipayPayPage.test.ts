import { createSign, createVerify, generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROLE } from '@solarops/contracts';
import { rowsOf } from '../../db/rowsOf.ts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { createUser, loginAs, validIccid } from '../../../test/factories.ts';
import { createFixturePlant } from '../devices/deviceFixtures.ts';

type Headers = Record<string, string>;

const keys = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
// Alipay's key pair (it signs its answers) and the application's (it signs the pay page's address), generated here.
const alipay = keys();
const application = keys();
const APP_ID = '2021004100000002';

/** What the local stand-in for Alipay's gateway answers `alipay.trade.query` with, and with which key it signs. */
let gatewayTrade: { tradeNo: string; totalAmount: string } | null = null;
let gatewayKey = alipay.privateKey;

/** An answer as Alipay's gateway writes it: the response object, and its RSA2 signature beside it. */
function gatewayAnswer(response: object): string {
  const json = JSON.stringify(response);
  const sign = createSign('RSA-SHA256').update(json, 'utf8').sign(gatewayKey, 'base64');
  return `{"alipay_trade_query_response":${json},"sign":"${sign}"}`;
}

describe('an order paid on Alipay’s pay page', () => {
  let t: TestApp;
  let gateway: http.Server;
  let gatewayUrl: string;
  let installer: Headers;
  let cards: number[];
  let keySeq = 0;
  const get = (url: string, headers: Headers) =>
    t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers });
  const post = (url: string, headers: Headers, payload: object = {}) =>
    t.app.inject({ method: 'POST', url: `/prod-api${url}`, headers, payload });
  const makeOrder = async (cardIds: number[]) =>
    (
      await post(
        '/renew/order',
        { ...installer, 'idempotency-key': `alipay-${++keySeq}` },
        { cardIds, years: 1, invoice: { type: 'none' } },
      )
    ).json().data as { orderNo: string; amountMinor: number; provider: string };
  const expiries = async (ids: number[]) =>
    (
      await rowsOf<{ expires_on: string }>(
        t.db,
        sql`select expires_on::text from sim_cards where id = any(${sql.param(ids)}::int[]) order by id`,
      )
    ).map((r) => r.expires_on);

  beforeAll(async () => {
    gateway = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        const answer = gatewayTrade
          ? {
              code: '10000',
              msg: 'Success',
              trade_no: gatewayTrade.tradeNo,
              trade_status: 'TRADE_SUCCESS',
              total_amount: gatewayTrade.totalAmount,
              send_pay_date: '2026-11-25 10:00:00',
            }
          : { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: 'no trade' };
        res.setHeader('content-type', 'application/json;charset=utf-8');
        res.end(gatewayAnswer(answer));
      });
    });
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/gateway.do`;
    t = await createTestApp({
      publicUrl: 'https://console.example.com',
      payment: {
        provider: 'alipay',
        appId: APP_ID,
        privateKeyPem: application.privateKey,
        alipayPublicKeyPem: alipay.publicKey,
        gateway: gatewayUrl,
      },
    });
    const user = await createUser(t.db, { roleId: ROLE.installer });
    installer = (await loginAs(t.app, user)).headers;
    const admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    const plant = await createFixturePlant(t.db, { ownerId: user.id, installerId: user.id, collectors: 2 });
    for (const [i, c] of plant.collectors.entries())
      await post('/card/add', admin, {
        iccid: validIccid(300 + i),
        msisdn: '1440000000300',
        operator: 'chinaMobile',
        collectorSerial: c.serial,
      });
    cards = (await rowsOf<{ id: number }>(t.db, sql`select id from sim_cards order by id`)).map((r) => r.id);
    await t.db.execute(
      sql`update sim_cards set status = 'normal', expires_on = '2031-06-30' where id = any(${sql.param(cards)}::int[])`,
    );
    // Sign-ins (scrypt) and a plant: generous for a loaded 2-core machine.
  }, 240_000);
  afterAll(async () => {
    await t?.close();
    gateway?.close();
  });

  it('sends the payer to the page-pay address, signed with the application’s key, returning to the renew page', async () => {
    const order = await makeOrder([cards[0]!]);
    expect(order.provider).toBe('alipay');
    const answer = await get(`/renew/order/${order.orderNo}/pay-page?langType=en`, installer);
    expect(answer.statusCode).toBe(200);
    const url = new URL(answer.json().data.url as string);
    expect(`${url.origin}${url.pathname}`).toBe(gatewayUrl);
    const p = Object.fromEntries(url.searchParams);
    expect(p).toMatchObject({
      method: 'alipay.trade.page.pay',
      app_id: APP_ID,
      sign_type: 'RSA2',
      return_url: `https://console.example.com/operation/renew?orderNo=${order.orderNo}`,
      notify_url: 'https://console.example.com/prod-api/pay/notify/alipay',
    });
    expect(JSON.parse(p.biz_content!)).toEqual({
      out_trade_no: order.orderNo,
      total_amount: (order.amountMinor / 100).toFixed(2),
      subject: `Internet card renewal ${order.orderNo}`,
      product_code: 'FAST_INSTANT_TRADE_PAY',
    });
    // Alipay checks a request's RSA2 signature over every other parameter, sorted, with the application's key.
    const { sign, ...signed } = p;
    const content = Object.keys(signed)
      .sort()
      .map((k) => `${k}=${signed[k]}`)
      .join('&');
    expect(
      createVerify('RSA-SHA256').update(content, 'utf8').verify(application.publicKey, sign!, 'base64'),
    ).toBe(true);
    expect(
      createVerify('RSA-SHA256')
        .update(
          content.replace(
            p.biz_content!,
            p.biz_content!.replace(/"total_amount":"[^"]*"/, '"total_amount":"0.01"'),
          ),
          'utf8',
        )
        .verify(application.publicKey, sign!, 'base64'),
    ).toBe(false);
    // The mock's cashier is not offered for an Alipay order.
    expect((await post(`/pay/mock/${order.orderNo}`, installer)).statusCode).toBe(400);
  });

  it('confirms the order on return only from what Alipay answers, once, and never from the return address', async () => {
    const order = await makeOrder([cards[1]!]);
    const amount = (order.amountMinor / 100).toFixed(2);
    const before = await expiries([cards[1]!]);
    const status = async () => (await get(`/renew/order/${order.orderNo}`, installer)).json().data.status;
    // Back from the pay page with what a return address carries, forged: Alipay knows no trade, nothing changes.
    gatewayTrade = null;
    const forged = {
      out_trade_no: order.orderNo,
      trade_no: '2026112522001400000000000001',
      total_amount: amount,
    };
    const back = await post(`/renew/order/${order.orderNo}/confirm`, installer, {
      ...forged,
      sign: 'forged',
    });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.status).toBe('renewing');
    // A trade for another amount, or an answer signed with a key that is not Alipay's: still not paid.
    gatewayTrade = { tradeNo: forged.trade_no, totalAmount: '0.01' };
    expect((await post(`/renew/order/${order.orderNo}/confirm`, installer)).json().data.status).toBe(
      'renewing',
    );
    gatewayTrade = { tradeNo: forged.trade_no, totalAmount: amount };
    gatewayKey = application.privateKey;
    expect((await post(`/renew/order/${order.orderNo}/confirm`, installer)).json().data.status).toBe(
      'renewing',
    );
    expect(await expiries([cards[1]!])).toEqual(before);
    // Alipay took the payment: the order is paid and the card's expiry moves by one year, once however often asked.
    gatewayKey = alipay.privateKey;
    const paid = await post(`/renew/order/${order.orderNo}/confirm`, installer);
    expect(paid.json().data).toMatchObject({ status: 'succeeded', payOrderNo: forged.trade_no });
    expect((await post(`/renew/order/${order.orderNo}/confirm`, installer)).json().data.status).toBe(
      'succeeded',
    );
    expect(await status()).toBe('succeeded');
    expect(await expiries([cards[1]!])).toEqual(['2032-06-30']);
    // A paid order has no pay page any more.
    expect((await get(`/renew/order/${order.orderNo}/pay-page`, installer)).statusCode).toBe(409);
  });
});
