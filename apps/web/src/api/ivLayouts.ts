import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { IvCatalogueModule, IvDeviceLayout, IvDeviceLayoutView } from '@solarops/contracts';
import { request } from './request.ts';

// The IV diagnosis's shared reads: the shipped module list (templates and inverters start from it) and an
// inverter's layout, edited on the device detail and read by the scans.

/** The shipped list of common modules with their datasheet values (it changes only with a release). */
export const useIvModules = (enabled = true) =>
  useQuery({
    queryKey: ['iv', 'modules'],
    queryFn: () => request<IvCatalogueModule[]>('/iv/modules'),
    staleTime: Infinity,
    enabled,
  });

export const useDeviceLayout = (sn: string, enabled: boolean) =>
  useQuery({
    queryKey: ['iv', 'layout', sn],
    queryFn: () => request<IvDeviceLayoutView>(`/iv/devices/${encodeURIComponent(sn)}/layout`),
    enabled,
  });

export function useSetDeviceLayout(sn: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (layout: IvDeviceLayout | null) =>
      request<IvDeviceLayoutView>(`/iv/devices/${encodeURIComponent(sn)}/layout`, {
        method: 'PUT',
        json: { layout },
        quiet: true,
      }),
    onSuccess: (view) => client.setQueryData(['iv', 'layout', sn], view),
  });
}
