import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CARD_ENDPOINTS } from '@solarops/contracts';
import type { CardRenewalPrice, InvoicingBody, RenewalOrder, RenewOrderBody } from '@solarops/contracts';
import { callPage } from '../../../api/callEndpoint.ts';
import { request, requestPage } from '../../../api/request.ts';

/** An order as the console reads it: with the provider whose pay page takes its payment. */
export type ConsoleOrder = RenewalOrder & { provider: string };

export interface BillFilters {
  orderNo?: string;
  status?: string;
  invoiceStatus?: string;
  createdFrom?: string;
  createdTo?: string;
}

const ORDERS = ['renewal', 'orders'] as const;

/** The price of one card for one year, as the server will charge it. */
export const useRenewPrice = () =>
  useQuery({
    queryKey: ['renewal', 'price'],
    queryFn: () => request<CardRenewalPrice>('/renew/price'),
  });

/** One page of the caller's cards that a renewal may include, found by the first digits of their ICCID. */
export const useRenewableCards = (iccid: string | undefined, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['cards', 'list', { iccid }, pageStart, pageSize],
    queryFn: () => callPage(CARD_ENDPOINTS.list, { query: { iccid, pageStart, pageSize } }),
    placeholderData: keepPreviousData,
  });

export const useOrder = (orderNo: string | undefined) =>
  useQuery({
    queryKey: [...ORDERS, 'one', orderNo],
    queryFn: () => request<ConsoleOrder>(`/renew/order/${orderNo}`),
    enabled: Boolean(orderNo),
  });

export const useOrders = (filters: BillFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: [...ORDERS, 'list', filters, pageStart, pageSize],
    queryFn: () => requestPage<ConsoleOrder>('/bill/list', { params: { ...filters, pageStart, pageSize } }),
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
      request<ConsoleOrder>('/renew/order', {
        json: body,
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    onSuccess: () => refresh(),
  });
}

/** The mock cashier pays: the server takes the trade and receives its signed notification as from a real one. */
export function usePayMock() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (orderNo: string) => request<{ outcome: string }>(`/pay/mock/${orderNo}`, { method: 'POST' }),
    onSettled: () => refresh(),
  });
}

/** The signed address of the order's provider pay page (null: the console's own cashier pays it). */
export const usePayPage = () =>
  useMutation({
    mutationFn: (orderNo: string) => request<{ url: string | null }>(`/renew/order/${orderNo}/pay-page`),
  });

/**
 * Back from the provider's pay page: the server asks the provider whether it took the payment and answers the
 * order. Nothing of the return address is sent: the server trusts only the provider's own answer.
 */
export function useConfirmPayment() {
  const client = useQueryClient();
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (orderNo: string) =>
      request<ConsoleOrder>(`/renew/order/${orderNo}/confirm`, { method: 'POST' }),
    onSuccess: (order) => {
      client.setQueryData([...ORDERS, 'one', order.orderNo], order);
      return refresh();
    },
  });
}

export function useCancelOrder() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: (orderNo: string) => request<null>(`/renew/order/${orderNo}/cancel`, { method: 'POST' }),
    onSettled: () => refresh(),
  });
}

export function useMarkInvoiced() {
  const refresh = useRefreshAfter();
  return useMutation({
    mutationFn: ({ orderNo, body }: { orderNo: string; body: InvoicingBody }) =>
      request<null>(`/bill/${orderNo}/invoiced`, { json: body }),
    onSuccess: () => refresh(),
  });
}
