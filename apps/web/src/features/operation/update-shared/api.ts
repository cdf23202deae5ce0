import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  FIRMWARE_CALLS as FIRMWARE,
  PLANT_CALLS,
  type CreateRolloutBody,
  type FirmwareKeyBody,
  type FirmwareType,
} from '@solarops/contracts';
import { callEndpoint, callPage } from '../../../api/callEndpoint.ts';

export type PackageFilters = { name?: string; type?: FirmwareType };

export const useFirmwarePackages = (filters: PackageFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['firmware', 'packages', filters, pageStart, pageSize],
    placeholderData: keepPreviousData,
    queryFn: () => callPage(FIRMWARE.packages, { query: { ...filters, pageStart, pageSize } }),
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
        return callEndpoint(FIRMWARE.uploadPackage, { multipart: body, quiet: true });
      },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callEndpoint(FIRMWARE.deletePackage, { body: { id } }),
      onSuccess,
    }),
  };
}

export const useFirmwareKeys = (pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['firmware', 'keys', pageStart, pageSize],
    placeholderData: keepPreviousData,
    queryFn: () => callPage(FIRMWARE.keys, { query: { pageStart, pageSize } }),
  });

export function useKeyMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['firmware'] });
  return {
    add: useMutation({
      mutationFn: (body: FirmwareKeyBody) => callEndpoint(FIRMWARE.addKey, { body, quiet: true }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callEndpoint(FIRMWARE.deleteKey, { body: { id } }),
      onSuccess,
    }),
  };
}

export const useRollouts = (pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['firmware', 'rollouts', pageStart, pageSize],
    placeholderData: keepPreviousData,
    queryFn: () => callPage(FIRMWARE.rollouts, { query: { pageStart, pageSize } }),
  });

export const useRollout = (id: string | null) =>
  useQuery({
    queryKey: ['firmware', 'rollout', id],
    enabled: id !== null,
    placeholderData: keepPreviousData,
    queryFn: () => callEndpoint(FIRMWARE.rollout, { path: { id: id ?? '' } }),
  });

/** Plants for the rollout dialog's target picker (the caller's, at most one page). */
export const usePlantOptions = () =>
  useQuery({
    queryKey: ['firmware', 'plantOptions'],
    queryFn: () => callPage(PLANT_CALLS.list, { query: { pageStart: 1, pageSize: 100 } }),
  });

export type RolloutAction = 'approve' | 'pause' | 'resume' | 'cancel';

export function useRolloutMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['firmware'] });
  return {
    create: useMutation({
      mutationFn: (body: Partial<CreateRolloutBody> & { packageId: number }) =>
        callEndpoint(FIRMWARE.createRollout, { body }),
      onSuccess,
    }),
    act: useMutation({
      mutationFn: ({ id, action }: { id: string; action: RolloutAction }) =>
        callEndpoint(FIRMWARE.actOnRollout, { path: { id }, body: { action } }),
      onSuccess,
    }),
  };
}

/** Single-device upgrades of the caller's devices, newest first; read again every 2 s while one is under way. */
export const useUpgrades = (pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['firmware', 'upgrades', pageStart, pageSize],
    placeholderData: keepPreviousData,
    queryFn: () => callPage(FIRMWARE.upgrades, { query: { pageStart, pageSize } }),
    refetchInterval: (q) => (q.state.data?.rows.some((r) => r.finishedAt === null) ? 2000 : false),
  });

/** Upgrades one device with a package (the server refuses an offline device with the spec's message). */
export function useUpgradeOne() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { packageId: number; serial: string }) =>
      callEndpoint(FIRMWARE.upgrade, { body, quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['firmware', 'upgrades'] }),
  });
}
