import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CollectorRow,
  DeviceHistory,
  DeviceRow,
  EnergyFlow,
  EnergySeries,
  FleetFigures,
  FleetMap,
  FollowRow,
  PlantInput,
  PlantRow,
  PlantSummary,
  PowerCurve,
  RelationRow,
} from '@solarops/contracts';
import { request, requestPage } from '../../api/request.ts';

/** How often live figures are fetched again [ms] (the device link reports every 5 minutes). */
export const LIVE_REFRESH_MS = 30_000;

export interface PlantFilters {
  name?: string;
  owner?: string;
  type?: PlantRow['type'];
  status?: PlantRow['status'];
}

export const usePlantList = (filters: PlantFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['station', 'plants', filters, pageStart, pageSize],
    queryFn: () => requestPage<PlantRow>('/plant/list', { params: { ...filters, pageStart, pageSize } }),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });

export const usePlant = (id: number | undefined) =>
  useQuery({
    queryKey: ['station', 'plant', id],
    // Quiet: the details page shows the failure itself ("not found or no access" with a way back).
    queryFn: () => request<PlantRow>(`/plant/${id}`, { quiet: true }),
    enabled: id !== undefined,
  });

export const usePlantSummary = (id: number) =>
  useQuery({
    queryKey: ['station', 'summary', id],
    queryFn: () => request<PlantSummary>(`/plant/${id}/summary`),
    refetchInterval: LIVE_REFRESH_MS,
  });

export const usePowerCurve = (id: number, date: string | undefined) =>
  useQuery({
    queryKey: ['station', 'power', id, date],
    queryFn: () => request<PowerCurve>(`/plant/${id}/power`, { params: { date } }),
    refetchInterval: LIVE_REFRESH_MS,
  });

/** A plant's live energy flow (storage plants draw it as PV → battery ↔ load ↔ grid). */
export const useEnergyFlow = (id: number) =>
  useQuery({
    queryKey: ['station', 'energyFlow', id],
    queryFn: () => request<EnergyFlow>(`/plant/${id}/energy-flow`),
    refetchInterval: LIVE_REFRESH_MS,
  });

/** Every plant of the caller's scope as a map pin with its state, and the counts per state. */
export const useFleetMap = () =>
  useQuery({
    queryKey: ['station', 'fleetMap'],
    queryFn: () => request<FleetMap>('/plant/map'),
    refetchInterval: LIVE_REFRESH_MS,
  });

export const useEnergy = (id: number, period: EnergySeries['period'], date: string | undefined) =>
  useQuery({
    queryKey: ['station', 'energy', id, period, date],
    queryFn: () => request<EnergySeries>(`/plant/${id}/energy`, { params: { period, date } }),
  });

export const usePlantDevices = (id: number) =>
  useQuery({
    queryKey: ['station', 'plantDevices', id],
    queryFn: () => request<DeviceRow[]>(`/plant/${id}/devices`),
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
    queryFn: () => requestPage<DeviceRow>('/device/list', { params: { ...filters, pageStart, pageSize } }),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_REFRESH_MS,
  });

/** One device; `refetchMs` keeps its live values fresh on screens that watch it. */
export const useDevice = (sn: string | undefined, refetchMs?: number) =>
  useQuery({
    queryKey: ['station', 'device', sn],
    queryFn: () => request<DeviceRow>(`/device/${encodeURIComponent(sn ?? '')}`),
    enabled: Boolean(sn),
    refetchInterval: refetchMs,
  });

/** A device's readings of `date`, a local day of its plant (YYYY-MM-DD in the plant's time zone). */
export const useDeviceHistory = (sn: string, date: string, fields: readonly string[]) =>
  useQuery({
    queryKey: ['station', 'history', sn, date, fields],
    queryFn: () =>
      request<DeviceHistory>(`/device/${encodeURIComponent(sn)}/history`, {
        params: { date, fields: fields.join(','), maxPoints: 600 },
      }),
    enabled: fields.length > 0,
  });

export const useCollectorSearch = (sn: string) =>
  useQuery({
    queryKey: ['station', 'collectors', sn],
    queryFn: () => request<CollectorRow[]>('/collector/search', { params: { sn } }),
    enabled: sn.length > 0,
  });

export const useCollector = (sn: string) =>
  useQuery({
    queryKey: ['station', 'collector', sn],
    queryFn: () => request<CollectorRow>(`/collector/${encodeURIComponent(sn)}`),
    enabled: sn.length > 0,
    retry: false,
  });

/** The viewer's IANA time zone, the day of the dashboard's fleet curve (docs/decisions/0007-fleet-day.md). */
export const viewerTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const useFleetFigures = () => {
  const timeZone = viewerTimeZone();
  return useQuery({
    queryKey: ['dashboard', 'fleet', timeZone],
    queryFn: () => request<FleetFigures>('/plant/fleet', { params: { timeZone } }),
    refetchInterval: LIVE_REFRESH_MS,
  });
};

export const useFollows = (enabled = true) =>
  useQuery({
    queryKey: ['station', 'follows'],
    queryFn: () => request<FollowRow[]>('/follow/list', { quiet: true }),
    enabled,
  });

export interface RelationFilters {
  collectorSn?: string;
  deviceSn?: string;
  current?: 'true' | 'false';
}

export const useRelations = (filters: RelationFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['station', 'relations', filters, pageStart, pageSize],
    queryFn: () =>
      requestPage<RelationRow>('/device/relation/list', { params: { ...filters, pageStart, pageSize } }),
    placeholderData: keepPreviousData,
  });

/** Plant writes; each refreshes the station queries when it succeeds. */
export function usePlantMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['station'] });
  return {
    save: useMutation({
      mutationFn: ({ id, input }: { id?: number; input: PlantInput }) =>
        id === undefined
          ? request<{ id: number }>('/plant', { json: input })
          : request<null>(`/plant/${id}`, { method: 'PUT', json: input }),
      onSuccess: refresh,
    }),
    remove: useMutation({
      mutationFn: (id: number) => request<null>(`/plant/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    bindCollector: useMutation({
      mutationFn: ({ id, serial }: { id: number; serial: string }) =>
        request<null>(`/plant/${id}/collector`, { json: { serial } }),
      onSuccess: refresh,
    }),
  };
}

export function useFollowMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['station', 'follows'] });
  return {
    follow: useMutation({
      mutationFn: (f: Pick<FollowRow, 'kind' | 'target'>) => request<null>('/follow', { json: f }),
      onSuccess: refresh,
    }),
    unfollow: useMutation({
      mutationFn: (f: Pick<FollowRow, 'kind' | 'target'>) =>
        request<null>('/follow', { method: 'DELETE', params: f }),
      onSuccess: refresh,
    }),
  };
}

/** Uploads a plant picture; resolves to its path. */
export async function uploadPlantPicture(file: File): Promise<string> {
  const body = new FormData();
  body.append('file', file);
  return (await request<{ picture: string }>('/plant/picture', { multipart: body })).picture;
}
