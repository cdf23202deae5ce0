import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ErrorLogRow, SystemSettings } from '@solarops/contracts';
import { request, requestPage } from '../../../api/request.ts';
import type { PageQuery } from '../../../components/list/usePagedRows.ts';

/** A page of the error log, newest first. */
export const errorLogPage = (pageStart: number, pageSize: number): PageQuery<ErrorLogRow> => ({
  queryKey: ['system', 'errorlog', pageStart, pageSize],
  queryFn: () => requestPage<ErrorLogRow>('/system/errorlog', { params: { pageStart, pageSize } }),
});

/** The system screen's settings (`GET`/`POST /system/settings`). */
export const useSystemSettings = () =>
  useQuery({ queryKey: ['system', 'settings'], queryFn: () => request<SystemSettings>('/system/settings') });

export function useSaveSystemSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SystemSettings) =>
      request<SystemSettings>('/system/settings', { json: body, quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['system'] }),
  });
}

export function uploadLogo(file: File): Promise<{ logo: string }> {
  const body = new FormData();
  body.append('file', file);
  return request<{ logo: string }>('/system/logo', { multipart: body });
}

export const sendTestMail = (to: string) =>
  request<{ sent: boolean; error: string | null }>('/system/mail/test', { json: { to } });
