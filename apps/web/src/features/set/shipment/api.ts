import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShipmentImportResult, ShipmentItemRow } from '@solarops/contracts';
import { request, requestPage } from '../../../api/request.ts';

export interface ShipmentFilters {
  serial?: string;
  dealercode?: string;
}

export const useShipmentItems = (filters: ShipmentFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['set', 'shipmentItems', filters, pageStart, pageSize],
    placeholderData: keepPreviousData,
    queryFn: () =>
      requestPage<ShipmentItemRow>('/shipment/items', { params: { ...filters, pageStart, pageSize } }),
  });

/** `POST /shipment/import`: the answer is the validation report (and the new collectors' secrets). */
export function useShipmentImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mode }: { file: File; mode: 'all' | 'goodRows' }) => {
      const body = new FormData();
      body.append('file', file);
      body.append('mode', mode);
      return request<ShipmentImportResult>('/shipment/import', { multipart: body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['set', 'shipmentItems'] }),
  });
}
