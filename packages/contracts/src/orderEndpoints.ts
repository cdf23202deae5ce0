import { z } from 'zod';
import {
  billExportQuery,
  billListQuery,
  idempotencyHeaders,
  invoicingBody,
  orderNoParams,
  renewalOrder,
  renewOrderBody,
} from './cards.ts';
import { emptyEnvelope, envelope, langType, pageOf } from './envelope.ts';
import { endpoint } from './endpoints.ts';
import { cardRenewalPrice } from './settings.ts';

/** An order as the console reads it: with the provider whose pay page takes its payment. */
export const consoleOrder = renewalOrder.extend({ provider: z.string() });
export type ConsoleOrder = z.infer<typeof consoleOrder>;

/** Renewal orders of internet cards (the `renew` and `renewDetails` screens). */
export const RENEW_ENDPOINTS = {
  price: endpoint({ method: 'GET', path: '/renew/price', response: envelope(cardRenewalPrice) }),
  create: endpoint({
    method: 'POST',
    path: '/renew/order',
    headers: idempotencyHeaders,
    body: renewOrderBody,
    response: envelope(consoleOrder),
  }),
  order: endpoint({
    method: 'GET',
    path: '/renew/order/:orderNo',
    params: orderNoParams,
    response: envelope(consoleOrder),
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/renew/order/:orderNo/cancel',
    params: orderNoParams,
    response: emptyEnvelope,
  }),
  payPage: endpoint({
    method: 'GET',
    path: '/renew/order/:orderNo/pay-page',
    params: orderNoParams,
    response: envelope(z.object({ url: z.string().nullable() })),
  }),
  confirm: endpoint({
    method: 'POST',
    path: '/renew/order/:orderNo/confirm',
    params: orderNoParams,
    response: envelope(consoleOrder),
  }),
};

/**
 * The console's call of the payment routes: the built-in mock cashier. (The providers' own notifications come to
 * `/pay/notify/:provider`, signed by the provider, not from the console.)
 */
export const PAY_ENDPOINTS = {
  payMock: endpoint({
    method: 'POST',
    path: '/pay/mock/:orderNo',
    params: orderNoParams,
    response: envelope(z.object({ outcome: z.string() })),
  }),
};

/** The `bill` screen: orders, their export and their invoices. */
export const BILL_ENDPOINTS = {
  list: endpoint({ method: 'GET', path: '/bill/list', query: billListQuery, response: pageOf(consoleOrder) }),
  /** A file: the list as a workbook. */
  export: endpoint({ method: 'GET', path: '/bill/export', query: billExportQuery }),
  /** A file: the invoice request as a PDF. */
  invoiceRequest: endpoint({
    method: 'GET',
    path: '/bill/:orderNo/invoice-request',
    params: orderNoParams,
    query: z.object({ langType }),
  }),
  invoiced: endpoint({
    method: 'POST',
    path: '/bill/:orderNo/invoiced',
    params: orderNoParams,
    body: invoicingBody,
    response: emptyEnvelope,
  }),
};
