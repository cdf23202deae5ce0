import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BILL_ENDPOINTS as BILL,
  PAY_ENDPOINTS as PAY,
  RENEW_ENDPOINTS as RENEW,
  ROLE,
} from '@solarops/contracts';
import { AppError, badRequest, conflict, notFound } from '../../http/AppError.ts';
import { API_PREFIX } from '../../http/apiPrefix.ts';
import { endpointRoute, type EndpointRouteDoc } from '../../http/endpointRoute.ts';
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
/** The console page a payer comes back to from a provider's pay page (the renew flow at its order). */
const RENEW_PAGE = '/operation/renew';
/** The largest payment notification taken [bytes]: a real one is 1-3 KB. */
export const NOTIFY_MAX_BYTES = 16 * 1024;
/** Payment notifications taken per client address and minute (a provider re-sends a few times an hour). */
export const NOTIFY_PER_MINUTE = 300;

/** An order route's documentation: its guard and summary, with the error answers they declare. */
const doc = (
  preHandler: EndpointRouteDoc['preHandler'],
  summary: string,
  rest: Pick<EndpointRouteDoc, 'config' | 'errors'> = { errors },
): EndpointRouteDoc => ({ preHandler, tags, security: bearer, summary, ...rest });

/**
 * Renewal orders of internet cards (`renew`, `renewDetails`, `bill`) and their payment (issue 19). The console's
 * routes are declared from their entries in the contracts' endpoint map (`RENEW_ENDPOINTS`, `PAY_ENDPOINTS`,
 * `BILL_ENDPOINTS`), which it calls through; the providers' notification door is not the console's.
 */
const plugin: FastifyPluginAsyncZod = async (app) => {
  const deps: OrderDeps = app.deps;
  const { db } = deps;
  const anyOrderScreen = requirePermission('renew', 'renewDetails', 'bill');
  const payer = requirePermission('renew', 'renewDetails');

  endpointRoute(
    app,
    RENEW.price,
    doc(requirePermission('renew'), 'The price of one card for one year, from the system settings'),
    async () => ok(await loadCardRenewalPrice(db)),
  );

  endpointRoute(
    app,
    RENEW.create,
    doc(
      requirePermission('renew'),
      'Make a renewal order of the caller cards; amount computed here and frozen. Idempotency-Key: the same key and body answer the same order, another body 409',
    ),
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

  endpointRoute(
    app,
    RENEW.order,
    doc(anyOrderScreen, 'One renewal order with its cards (renewDetails)'),
    async (request) => {
      const order = await findOrder(db, callerOf(request), request.params.orderNo);
      if (!order) throw notFound();
      return ok(order);
    },
  );

  endpointRoute(
    app,
    RENEW.cancel,
    doc(anyOrderScreen, 'Cancel an order not paid yet (409 once paid, failed or cancelled)'),
    async (request) => {
      request.auditTarget = request.params.orderNo;
      await moveOrder(db, callerOf(request), request.params.orderNo, 'cancel');
      return ok(null);
    },
  );

  endpointRoute(
    app,
    PAY.payMock,
    doc(
      payer,
      "The built-in mock provider's pay page pays the order; its signed notification goes to the notify URL as Alipay's would",
    ),
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

  endpointRoute(
    app,
    RENEW.payPage,
    doc(
      payer,
      "The signed address of the order's provider pay page (null: the console's own cashier pays it, as the mock's does); 409 unless renewing",
    ),
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

  endpointRoute(
    app,
    RENEW.confirm,
    doc(
      payer,
      "Back from the provider's pay page: asks the provider whether it took the order's payment and applies it once (what the return address carries is never trusted); answers the order",
    ),
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

  // Not the console's: the provider calls without a session, so this door is declared here, not in the map.
  app.post(
    '/pay/notify/:provider',
    {
      // The signature is the credential, checked before anything changes. The address is open to anyone, so its
      // body is small (a real notification is 1-3 KB) and its rate bounded.
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
    BILL.list,
    doc(requirePermission('bill'), 'Renewal orders in the caller scope, filtered, newest first'),
    (request, window) => listOrders(db, callerOf(request), request.query, window),
  );

  listExport(
    app,
    BILL.export,
    {
      ...doc(
        requirePermission('bill'),
        `The order list as an .xlsx workbook, filtered as the list is (at most ${EXPORT_MAX_ROWS} rows)`,
        { config: { audit: 'bill export' } },
      ),
      maxRows: EXPORT_MAX_ROWS,
      fileName: 'orders.xlsx',
      workbook: billWorkbook,
    },
    (request, window) => listOrders(db, callerOf(request), request.query, window),
  );

  endpointRoute(
    app,
    BILL.invoiceRequest,
    doc(
      anyOrderScreen,
      'The invoice request of an order that asked for an invoice, as PDF in the caller language (else 409)',
      {},
    ),
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

  endpointRoute(
    app,
    BILL.invoiced,
    // Staff draw invoices; the screen's other users only see the state.
    doc(
      requireRole(ROLE.admin, ROLE.staff),
      'Staff record the invoice drawn and sent (paid orders that asked for one; else 409)',
    ),
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
