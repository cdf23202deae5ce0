import { useQueries, useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/ApiError.ts';
import { alarmApi } from '../../api/alarms.ts';
import { PLANT_CALLS as PLANT, type AlarmRow } from '@solarops/contracts';
import { queryClient } from '../../api/queryClient.ts';
import { callEndpoint } from '../../api/callEndpoint.ts';
import { LIVE_REFRESH_MS } from '../../config/settings.ts';
import { browserTimeZone } from '../../components/format/timeZone.ts';

/** The fleet's figures; `quiet`: a failure shows no message (the page asks again when it is drawn). */
const fleetFiguresQuery = (quiet = false) => {
  // The viewer's zone is the day of the dashboard's fleet curve (docs/decisions/0007-fleet-day.md).
  const timeZone = browserTimeZone();
  return {
    queryKey: ['dashboard', 'fleet', timeZone],
    queryFn: () => callEndpoint(PLANT.fleet, { query: { timeZone }, quiet }),
  };
};

export const useFleetFigures = () => useQuery({ ...fleetFiguresQuery(), refetchInterval: LIVE_REFRESH_MS });

/**
 * The fleet's figures, asked for while the dashboard's code loads (the route table's `data`). Quiet: should it
 * fail, the page's query asks again as it mounts (a query in error is fetched anew on mount) and shows the message.
 */
export const prefetchFleetFigures = () => queryClient.prefetchQuery(fleetFiguresQuery(true));

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
      queryFn: () => callEndpoint(PLANT.performance, { path: { id } }),
      refetchInterval: 60_000,
    })),
  });
