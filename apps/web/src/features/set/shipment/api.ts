import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SHIPMENT_CALLS as SHIPMENTS } from '@solarops/contracts';
import { callEndpoint, callPage } from '../../../api/callEndpoint.ts';

export interface ShipmentFilters {
  serial?: string;
  dealercode?: string;
}

export const useShipmentItems = (filters: ShipmentFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['set', 'shipmentItems', filters, pageStart, pageSize],
    placeholderData: keepPreviousData,
    queryFn: () => callPage(SHIPMENTS.items, { query: { ...filters, pageStart, pageSize } }),
  });

/** `POST /shipment/import`: the answer is the validation report (and the new collectors' secrets). */
export function useShipmentImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ file, mode }: { file: File; mode: 'all' | 'goodRows' }) => {
      const body = new FormData();
      body.append('file', file);
      body.append('mode', mode);
      return callEndpoint(SHIPMENTS.import, { multipart: body });
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ['set', 'shipmentItems'] }),
  });
}
