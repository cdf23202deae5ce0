import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { RelationRow } from '@solarops/contracts';
import { requestPage } from '../../../api/request.ts';

export interface RelationFilters {
  collectorSn?: string;
  deviceSn?: string;
  current?: 'true' | 'false';
}

// Under the station queries' key: a plant's or collector's change there refreshes the bindings shown here.
export const useRelations = (filters: RelationFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['station', 'relations', filters, pageStart, pageSize],
    queryFn: () =>
      requestPage<RelationRow>('/device/relation/list', { params: { ...filters, pageStart, pageSize } }),
    placeholderData: keepPreviousData,
  });
