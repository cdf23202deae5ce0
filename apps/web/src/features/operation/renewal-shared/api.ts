import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BILL_CALLS as BILL,
  CARD_CALLS,
  PAY_CALLS as PAY,
  RENEW_CALLS as RENEW,
  type BillListQuery,
  type InvoicingBody,
  type RenewOrderBody,
} from '@solarops/contracts';
import { callEndpoint, callPage } from '../../../api/callEndpoint.ts';

export type { ConsoleOrder } from '@solarops/contracts';

/** The `bill` screen's filters. */
export type BillFilters = Omit<BillListQuery, 'pageStart' | 'pageNumber' | 'pageSize'>;

const ORDERS = ['renewal', 'orders'] as const;

/** The price of one card for one year, as the server will charge it. */
export const useRenewPrice = () =>
  useQuery({
    queryKey: ['renewal', 'price'],
    queryFn: () => callEndpoint(RENEW.price),
  });

/** One page of the caller's cards that a renewal may include, found by the first digits of their ICCID. */
export const useRenewableCards = (iccid: string | undefined, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['cards', 'list', { iccid }, pageStart, pageSize],
    queryFn: () => callPage(CARD_CALLS.list, { query: { iccid, pageStart, pageSize } }),
    placeholderData: keepPreviousData,
  });

export const useOrder = (orderNo: string | undefined) =>
  useQuery({
    queryKey: [...ORDERS, 'one', orderNo],
    queryFn: () => callEndpoint(RENEW.order, { path: { orderNo: orderNo! } }),
    enabled: Boolean(orderNo),
  });

export const useOrders = (filters: BillFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: [...ORDERS, 'list', filters, pageStart, pageSize],
    queryFn: () => callPage(BILL.list, { query: { ...filters, pageStart, pageSize } }),
    placeholderData: keepPreviousData,
  });

/** Orders and cards change together (paying moves the cards' expiry): both are read again. */
function useRefreshAfter() {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: ORDERS }),
      client.invalidateQueries({ queryKey: ['cards'] }),
    ]);
}

/**
 * Makes the order; `idempotencyKey` is the form's own, so that a second press (or a retry after a lost answer)
 * gets the same order instead of a second one.
 */
export function useCreateOrder() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: RenewOrderBody; idempotencyKey: string }) =>
      callEndpoint(RENEW.create, { body, headers: { 'Idempotency-Key': idempotencyKey } }),
    onSuccess: () => refresh(),
  });
}

/** The mock cashier pays: the server takes the trade and receives its signed notification as from a real one. */
export function usePayMock() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (orderNo: string) => callEndpoint(PAY.payMock, { path: { orderNo } }),
    onSettled: () => refresh(),
  });
}

/** The signed address of the order's provider pay page (null: the console's own cashier pays it). */
export const usePayPage = () =>
  useMutation({
    mutationFn: (orderNo: string) => callEndpoint(RENEW.payPage, { path: { orderNo } }),
  });

/**
 * Back from the provider's pay page: the server asks the provider whether it took the payment and answers the
 * order. Nothing of the return address is sent: the server trusts only the provider's own answer.
 */
export function useConfirmPayment() {
  const client = useQueryClient();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (orderNo: string) => callEndpoint(RENEW.confirm, { path: { orderNo } }),
    onSuccess: (order) => {
      client.setQueryData([...ORDERS, 'one', order.orderNo], order);
      return refresh();
    },
  });
}

export function useCancelOrder() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (orderNo: string) => callEndpoint(RENEW.cancel, { path: { orderNo } }),
    onSettled: () => refresh(),
  });
}

export function useMarkInvoiced() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ orderNo, body }: { orderNo: string; body: InvoicingBody }) =>
      callEndpoint(BILL.invoiced, { path: { orderNo }, body }),
    onSuccess: () => refresh(),
  });
}
