import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ManualLanguage, ManualRow, ManualUploadFields, ManualVersionRow } from '@solarops/contracts';
import { fetchFile } from '../../../api/downloadFile.ts';
import { request, requestPage } from '../../../api/request.ts';

export interface ManualFilters {
  name?: string;
  model?: string;
  language?: ManualLanguage;
}

export const useManuals = (filters: ManualFilters, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['manuals', 'list', filters, pageStart, pageSize],
    queryFn: () => requestPage<ManualRow>('/manual/list', { params: { ...filters, pageStart, pageSize } }),
    placeholderData: keepPreviousData,
  });

/** Every version of a manual, the newest first. */
export const useManualVersions = (manualId: number) =>
  useQuery({
    queryKey: ['manuals', 'versions', manualId],
    queryFn: () => request<ManualVersionRow[]>(`/manual/${manualId}/versions`),
  });

/** The QR code of a manual's public address, drawn as SVG (sharp at any size). */
export const useManualQr = (manualId: number) =>
  useQuery({
    queryKey: ['manuals', 'qr', manualId],
    queryFn: () => fetchFile(`/manual/${manualId}/qr`, { format: 'svg' }),
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
        return request<{ manualId: number; versionId: number; version: number }>('/manual/upload', {
          multipart: body,
          quiet: true,
        });
      },
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => request<null>(`/manual/${id}`, { method: 'DELETE' }),
      onSuccess,
    }),
    removeVersion: useMutation({
      mutationFn: (versionId: number) => request<null>(`/manual/version/${versionId}`, { method: 'DELETE' }),
      onSuccess,
    }),
  };
}
