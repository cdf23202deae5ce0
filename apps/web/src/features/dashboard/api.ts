import { useQueries, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/ApiError.ts';
import { alarmApi } from '../../api/alarms.ts';
import type { AlarmRow, FleetFigures, PlantPerformance } from '@solarops/contracts';
import { request } from '../../api/request.ts';
import { LIVE_REFRESH_MS } from '../../config/settings.ts';
import { browserTimeZone } from '../../components/format/timeZone.ts';

export const useFleetFigures = () => {
  // The viewer's zone is the day of the dashboard's fleet curve (docs/decisions/0007-fleet-day.md).
  const timeZone = browserTimeZone();
  return useQuery({
    queryKey: ['dashboard', 'fleet', timeZone],
    queryFn: () => request<FleetFigures>('/plant/fleet', { params: { timeZone } }),
    refetchInterval: LIVE_REFRESH_MS,
  });
};

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

/** Yields and PR of each of these plants (the top plants' rows), each its own call. */
export const usePlantsPerformance = (ids: readonly number[]) =>
  useQueries({
    queries: ids.map((id) => ({
      queryKey: ['dashboard', 'performance', id],
      queryFn: () => request<PlantPerformance>(`/plant/${id}/performance`),
      refetchInterval: 60_000,
    })),
  });
