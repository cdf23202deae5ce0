import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CardRow } from '@solarops/contracts';
import { requestPage } from '../../../api/request.ts';

export interface CardFilters {
  status?: string;
  operator?: string;
  iccid?: string;
  plantName?: string;
  dealercode?: string;
  expiresFrom?: string;
  expiresTo?: string;
}

export const useCards = (filters: CardFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['cards', 'list', filters, pageStart, pageSize],
    queryFn: () => requestPage<CardRow>('/card/list', { params: { ...filters, pageStart, pageSize } }),
    placeholderData: keepPreviousData,
  });
