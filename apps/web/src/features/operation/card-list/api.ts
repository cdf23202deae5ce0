import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CARD_CALLS, type EndpointQuery, type EntryOf } from '@solarops/contracts';
import { callPage } from '../../../api/callEndpoint.ts';

type CardQuery = EndpointQuery<EntryOf<typeof CARD_CALLS.list>>;

export interface CardFilters {
  status?: CardQuery['status'];
  operator?: CardQuery['operator'];
  iccid?: string;
  plantName?: string;
  dealercode?: string;
  expiresFrom?: string;
  expiresTo?: string;
}

export const useCards = (filters: CardFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['cards', 'list', filters, pageStart, pageSize],
    queryFn: () => callPage(CARD_CALLS.list, { query: { ...filters, pageStart, pageSize } }),
    placeholderData: keepPreviousData,
  });
