import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MANUAL_CALLS as MANUALS,
  endpointPath,
  type ManualLanguage,
  type ManualUploadFields,
} from '@solarops/contracts';
import { callEndpoint, callPage } from '../../../api/callEndpoint.ts';
import { fetchFile } from '../../../api/downloadFile.ts';

export interface ManualFilters {
  name?: string;
  model?: string;
  language?: ManualLanguage;
}

export const useManuals = (filters: ManualFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['manuals', 'list', filters, pageStart, pageSize],
    queryFn: () => callPage(MANUALS.list, { query: { ...filters, pageStart, pageSize } }),
    placeholderData: keepPreviousData,
  });

/** Every version of a manual, the newest first. */
export const useManualVersions = (manualId: number) =>
  useQuery({
    queryKey: ['manuals', 'versions', manualId],
    queryFn: () => callEndpoint(MANUALS.versions, { path: { id: manualId } }),
  });

/** The QR code of a manual's public address, drawn as SVG (sharp at any size). */
export const useManualQr = (manualId: number) =>
  useQuery({
    queryKey: ['manuals', 'qr', manualId],
    queryFn: () => fetchFile(endpointPath(MANUALS.qr, { id: manualId }), { format: 'svg' }),
    staleTime: Infinity,
  });

export function useManualMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['manuals'] });
  return {
    upload: useMutation({
      mutationFn: ({ fields, file }: { fields: ManualUploadFields; file: File }) => {
        const body = new FormData();
        body.append('name', fields.name.trim());
        body.append('model', fields.model.trim());
        body.append('language', fields.language);
        body.append('file', file);
        // Quiet: the dialog shows a refusal under the field it concerns.
        return callEndpoint(MANUALS.upload, { multipart: body, quiet: true });
      },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callEndpoint(MANUALS.remove, { path: { id } }),
      onSuccess,
    }),
    removeVersion: useMutation({
      mutationFn: (versionId: number) => callEndpoint(MANUALS.removeVersion, { path: { id: versionId } }),
      onSuccess,
    }),
  };
}
