import { useQuery } from '@tanstack/react-query';
import { EARLY_SETTINGS_MS, fetchPublicSettings } from './publicSettingsCall.ts';

/**
 * Platform name, logo, default language and notice (`GET /system/config`), for the layout. Read quietly: the
 * console keeps its built-in name and notice when the call fails. A full load's first read takes the boot's answer
 * (`askPublicSettingsEarly`).
 */
export const usePublicSettings = () =>
  useQuery({
    queryKey: ['system', 'config'],
    queryFn: fetchPublicSettings,
    staleTime: EARLY_SETTINGS_MS,
  });
