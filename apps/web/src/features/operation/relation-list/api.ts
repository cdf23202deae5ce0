import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { DEVICE_CALLS } from '@solarops/contracts';
import { callPage } from '../../../api/callEndpoint.ts';

export interface RelationFilters {
  collectorSn?: string;
  deviceSn?: string;
  current?: 'true' | 'false';
}

// Under the station queries' key: a plant's or collector's change there refreshes the bindings shown here.
export const useRelations = (filters: RelationFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['station', 'relations', filters, pageStart, pageSize],
    queryFn: () => callPage(DEVICE_CALLS.relationList, { query: { ...filters, pageStart, pageSize } }),
    placeholderData: keepPreviousData,
  });
