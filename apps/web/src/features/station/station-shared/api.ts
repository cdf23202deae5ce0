import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AcceptFoundInput,
  AgentCollectorInput,
  DeviceRow,
  EnergySeries,
  FollowRow,
  PlantInput,
  PlantRow,
} from '@solarops/contracts';
import {
  COLLECTOR_CALLS,
  DEVICE_CALLS,
  FOLLOW_CALLS as FOLLOW,
  LIMITS,
  PLANT_CALLS as PLANT,
} from '@solarops/contracts';
import { callEndpoint, callPage } from '../../../api/callEndpoint.ts';
import { queryClient } from '../../../api/queryClient.ts';
import { LIVE_REFRESH_MS } from '../../../config/settings.ts';

export interface PlantFilters {
  name?: string;
  owner?: string;
  type?: PlantRow['type'];
  status?: PlantRow['status'];
}

/** One page of the plant list; `quiet`: a failure shows no message (the page asks again when it is drawn). */
const plantListQuery = (filters: PlantFilters, pageStart: number, pageSize: number, quiet = false) => ({
  queryKey: ['station', 'plants', filters, pageStart, pageSize],
  queryFn: () => callPage(PLANT.list, { query: { ...filters, pageStart, pageSize }, quiet }),
});

export const usePlantList = (filters: PlantFilters, pageStart: number, pageSize: number) =>
  useQuery({
    ...plantListQuery(filters, pageStart, pageSize),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });

/**
 * The plant list's first page as the list opens (no filters, the default page size: `ListPage`'s first query),
 * asked for while the page's code loads (the route table's `data`). Quiet: should it fail, the page's query asks
 * again as it mounts (a query in error is fetched anew on mount), and that call shows the message.
 */
export const prefetchPlantList = () =>
  queryClient.prefetchQuery(plantListQuery({}, 1, LIMITS.pageSizeDefault, true));

export const usePlant = (id: number | undefined) =>
  useQuery({
    queryKey: ['station', 'plant', id],
    // Quiet: the details page shows the failure itself ("not found or no access" with a way back).
    queryFn: () => callEndpoint(PLANT.plant, { path: { id: id ?? '' }, quiet: true }),
    enabled: id !== undefined,
  });

export const usePlantSummary = (id: number) =>
  useQuery({
    queryKey: ['station', 'summary', id],
    queryFn: () => callEndpoint(PLANT.summary, { path: { id } }),
    refetchInterval: LIVE_REFRESH_MS,
  });

/** Yields and PR today, this month and this year (refreshed with the live figures' pace, slower: they move slowly). */
export const usePlantPerformance = (id: number) =>
  useQuery({
    queryKey: ['station', 'performance', id],
    queryFn: () => callEndpoint(PLANT.performance, { path: { id } }),
    refetchInterval: 60_000,
  });

export const usePowerCurve = (id: number, date: string | undefined) =>
  useQuery({
    queryKey: ['station', 'power', id, date],
    queryFn: () => callEndpoint(PLANT.power, { path: { id }, query: { date } }),
    refetchInterval: LIVE_REFRESH_MS,
  });

/** A plant's live energy flow (storage plants draw it as PV → battery ↔ load ↔ grid). */
export const useEnergyFlow = (id: number) =>
  useQuery({
    queryKey: ['station', 'energyFlow', id],
    queryFn: () => callEndpoint(PLANT.energyFlow, { path: { id } }),
    refetchInterval: LIVE_REFRESH_MS,
  });

export const useEnergy = (id: number, period: EnergySeries['period'], date: string | undefined) =>
  useQuery({
    queryKey: ['station', 'energy', id, period, date],
    queryFn: () => callEndpoint(PLANT.energy, { path: { id }, query: { period, date } }),
    // Past energy does not change, unless its history is still being written: then it is asked again as it fills.
    refetchInterval: (query) => (query.state.data?.historyLoading ? LIVE_REFRESH_MS : false),
  });

export const usePlantDevices = (id: number) =>
  useQuery({
    queryKey: ['station', 'plantDevices', id],
    queryFn: () => callEndpoint(PLANT.devices, { path: { id } }),
    refetchInterval: LIVE_REFRESH_MS,
  });

