import { useQuery } from '@tanstack/react-query';
import type { PublicSettings } from '@solarops/contracts';
import { request } from './request.ts';

/**
 * Platform name, logo, default language and notice (`GET /system/config`), for the layout. Read quietly: the
 * console keeps its built-in name and notice when the call fails.
 */
export const usePublicSettings = () =>
  useQuery({
    queryKey: ['system', 'config'],
    queryFn: () => request<PublicSettings>('/system/config', { auth: 'none', quiet: true }),
    staleTime: 60_000,
  });
