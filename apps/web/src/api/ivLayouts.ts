import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IV_CALLS as IV, type IvDeviceLayout } from '@solarops/contracts';
import { callEndpoint } from './callEndpoint.ts';

// The IV diagnosis's shared reads: the shipped module list (templates and inverters start from it) and an
// inverter's layout, edited on the device detail and read by the scans.

/** The shipped list of common modules with their datasheet values (it changes only with a release). */
export const useIvModules = (enabled = true) =>
  useQuery({
    queryKey: ['iv', 'modules'],
    queryFn: () => callEndpoint(IV.modules),
    staleTime: Infinity,
    enabled,
  });

export const useDeviceLayout = (sn: string, enabled: boolean) =>
  useQuery({
    queryKey: ['iv', 'layout', sn],
    queryFn: () => callEndpoint(IV.deviceLayout, { path: { sn } }),
    enabled,
  });

export function useSetDeviceLayout(sn: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (layout: IvDeviceLayout | null) =>
      callEndpoint(IV.setDeviceLayout, { path: { sn }, body: { layout }, quiet: true }),
    onSuccess: (view) => client.setQueryData(['iv', 'layout', sn], view),
  });
}
