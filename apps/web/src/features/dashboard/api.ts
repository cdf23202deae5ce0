import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/ApiError.ts';
import { type AlarmRow, alarmApi } from '../../layout/alarmApi.ts';
import { LIVE_REFRESH_MS } from '../station/api.ts';

export { useFleetFigures, useFleetMap } from '../station/api.ts';

/**
 * The dashboard's recent alarms (spec §7, §9: page 1 of 10, unconfirmed, from one day before). Until the alarms
 * module answers, the call is a 404, which reads as no alarms; other failures are errors.
 */
export const useRecentAlarms = () =>
  useQuery({
    queryKey: ['dashboard', 'alarms'],
    queryFn: () =>
      alarmApi.ticker().catch((e: unknown) => {
        if (e instanceof ApiError && e.status === 404) return { total: 0, rows: [] as AlarmRow[] };
        throw e;
      }),
    refetchInterval: LIVE_REFRESH_MS,
  });