export interface DeviceFilters {
  sn?: string;
  plantId?: number;
  plantName?: string;
  status?: DeviceRow['status'];
  model?: string;
  family?: DeviceRow['kind'];
  /** Comma-separated families. */
  families?: string;
}

export const useDeviceList = (filters: DeviceFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['station', 'devices', filters, pageStart, pageSize],
    queryFn: () => callPage(DEVICE_CALLS.list, { query: { ...filters, pageStart, pageSize } }),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });

/** One device; `refetchMs` keeps its live values fresh on screens that watch it. */
export const useCollectorSearch = (sn: string) =>
  useQuery({
    queryKey: ['station', 'collectors', sn],
    queryFn: () => callEndpoint(COLLECTOR_CALLS.search, { query: { sn } }),
    enabled: sn.length > 0,
  });

export const useCollector = (sn: string) =>
  useQuery({
    queryKey: ['station', 'collector', sn],
    queryFn: () => callEndpoint(COLLECTOR_CALLS.detail, { path: { sn } }),
    enabled: sn.length > 0,
    retry: false,
  });

export const useFollows = (enabled = true) =>
  useQuery({
    queryKey: ['station', 'follows'],
    queryFn: () => callEndpoint(FOLLOW.list, { quiet: true }),
    enabled,
  });

/** Plant writes; each refreshes the station queries when it succeeds. */
export function usePlantMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['station'] });
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id?: number; input: PlantInput }) =>
        id === undefined
          ? callEndpoint(PLANT.create, { body: input })
          : callEndpoint(PLANT.update, { path: { id }, body: input }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callEndpoint(PLANT.remove, { path: { id } }),
      onSuccess: refresh,
    }),
    bindCollector: useMutation({
      mutationFn: ({ id, serial }: { id: number; serial: string }) =>
        callEndpoint(PLANT.bindCollector, { path: { id }, body: { serial } }),
      onSuccess: refresh,
    }),
  };
}

export function useFollowMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['station', 'follows'] });
  return {
    follow: useMutation({
      mutationFn: (f: Pick<FollowRow, 'kind' | 'target'>) => callEndpoint(FOLLOW.follow, { body: f }),
      onSuccess: refresh,
    }),
    unfollow: useMutation({
      mutationFn: (f: Pick<FollowRow, 'kind' | 'target'>) => callEndpoint(FOLLOW.unfollow, { query: f }),
      onSuccess: refresh,
    }),
  };
}

/** Uploads a plant picture; resolves to its path. */
export async function uploadPlantPicture(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  return (await callEndpoint(PLANT.uploadPicture, { multipart: body })).picture;
}

/**
 * An edge agent's configuration with a new device secret (`POST /collector/:sn/agent-config`): answered once, the
 * agent running with the old secret stops until it is given the new file.
 */
export function useAgentConfig() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (serial: string) => callEndpoint(COLLECTOR_CALLS.agentConfig, { path: { sn: serial } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['station', 'collector'] }),
  });
}

/** The collectors of a plant, an edge agent that has no device yet among them (`GET /plant/:id/collectors`). */
export const usePlantCollectors = (id: number) =>
  useQuery({
    queryKey: ['station', 'plantCollectors', id],
    queryFn: () => callEndpoint(PLANT.collectors, { path: { id } }),
    refetchInterval: LIVE_REFRESH_MS,
  });

/**
 * A new edge agent in a plant (`POST /collector/agent`): answered with its configuration, once. Quiet: a refused
 * serial is shown on its field.
 */
export function useAddAgent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: AgentCollectorInput) =>
      callEndpoint(COLLECTOR_CALLS.addAgent, { body: input, quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['station'] }),
  });
}

/**
 * A device an edge agent found accepted into the agent's plant (`POST /collector/:sn/accept`), under the serial the
 * agent reads it by; the plant's devices and the agent's card are read again.
 */
export function useAcceptFound() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ collectorSerial, ...body }: AcceptFoundInput & { collectorSerial: string }) =>
      callEndpoint(COLLECTOR_CALLS.acceptFound, { path: { sn: collectorSerial }, body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['station'] }),
  });
}
