import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  billExportQuery,
  billListQuery,
  cardRenewalPrice,
  emptyEnvelope,
  envelope,
  idempotencyHeaders,
  invoicingBody,
  langType,
  orderNoParams,
  renewalOrder,
  renewOrderBody,
  ROLE,
} from '@solarops/contracts';
import { AppError, badRequest, conflict, notFound } from '../../http/AppError.ts';
import { API_PREFIX } from '../../http/apiPrefix.ts';
import { ok } from '../../http/envelope.ts';
import { publicOrigin } from '../../http/publicOrigin.ts';
import { t } from '../../i18n/messages.ts';
import { requestLanguage } from '../../http/language.ts';
import { sendPdf } from '../../http/sendPdf.ts';
import { listExport, pagedList } from '../../http/listRoutes.ts';
import { bearer, errorAnswers } from '../../http/routeSchemas.ts';
import { callerOf, requirePermission, requireRole } from '../auth/guards.ts';
import { loadCardRenewalPrice } from '../system/consoleSettings.ts';
import { billWorkbook } from './billWorkbook.ts';
import { invoiceRequestPdf } from './invoiceRequestPdf.ts';
import { alipayAmount, MockPaymentProvider } from './payments/MockPaymentProvider.ts';
import { findOrder, listOrders } from './queries.ts';
import {
  createOrder,
  markInvoiced,
  moveOrder,
  receiveNotification,
  settleWithProvider,
  type OrderDeps,
} from './service.ts';

const tags = ['orders'];
const errors = errorAnswers(400, 401, 403, 404, 409);
const EXPORT_MAX_ROWS = 10_000;
/** The order as the console sees it, with the provider that takes its payment. */
const orderOut = renewalOrder.extend({ provider: z.string() });
/** The console page a payer comes back to from a provider's pay page (the renew flow at its order). */
const RENEW_PAGE = '/operation/renew';
/** The largest payment notification taken [bytes]: a real one is 1-3 KB. */
export const NOTIFY_MAX_BYTES = 16 * 1024;
/** Payment notifications taken per client address and minute (a provider re-sends a few times an hour). */
export const NOTIFY_PER_MINUTE = 300;

