import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SYSTEM_CALLS as SYSTEM, type ErrorLogRow, type SystemSettings } from '@solarops/contracts';
import { callEndpoint, callPage } from '../../../api/callEndpoint.ts';
import type { PageQuery } from '../../../components/list/usePagedRows.ts';

/** A page of the error log, newest first. */
export const errorLogPage = (pageStart: number, pageSize: number): PageQuery<ErrorLogRow> => ({
  queryKey: ['system', 'errorlog', pageStart, pageSize],
  queryFn: () => callPage(SYSTEM.errorLog, { query: { pageStart, pageSize } }),
});

/** The system screen's settings (`GET`/`POST /system/settings`). */
export const useSystemSettings = () =>
  useQuery({ queryKey: ['system', 'settings'], queryFn: () => callEndpoint(SYSTEM.settings) });

export function useSaveSystemSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SystemSettings) => callEndpoint(SYSTEM.saveSettings, { body, quiet: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['system'] }),
  });
}

export function uploadLogo(file: File): Promise<{ logo: string }> {
  const body = new FormData();
  body.append('file', file);
  return callEndpoint(SYSTEM.uploadLogo, { multipart: body });
}

export const sendTestMail = (to: string) => callEndpoint(SYSTEM.testMail, { body: { to } });
