import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CommandRow,
  CreateRolloutBody,
  FirmwareKeyBody,
  FirmwareKeyRow,
  FirmwarePackageRow,
  FirmwareType,
  RolloutDeviceRow,
  RolloutRow,
} from '@solarops/contracts';
import { request, requestPage } from '../../../api/request.ts';

export type PackageFilters = { name?: string; type?: FirmwareType };

export const useFirmwarePackages = (filters: PackageFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['firmware', 'packages', filters, pageStart, pageSize],
    placeholderData: keepPreviousData,
    queryFn: () =>
      requestPage<FirmwarePackageRow>('/firmware/package/list', {
        params: { ...filters, pageStart, pageSize },
      }),
  });

/** The text fields of an upload, as the dialog's form holds them. */
export interface UploadFields {
  type: FirmwareType;
  collectType: string;
  interfaceType: string;
  snType?: string;
  version: string;
  description?: string;
  signature?: string;
}

export function usePackageMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['firmware', 'packages'] });
  return {
    upload: useMutation({
      mutationFn: ({ fields, file }: { fields: UploadFields; file: File }) => {
        const body = new FormData();
        for (const [k, v] of Object.entries(fields)) if (v) body.append(k, String(v).trim());
        body.append('file', file);
        return request<{ id: number }>('/firmware/package/upload', { multipart: body, quiet: true });
      },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => request<null>('/firmware/package/delete', { json: { id } }),
      onSuccess,
    }),
  };
}

export const useFirmwareKeys = (pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['firmware', 'keys', pageStart, pageSize],
    placeholderData: keepPreviousData,
    queryFn: () => requestPage<FirmwareKeyRow>('/firmware/key/list', { params: { pageStart, pageSize } }),
  });

export function useKeyMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['firmware'] });
  return {
    add: useMutation({
      mutationFn: (body: FirmwareKeyBody) => request<null>('/firmware/key/add', { json: body, quiet: true }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => request<null>('/firmware/key/delete', { json: { id } }),
      onSuccess,
    }),
  };
}

export const useRollouts = (pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['firmware', 'rollouts', pageStart, pageSize],
    placeholderData: keepPreviousData,
    queryFn: () => requestPage<RolloutRow>('/firmware/rollout/list', { params: { pageStart, pageSize } }),
  });

export const useRollout = (id: string | null) =>
  useQuery({
    queryKey: ['firmware', 'rollout', id],
    enabled: id !== null,
    placeholderData: keepPreviousData,
    queryFn: () =>
      request<{ rollout: RolloutRow; devices: RolloutDeviceRow[] }>(`/firmware/rollout/${id ?? ''}`),
  });

/** Plants for the rollout dialog's target picker (the caller's, at most one page). */
export const usePlantOptions = () =>
  useQuery({
    queryKey: ['firmware', 'plantOptions'],
    queryFn: () =>
      requestPage<{ id: number; name: string }>('/plant/list', { params: { pageStart: 1, pageSize: 100 } }),
  });

export type RolloutAction = 'approve' | 'pause' | 'resume' | 'cancel';

export function useRolloutMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['firmware'] });
  return {
    create: useMutation({
      mutationFn: (body: Partial<CreateRolloutBody> & { packageId: number }) =>
        request<{ id: string }>('/firmware/rollout', { json: body }),
      onSuccess,
    }),
    act: useMutation({
      mutationFn: ({ id, action }: { id: string; action: RolloutAction }) =>
        request<null>(`/firmware/rollout/${id}/action`, { json: { action } }),
      onSuccess,
    }),
  };
}

/** Single-device upgrades of the caller's devices, newest first; read again every 2 s while one is under way. */
export const useUpgrades = (pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['firmware', 'upgrades', pageStart, pageSize],
    placeholderData: keepPreviousData,
    queryFn: () => requestPage<CommandRow>('/firmware/upgrade/list', { params: { pageStart, pageSize } }),
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.finishedAt === null) ? 2000 : false),
  });

/** Upgrades one device with a package (the server refuses an offline device with the spec's message). */
export function useUpgradeOne() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { packageId: number; serial: string }) =>
      request<CommandRow>('/firmware/upgrade', { json: body, quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['firmware', 'upgrades'] }),
  });
}
