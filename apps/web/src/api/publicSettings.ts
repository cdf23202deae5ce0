import { useQuery } from '@tanstack/react-query';
import { SYSTEM_CALLS } from '@solarops/contracts';
import { callEndpoint } from './callEndpoint.ts';

/**
 * Platform name, logo, default language and notice (`GET /system/config`), for the layout. Read quietly: the
 * console keeps its built-in name and notice when the call fails.
 */
export const usePublicSettings = () =>
  useQuery({
    queryKey: ['system', 'config'],
    queryFn: () => callEndpoint(SYSTEM_CALLS.config, { auth: 'none', quiet: true }),
    staleTime: 60_000,
  });
