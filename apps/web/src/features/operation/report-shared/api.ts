import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AbnormalReport,
  AbnormalReportQuery,
  CustomReportDefinition,
  CustomReportResult,
  ReportTemplate,
  ReportTemplateInput,
  PeriodicReport,
  PeriodicReportQuery,
  ReportPlantOption,
} from '@solarops/contracts';
import { request } from '../../../api/request.ts';

/** The plants a report may cover (the caller's scope), by name. */
export const useReportPlants = () =>
  useQuery({ queryKey: ['report', 'plants'], queryFn: () => request<ReportPlantOption[]>('/report/plants') });

/** The periodic report of one plant or of the whole scope (`GET /report/periodic`). */
export const usePeriodicReport = (q: PeriodicReportQuery) =>
  useQuery({
    queryKey: ['report', 'periodic', q],
    queryFn: () => request<PeriodicReport>('/report/periodic', { params: { ...q } }),
  });

/** The abnormal report of a local day (`GET /report/abnormal`). */
export const useAbnormalReport = (q: Omit<AbnormalReportQuery, 'langType'>) =>
  useQuery({
    queryKey: ['report', 'abnormal', q],
    queryFn: () => request<AbnormalReport>('/report/abnormal', { params: { ...q } }),
  });

/** The caller's custom report templates. */
export const useReportTemplates = () =>
  useQuery({
    queryKey: ['report', 'templates'],
    queryFn: () => request<ReportTemplate[]>('/report/custom/templates'),
  });

/** Saves a template: a new one without `id`, else changes it. */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ReportTemplateInput & { id?: number | undefined }) =>
      request<ReportTemplate>(id ? `/report/custom/templates/${id}` : '/report/custom/templates', {
        method: id ? 'PUT' : 'POST',
        json: input,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['report', 'templates'] }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => request<null>(`/report/custom/templates/${id}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['report', 'templates'] }),
  });
}

/** Makes a definition for a local day (the preview). */
export const useCustomPreview = () =>
  useMutation({
    mutationFn: (body: { definition: CustomReportDefinition; date: string }) =>
      request<CustomReportResult>('/report/custom/preview', { method: 'POST', json: body }),
  });

/** "Send a test report now" of a saved template with a schedule. */
export const useSendTestReport = () =>
  useMutation({
    mutationFn: (id: number) =>
      request<{ from: string; to: string; recipients: string[] }>(`/report/custom/templates/${id}/send`, {
        method: 'POST',
      }),
  });