/** Renewal orders of internet cards (`renew`, `renewDetails`, `bill`) and their payment (issue 19). */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const deps: OrderDeps = app.deps;
  const { db } = deps;
  const anyOrderScreen = requirePermission('renew', 'renewDetails', 'bill');

  app.get(
    '/renew/price',
    {
      preHandler: requirePermission('renew'),
      schema: {
        tags,
        security: bearer,
        summary: 'The price of one card for one year, from the system settings',
        response: { 200: envelope(cardRenewalPrice), ...errors },
      },
    },
    async () => ok(await loadCardRenewalPrice(db)),
  );

  app.post(
    '/renew/order',
    {
      preHandler: requirePermission('renew'),
      schema: {
        tags,
        security: bearer,
        summary:
          'Make a renewal order of the caller cards; amount computed here and frozen. Idempotency-Key: the same key and body answer the same order, another body 409',
        headers: idempotencyHeaders,
        body: renewOrderBody,
        response: { 200: envelope(orderOut), ...errors },
      },
    },
    async (request) => {
      const order = await createOrder(
        deps,
        callerOf(request),
        request.headers['idempotency-key'],
        request.body,
        app.deps.config.payment?.provider ?? 'mock',
      );
      request.auditTarget = order.orderNo;
      return ok(order);
    },
  );

  app.get(
    '/renew/order/:orderNo',
    {
      preHandler: anyOrderScreen,
      schema: {
        tags,
        security: bearer,
        summary: 'One renewal order with its cards (renewDetails)',
        params: orderNoParams,
        response: { 200: envelope(orderOut), ...errors },
      },
    },
    async (request) => {
      const order = await findOrder(db, callerOf(request), request.params.orderNo);
      if (!order) throw notFound();
      return ok(order);
    },
  );

  app.post(
    '/renew/order/:orderNo/cancel',
    {
      preHandler: anyOrderScreen,
      schema: {
        tags,
        security: bearer,
        summary: 'Cancel an order not paid yet (409 once paid, failed or cancelled)',
        params: orderNoParams,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      request.auditTarget = request.params.orderNo;
      await moveOrder(db, callerOf(request), request.params.orderNo, 'cancel');
      return ok(null);
    },
  );

  app.post(
    '/pay/mock/:orderNo',
    {
      preHandler: requirePermission('renew', 'renewDetails'),
      schema: {
        tags,
        security: bearer,
        summary:
          "The built-in mock provider's pay page pays the order; its signed notification goes to the notify URL as Alipay's would",
        params: orderNoParams,
        response: { 200: envelope(z.object({ outcome: z.string() })), ...errors },
      },
    },
    async (request) => {
      request.auditTarget = request.params.orderNo;
      const order = await findOrder(db, callerOf(request), request.params.orderNo);
      if (!order) throw notFound();
      const mock = deps.payments.get('mock');
      if (!(mock instanceof MockPaymentProvider) || order.provider !== 'mock')
        throw badRequest('orders.notMockProvider');
      const trade = await mock.pay(order.orderNo, order.amountMinor);
      const outcome = await receiveNotification(deps, mock, mock.notification(order.orderNo, trade));
      return ok({ outcome });
    },
  );

  app.get(
    '/renew/order/:orderNo/pay-page',
    {
      preHandler: requirePermission('renew', 'renewDetails'),
      schema: {
        tags,
        security: bearer,
        summary:
          "The signed address of the order's provider pay page (null: the console's own cashier pays it, as the mock's does); 409 unless renewing",
        params: orderNoParams,
        response: { 200: envelope(z.object({ url: z.string().nullable() })), ...errors },
      },
    },
    async (request) => {
      const order = await findOrder(db, callerOf(request), request.params.orderNo);
      if (!order) throw notFound();
      const provider = deps.payments.get(order.provider);
      if (!provider) throw conflict('orders.providerUnavailable');
      if (order.status !== 'renewing')
        throw new AppError(409, 'orders.illegalMove', { params: { from: order.status } });
      const origin = publicOrigin(request, app.deps.config.publicUrl);
      const url = provider.payPageUrl({
        orderNo: order.orderNo,
        totalAmount: alipayAmount(order.amountMinor),
        subject: t(requestLanguage(request), 'orders.paySubject', { orderNo: order.orderNo }),
        returnUrl: `${origin}${RENEW_PAGE}?orderNo=${encodeURIComponent(order.orderNo)}`,
        notifyUrl: `${origin}${API_PREFIX}/pay/notify/${provider.name}`,
      });
      return ok({ url });
    },
  );

  app.post(
    '/renew/order/:orderNo/confirm',
    {
      preHandler: requirePermission('renew', 'renewDetails'),
      schema: {
        tags,
        security: bearer,
        summary:
          "Back from the provider's pay page: asks the provider whether it took the order's payment and applies it once (what the return address carries is never trusted); answers the order",
        params: orderNoParams,
        response: { 200: envelope(orderOut), ...errors },
      },
    },
    async (request) => {
      request.auditTarget = request.params.orderNo;
      const caller = callerOf(request);
      const order = await findOrder(db, caller, request.params.orderNo);
      if (!order) throw notFound();
      const provider = deps.payments.get(order.provider);
      if (order.status !== 'renewing' || !provider) return ok(order);
      // A provider that cannot be asked now leaves the order renewing: its notification or the reconciliation
      // job settles it later, and the console keeps asking.
      await settleWithProvider(deps, provider, order.orderNo, order.amountMinor).catch((err: unknown) =>
        request.log.warn({ err, orderNo: order.orderNo }, 'payment provider not reachable'),
      );
      return ok((await findOrder(db, caller, order.orderNo)) ?? order);
    },
  );

  app.post(
    '/pay/notify/:provider',
    {
      // The provider calls without a session: the signature is the credential, checked before anything changes.
      // The address is open to anyone, so its body is small (a real notification is 1-3 KB) and its rate bounded.
      config: { audit: false, rateLimit: { max: NOTIFY_PER_MINUTE, timeWindow: 60_000 } },
      bodyLimit: NOTIFY_MAX_BYTES,
      schema: {
        tags,
        summary:
          'Payment notification (form fields, signed RSA2 over the sorted fields); answers `success` once taken. ' +
          `At most ${NOTIFY_MAX_BYTES / 1024} KB (413) and ${NOTIFY_PER_MINUTE} posts a minute per address (429); ` +
          'a bad signature is refused (400) and not stored',
        params: z.object({ provider: z.string().max(20) }),
        body: z.record(z.string().max(64), z.string().max(4096)),
      },
    },
    async (request, reply) => {
      const provider = deps.payments.get(request.params.provider);
      if (!provider) throw notFound();
      const outcome = await receiveNotification(deps, provider, request.body);
      const taken = outcome === 'applied' || outcome === 'duplicate' || outcome === 'ignored';
      if (!taken)
        request.log.warn({ outcome, orderNo: request.body.out_trade_no }, 'payment notification refused');
      return reply
        .code(taken ? 200 : 400)
        .type('text/plain')
        .send(taken ? 'success' : 'failure');
    },
  );

  pagedList(
    app,
    '/bill/list',
    {
      preHandler: requirePermission('bill'),
      tags,
      security: bearer,
      summary: 'Renewal orders in the caller scope, filtered, newest first',
      querystring: billListQuery,
      row: orderOut,
      errors,
    },
    (request, window) => listOrders(db, callerOf(request), request.query, window),
  );

  listExport(
    app,
    '/bill/export',
    {
      preHandler: requirePermission('bill'),
      config: { audit: 'bill export' },
      tags,
      security: bearer,
      summary: `The order list as an .xlsx workbook, filtered as the list is (at most ${EXPORT_MAX_ROWS} rows)`,
      querystring: billExportQuery,
      maxRows: EXPORT_MAX_ROWS,
      fileName: 'orders.xlsx',
      workbook: billWorkbook,
    },
    (request, window) => listOrders(db, callerOf(request), request.query, window),
  );

  app.get(
    '/bill/:orderNo/invoice-request',
    {
      preHandler: anyOrderScreen,
      schema: {
        tags,
        security: bearer,
        summary:
          'The invoice request of an order that asked for an invoice, as PDF in the caller language (else 409)',
        params: orderNoParams,
        querystring: z.object({ langType }),
      },
    },
    async (request, reply) => {
      const order = await findOrder(db, callerOf(request), request.params.orderNo);
      if (!order) throw notFound();
      if (order.invoice.type === 'none') throw conflict('orders.noInvoice');
      const lang = requestLanguage(request);
      const file = await invoiceRequestPdf(order, lang);
      const name = lang === 'zh' ? `开票申请-${order.orderNo}.pdf` : `invoice-request-${order.orderNo}.pdf`;
      return sendPdf(reply, name, file);
    },
  );

  app.post(
    '/bill/:orderNo/invoiced',
    {
      // Staff draw invoices; the screen's other users only see the state.
      preHandler: requireRole(ROLE.admin, ROLE.staff),
      schema: {
        tags,
        security: bearer,
        summary: 'Staff record the invoice drawn and sent (paid orders that asked for one; else 409)',
        params: orderNoParams,
        body: invoicingBody,
        response: { 200: emptyEnvelope, ...errors },
      },
    },
    async (request) => {
      request.auditTarget = request.params.orderNo;
      await markInvoiced(db, request.params.orderNo, request.body);
      return ok(null);
    },
  );
};

export const ordersModule = fp(plugin, {
  name: 'orders',
  dependencies: ['audit', 'auth', 'cards'],
  encapsulate: true,
});
