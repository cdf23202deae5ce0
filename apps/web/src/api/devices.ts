import { useQuery } from '@tanstack/react-query';
import { DEVICE_CALLS } from '@solarops/contracts';
import { LIVE_REFRESH_MS } from '../config/settings.ts';
import { callEndpoint } from './callEndpoint.ts';

// A device's record and readings, read by the station's device detail and the command screens. Under the station
// queries' key: a plant's change there (a collector moved) refreshes them too.

export const useDevice = (sn: string | undefined, refetchMs?: number) =>
  useQuery({
    queryKey: ['station', 'device', sn],
    queryFn: () => callEndpoint(DEVICE_CALLS.detail, { path: { sn: sn ?? '' } }),
    enabled: Boolean(sn),
    refetchInterval: refetchMs,
  });

/** A device's readings of `date`, a local day of its plant (YYYY-MM-DD in the plant's time zone). */
export const useDeviceHistory = (sn: string, date: string, fields: readonly string[]) =>
  useQuery({
    queryKey: ['station', 'history', sn, date, fields],
    queryFn: () =>
      callEndpoint(DEVICE_CALLS.history, {
        path: { sn },
        query: { date, fields: fields.join(','), maxPoints: 600 },
      }),
    enabled: fields.length > 0,
    // A past day does not change, unless its history is still being written: then it is asked again as it fills.
    refetchInterval: (query) => (query.state.data?.historyLoading ? LIVE_REFRESH_MS : false),
  });
