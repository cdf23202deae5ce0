import { callsOf } from './endpoints.ts';
import type { BILL_ENDPOINTS, PAY_ENDPOINTS, RENEW_ENDPOINTS } from './orderEndpoints.ts';

/** The console's view of `BILL_ENDPOINTS` (method and path; the schemas as types only). */
export const BILL_CALLS = callsOf<typeof BILL_ENDPOINTS>()({
  list: { method: 'GET', path: '/bill/list' },
  export: { method: 'GET', path: '/bill/export' },
  invoiceRequest: { method: 'GET', path: '/bill/:orderNo/invoice-request' },
  invoiced: { method: 'POST', path: '/bill/:orderNo/invoiced' },
});

/** The console's view of `PAY_ENDPOINTS` (method and path; the schemas as types only). */
export const PAY_CALLS = callsOf<typeof PAY_ENDPOINTS>()({
  payMock: { method: 'POST', path: '/pay/mock/:orderNo' },
});

/** The console's view of `RENEW_ENDPOINTS` (method and path; the schemas as types only). */
export const RENEW_CALLS = callsOf<typeof RENEW_ENDPOINTS>()({
  price: { method: 'GET', path: '/renew/price' },
  create: { method: 'POST', path: '/renew/order' },
  order: { method: 'GET', path: '/renew/order/:orderNo' },
  cancel: { method: 'POST', path: '/renew/order/:orderNo/cancel' },
  payPage: { method: 'GET', path: '/renew/order/:orderNo/pay-page' },
  confirm: { method: 'POST', path: '/renew/order/:orderNo/confirm' },
});
