import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ROLE } from '@solarops/contracts';
import { rowsOf } from '../../db/rowsOf.ts';
import { createTestApp, type TestApp } from '../../../test/createTestApp.ts';
import { pdfText } from '../../../test/pdfText.ts';
import { createUser, loginAs, validIccid } from '../../../test/factories.ts';
import { createFixturePlant } from '../devices/deviceFixtures.ts';
import type { MockPaymentProvider } from './payments/MockPaymentProvider.ts';
import { signRsa2 } from './payments/alipaySignature.ts';
import { INVOICE_MOVES, ORDER_MOVES } from './orderStates.ts';
import { NOTIFY_PER_MINUTE } from './routes.ts';
import { reconcileOrders } from './service.ts';

type Headers = Record<string, string>;

const company = {
  type: 'company',
  title: 'Sunny Solar Co., Ltd.',
  taxCode: '91310000MA1FL8XQ3E',
  address: '88 Century Avenue, Shanghai',
  phone: '021-68880000',
  bank: 'Bank of China Shanghai Branch',
  bankAccount: '4563 5100 0000 1234',
} as const;
const otherKey = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
}).privateKey;
const recipient = { name: 'Li Lei', phone: '13800138000', address: '88 Century Avenue, Shanghai' };

describe('renewal orders and payment', () => {
  let t: TestApp;
  let admin: Headers;
  let staff: Headers;
  let installerA: Headers;
  let installerB: Headers;
  let cardsA: number[];
  let cardB: number;
  let mock: MockPaymentProvider;
  let keySeq = 0;
  const get = (url: string, headers: Headers) =>
    t.app.inject({ method: 'GET', url: `/prod-api${url}`, headers });
  const post = (url: string, headers: Headers, payload: object) =>
    t.app.inject({ method: 'POST', url: `/prod-api${url}`, headers, payload });
  const order = (headers: Headers, body: object, key = `key-${++keySeq}-renewal`) =>
    post('/renew/order', { ...headers, 'idempotency-key': key }, body);
  const notify = (params: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/prod-api/pay/notify/mock',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(params).toString(),
    });
  const expiries = async (ids: number[]) =>
    (
      await rowsOf<{ id: number; expires_on: string }>(
        t.db,
        sql`select id, expires_on::text from sim_cards where id = any(${sql.param(ids)}::int[]) order by id`,
      )
    ).map((r) => r.expires_on);
  const today = () => new Date().toISOString().slice(0, 10);
  const plusYears = (day: string, years: number) => `${Number(day.slice(0, 4)) + years}${day.slice(4)}`;

  beforeAll(async () => {
    t = await createTestApp();
    mock = t.app.deps.payments.get('mock') as MockPaymentProvider;
    const a = await createUser(t.db, { roleId: ROLE.installer });
    const b = await createUser(t.db, { roleId: ROLE.installer });
    admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
    staff = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.staff }))).headers;
    installerA = (await loginAs(t.app, a)).headers;
    installerB = (await loginAs(t.app, b)).headers;
    const plantA = await createFixturePlant(t.db, { ownerId: a.id, installerId: a.id, collectors: 4 });
    const plantB = await createFixturePlant(t.db, { ownerId: b.id, installerId: b.id });
    const serials = [...plantA.collectors.map((c) => c.serial), plantB.collectors[0]!.serial];
    for (const [i, collectorSerial] of serials.entries())
      await post('/card/add', admin, {
        iccid: validIccid(100 + i),
        msisdn: '1440000000100',
        operator: 'chinaMobile',
        collectorSerial,
      });
    const ids = await rowsOf<{ id: number }>(t.db, sql`select id from sim_cards order by iccid`);
    cardsA = ids.slice(0, 4).map((r) => r.id);
    cardB = ids[4]!.id;
    // Running cards: the first expires in the future, the second expired last year, the third is stopped for
    // expiry but still renewable; the fourth was cancelled by its carrier.
    await t.db.execute(
      sql`update sim_cards set status = 'normal', expires_on = '2031-06-30' where id = ${cardsA[0]!}`,
    );
    await t.db.execute(
      sql`update sim_cards set status = 'shutDown', shutdown_reason = 'expired', expires_on = current_date - 40,
            renewable_until = current_date + 50 where id = ${cardsA[1]!}`,
    );
    await t.db.execute(
      sql`update sim_cards set status = 'normal', expires_on = current_date + 3 where id = ${cardsA[2]!}`,
    );
    await t.db.execute(
      sql`update sim_cards set status = 'shutDown', shutdown_reason = 'cancelled', expires_on = current_date - 200
          where id = ${cardsA[3]!}`,
    );
    await t.db.execute(
      sql`update sim_cards set status = 'normal', expires_on = '2030-01-01' where id = ${cardB}`,
    );
    // Sign-ins (scrypt), plants and cards: generous for a loaded 2-core machine.
  }, 240_000);
  afterAll(() => t.close());

  it('refuses a company invoice whose tax code has 17 characters, with field messages in zh and en', async () => {
    const body = {
      cardIds: [cardsA[0]!],
      years: 1,
      invoice: { ...company, taxCode: '91310000MA1FL8XQ3' },
      recipient,
    };
    const zh = await post(
      '/renew/order?langType=zh',
      { ...installerA, 'idempotency-key': 'tax-code-17' },
      body,
    );
    expect(zh.statusCode).toBe(400);
    expect(zh.json().errors).toEqual([
      { field: 'invoice.taxCode', message: '统一社会信用代码为 18 位数字或大写字母' },
    ]);
    const en = await post(
      '/renew/order?langType=en',
      { ...installerA, 'idempotency-key': 'tax-code-17' },
      body,
    );
    expect(en.json().errors).toEqual([
      {
        field: 'invoice.taxCode',
        message: 'The unified social credit code has 18 digits or capital letters',
      },
    ]);
    const noTitle = await order(installerA, { ...body, invoice: { ...company, title: '' } });
    expect(noTitle.json().errors[0].field).toBe('invoice.title');
    const noRecipient = await order(installerA, { ...body, invoice: company, recipient: null });
    expect(noRecipient.json().errors[0].field).toBe('recipient');
    expect((await get('/bill/list', installerA)).json().total).toBe(0);
  });

  it('prices on the server and freezes amount, period and cards; the same idempotency key replays, other values 409', async () => {
    const body = { cardIds: [cardsA[0]!, cardsA[2]!], years: 2, invoice: { type: 'none' } } as const;
    const first = await order(installerA, body, 'same-key-0001');
    expect(first.statusCode).toBe(200);
    const made = first.json().data;
    // 15 CNY per card and year, by default: 2 cards × 2 years.
    expect(made).toMatchObject({
      amountMinor: 6000,
      currency: 'CNY',
      years: 2,
      cardCount: 2,
      status: 'renewing',
    });
    expect(made.invoiceStatus).toBe('none');
    const again = await order(installerA, body, 'same-key-0001');
    expect(again.json().data.orderNo).toBe(made.orderNo);
    const other = await order(installerA, { ...body, years: 3 }, 'same-key-0001');
    expect(other.statusCode).toBe(409);
    // The price changes afterwards: the order keeps its amount.
    const settings = (await get('/system/settings', admin)).json().data;
    await post('/system/settings', admin, {
      ...settings,
      cardRenewal: { pricePerYearMinor: 2000, currency: 'CNY' },
    });
    expect((await get(`/renew/order/${made.orderNo}`, installerA)).json().data.amountMinor).toBe(6000);
    expect((await get('/renew/price', installerA)).json().data.pricePerYearMinor).toBe(2000);
    await post('/system/settings', admin, settings);
    expect((await post(`/renew/order/${made.orderNo}/cancel`, installerA, {})).statusCode).toBe(200);
  });

  it('lets an installer renew and see only its own cards and orders', async () => {
    const theirs = await order(installerA, { cardIds: [cardB], years: 1, invoice: { type: 'none' } });
    expect(theirs.statusCode).toBe(404);
    const cancelled = await order(installerA, { cardIds: [cardsA[3]!], years: 1, invoice: { type: 'none' } });
    expect(cancelled.statusCode).toBe(400);
    const mine = (await order(installerB, { cardIds: [cardB], years: 1, invoice: { type: 'none' } })).json()
      .data;
    expect((await get(`/renew/order/${mine.orderNo}`, installerA)).statusCode).toBe(404);
    expect((await post(`/renew/order/${mine.orderNo}/cancel`, installerA, {})).statusCode).toBe(404);
    expect((await get('/bill/list', installerB)).json().total).toBe(1);
    expect((await get('/bill/list', staff)).json().total).toBeGreaterThanOrEqual(2);
  });

  it('pays once and moves each expiry once: 10 notifications out of order, 2 badly signed, 1 stale', async () => {
    const ids = [cardsA[0]!, cardsA[1]!];
    const made = (await order(installerA, { cardIds: ids, years: 1, invoice: company, recipient })).json()
      .data;
    expect(made.invoiceStatus).toBe('toBeInvoiced');
    const before = await expiries(ids);
    const trade = await mock.pay(made.orderNo, made.amountMinor);
    const good = () => mock.notification(made.orderNo, trade);
    const forged = { ...good(), total_amount: '0.01' };
    // Signed, but not by the provider's key.
    const { sign: _dropped, ...unsigned } = good();
    const badKey = { ...unsigned, sign: signRsa2(unsigned, otherKey) };
    const stale = mock.notification(made.orderNo, trade, 'TRADE_SUCCESS', new Date(Date.now() - 6 * 60_000));
    const waiting = mock.notification(made.orderNo, trade, 'WAIT_BUYER_PAY');
    const deliveries = [waiting, forged, good(), stale, good(), badKey, good(), waiting, good(), good()];
    expect(deliveries).toHaveLength(10);
    const answers = [];
    for (const d of deliveries) answers.push((await notify(d)).statusCode);
    expect(answers).toEqual([200, 400, 200, 400, 200, 400, 200, 200, 200, 200]);
    const outcomes = await rowsOf<{ outcome: string; n: number }>(
      t.db,
      sql`select outcome, count(*)::int as n from payment_notifications where order_no = ${made.orderNo}
          group by outcome order by outcome`,
    );
    // The two badly signed ones are refused and not stored.
    expect(outcomes).toEqual([
      { outcome: 'applied', n: 1 },
      { outcome: 'duplicate', n: 4 },
      { outcome: 'ignored', n: 2 },
      { outcome: 'stale', n: 1 },
    ]);
    // The first card from its expiry, the expired one from today.
    expect(await expiries(ids)).toEqual([plusYears(before[0]!, 1), plusYears(today(), 1)]);
    const paid = (await get(`/renew/order/${made.orderNo}`, installerA)).json().data;
    expect(paid).toMatchObject({ status: 'succeeded', payOrderNo: trade.tradeNo });
    expect(paid.cards.map((c: { expiresAfter: string }) => c.expiresAfter).sort()).toEqual(
      (await expiries(ids)).sort(),
    );
    // The stopped card runs again.
    const [restarted] = await rowsOf<{ status: string }>(
      t.db,
      sql`select status from sim_cards where id = ${ids[1]!}`,
    );
    expect(restarted!.status).toBe('normal');
    // The card list says when each was renewed: the payment's time, not before it.
    const listed = (await get('/card/list?pageSize=100', installerA)).json().rows as {
      id: number;
      renewedAt: string | null;
    }[];
    for (const id of ids) {
      const renewedAt = listed.find((c) => c.id === id)!.renewedAt;
      expect(renewedAt).not.toBeNull();
      expect(Math.abs(Date.parse(renewedAt!) - Date.now())).toBeLessThan(10 * 60_000);
    }
  });

  it('applies a payment that arrives after the order was cancelled or failed: the cards are renewed, nothing is lost', async () => {
    for (const end of ['cancelled', 'failed'] as const) {
      const made = (
        await order(installerA, { cardIds: [cardsA[0]!], years: 2, invoice: { type: 'none' } })
      ).json().data;
      if (end === 'cancelled')
        expect((await post(`/renew/order/${made.orderNo}/cancel`, installerA, {})).statusCode).toBe(200);
      else await reconcileOrders(t.app.deps, new Date(Date.now() + 25 * 3_600_000));
      expect((await get(`/renew/order/${made.orderNo}`, installerA)).json().data.status).toBe(end);
      // The payer's pay page was still open: the money is taken after the order ended.
      const trade = await mock.pay(made.orderNo, made.amountMinor);
      const before = await expiries([cardsA[0]!]);
      expect((await notify(mock.notification(made.orderNo, trade))).statusCode).toBe(200);
      expect((await notify(mock.notification(made.orderNo, trade))).statusCode).toBe(200);
      const paid = (await get(`/renew/order/${made.orderNo}`, installerA)).json().data;
      expect([end, paid.status, paid.payOrderNo]).toEqual([end, 'succeeded', trade.tradeNo]);
      expect(await expiries([cardsA[0]!])).toEqual([plusYears(before[0]!, 2)]);
      const outcomes = await rowsOf<{ outcome: string }>(
        t.db,
        sql`select outcome from payment_notifications where order_no = ${made.orderNo} order by id`,
      );
      expect(outcomes.map((o) => o.outcome)).toEqual(['applied', 'duplicate']);
    }
  });

  it('keeps nothing of junk posted at the notify address, refuses a large body with 413 and a flood with 429', async () => {
    const stored = async () =>
      (await rowsOf<{ n: number }>(t.db, sql`select count(*)::int as n from payment_notifications`))[0]!.n;
    const before = await stored();
    const junk = {
      out_trade_no: 'R-junk',
      notify_id: 'x',
      sign: 'bm90IGEgc2lnbmF0dXJl',
      pad: 'j'.repeat(4000),
    };
    for (let i = 0; i < 5; i++) expect((await notify(junk)).statusCode).toBe(400);
    expect(await stored()).toBe(before);
    const big = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`k${i}`, 'b'.repeat(4000)]));
    expect((await notify(big)).statusCode).toBe(413);
    expect(await stored()).toBe(before);
    // One address past the limit of a minute (a few re-sends an hour is all a provider needs) gets 429.
    const flood = (ip: string) =>
      t.app.inject({
        method: 'POST',
        url: '/prod-api/pay/notify/mock',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'sign=x',
        remoteAddress: ip,
      });
    const answers = new Map<number, number>();
    for (let i = 0; i <= NOTIFY_PER_MINUTE; i++) {
      const code = (await flood('192.0.2.77')).statusCode;
      answers.set(code, (answers.get(code) ?? 0) + 1);
    }
    expect(answers.get(429)).toBe(1);
    expect((await flood('192.0.2.78')).statusCode).toBe(400);
  });

  it('moves orders and invoices only along their tables; every other move answers 409', async () => {
    const states = ['renewing', 'succeeded', 'failed', 'cancelled'] as const;
    const invoiceStates = ['none', 'toBeInvoiced', 'invoiced'] as const;
    const invoicing = {
      invoicedOn: '2026-11-20',
      drawer: 'Wang Fang',
      deliveryCompany: 'SF Express',
      deliveryNo: 'SF1234567890',
    };
    const fresh = async () =>
      (
        await order(installerA, {
          cardIds: [cardsA[2]!],
          years: 1,
          invoice: { type: 'personal', title: 'Li Lei' },
          recipient,
        })
      ).json().data.orderNo as string;
    const setState = (orderNo: string, status: string, invoiceStatus: string) =>
      t.db.execute(
        sql`update renewal_orders set status = ${status}, invoice_status = ${invoiceStatus} where order_no = ${orderNo}`,
      );
    for (const from of states) {
      const orderNo = await fresh();
      await setState(orderNo, from, 'toBeInvoiced');
      const res = await post(`/renew/order/${orderNo}/cancel`, installerA, {});
      const legal = (ORDER_MOVES.cancel.from as readonly string[]).includes(from);
      expect([from, res.statusCode]).toEqual([from, legal ? 200 : 409]);
    }
    for (const from of states)
      for (const invoice of invoiceStates) {
        const orderNo = await fresh();
        await setState(orderNo, from, invoice);
        const res = await post(`/bill/${orderNo}/invoiced`, staff, invoicing);
        const m = INVOICE_MOVES.markInvoiced;
        const legal =
          (m.from as readonly string[]).includes(invoice) && (m.orderIn as readonly string[]).includes(from);
        expect([from, invoice, res.statusCode]).toEqual([from, invoice, legal ? 200 : 409]);
        if (legal)
          expect((await get(`/renew/order/${orderNo}`, staff)).json().data.invoicing).toEqual(invoicing);
      }
    // Only staff draw invoices.
    const orderNo = await fresh();
    await setState(orderNo, 'succeeded', 'toBeInvoiced');
    expect((await post(`/bill/${orderNo}/invoiced`, installerA, invoicing)).statusCode).toBe(403);
  });

  it('finds a payment whose notification never came, 15 minutes on, and pays the order once', async () => {
    const made = (
      await order(installerA, { cardIds: [cardsA[2]!], years: 3, invoice: { type: 'none' } })
    ).json().data;
    const before = await expiries([cardsA[2]!]);
    await mock.pay(made.orderNo, made.amountMinor);
    expect(await reconcileOrders(t.app.deps, new Date(Date.now() + 5 * 60_000))).toEqual({
      paid: 0,
      failed: 0,
    });
    const later = new Date(Date.now() + 16 * 60_000);
    expect((await reconcileOrders(t.app.deps, later)).paid).toBe(1);
    expect((await reconcileOrders(t.app.deps, later)).paid).toBe(0);
    expect((await get(`/renew/order/${made.orderNo}`, installerA)).json().data.status).toBe('succeeded');
    expect(await expiries([cardsA[2]!])).toEqual([plusYears(before[0]!, 3)]);
    // An order nobody paid fails a day later.
    const unpaid = (
      await order(installerA, { cardIds: [cardsA[0]!], years: 1, invoice: { type: 'none' } })
    ).json().data;
    await reconcileOrders(t.app.deps, new Date(Date.now() + 25 * 3_600_000));
    expect((await get(`/renew/order/${unpaid.orderNo}`, installerA)).json().data.status).toBe('failed');
  });

  it('pays through the mock pay page and exports the bill', async () => {
    const made = (
      await order(installerA, { cardIds: [cardsA[0]!], years: 1, invoice: { type: 'none' } })
    ).json().data;
    // The mock's pay page is the console's own cashier: no provider address to send the payer to.
    expect((await get(`/renew/order/${made.orderNo}/pay-page`, installerA)).json().data).toEqual({
      url: null,
    });
    const paid = await post(`/pay/mock/${made.orderNo}`, installerA, {});
    expect(paid.json().data.outcome).toBe('applied');
    expect((await post(`/pay/mock/${made.orderNo}`, installerA, {})).json().data.outcome).toBe('duplicate');
    expect((await post(`/renew/order/${made.orderNo}/cancel`, installerA, {})).statusCode).toBe(409);
    const list = (await get('/bill/list?status=succeeded', installerA)).json();
    expect(list.rows.map((r: { orderNo: string }) => r.orderNo)).toContain(made.orderNo);
    const file = await get('/bill/export?langType=zh', installerA);
    expect(file.headers['content-type']).toContain('spreadsheetml');
  });

  it('hands the invoice request of a company-invoice order out as a PDF in zh and en, to its owner and staff', async () => {
    const made = (
      await order(installerA, {
        cardIds: [cardsA[0]!, cardsA[2]!],
        years: 2,
        invoice: { ...company, title: '阳光新能源有限公司' },
        recipient: { ...recipient, name: '李雷' },
      })
    ).json().data;
    await post(`/pay/mock/${made.orderNo}`, installerA, {});
    await post(`/bill/${made.orderNo}/invoiced`, staff, {
      invoicedOn: '2026-11-21',
      drawer: '王芳',
      deliveryCompany: '顺丰速运',
      deliveryNo: 'SF20261121001',
    });
    const zh = await get(`/bill/${made.orderNo}/invoice-request?langType=zh`, installerA);
    expect(zh.statusCode).toBe(200);
    expect(zh.headers['content-type']).toBe('application/pdf');
    const zhText = (await pdfText(zh.rawPayload)).join('\n');
    for (const shown of [
      '发票开具申请',
      made.orderNo,
      '阳光新能源有限公司',
      company.taxCode,
      company.bankAccount,
      '李雷',
      '顺丰速运',
      'SF20261121001',
      validIccid(100),
      '60.00 CNY',
      '已开票',
    ])
      expect(zhText, shown).toContain(shown);
    const enText = (
      await pdfText((await get(`/bill/${made.orderNo}/invoice-request?langType=en`, staff)).rawPayload)
    ).join('\n');
    for (const shown of ['Invoice request', 'Company VAT invoice', 'Invoiced', company.taxCode, '60.00 CNY'])
      expect(enText, shown).toContain(shown);
    // Another installer's order is not there; an order without an invoice has no request.
    expect((await get(`/bill/${made.orderNo}/invoice-request`, installerB)).statusCode).toBe(404);
    const plain = (
      await order(installerA, { cardIds: [cardsA[0]!], years: 1, invoice: { type: 'none' } })
    ).json().data;
    const refused = await get(`/bill/${plain.orderNo}/invoice-request?langType=en`, installerA);
    expect([refused.statusCode, refused.json().msg]).toEqual([409, 'This order did not ask for an invoice']);
  });
});
