import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  REPORT_CALLS as REPORT,
  type AbnormalReportQuery,
  type CustomReportDefinition,
  type PeriodicReportQuery,
  type ReportTemplateInput,
} from '@solarops/contracts';
import { callEndpoint } from '../../../api/callEndpoint.ts';

/** The plants a report may cover (the caller's scope), by name. */
export const useReportPlants = () =>
  useQuery({ queryKey: ['report', 'plants'], queryFn: () => callEndpoint(REPORT.plants) });

/** The periodic report of one plant or of the whole scope (`GET /report/periodic`). */
export const usePeriodicReport = (q: PeriodicReportQuery) =>
  useQuery({
    queryKey: ['report', 'periodic', q],
    queryFn: () => callEndpoint(REPORT.periodic, { query: q }),
  });

/** The abnormal report of a local day (`GET /report/abnormal`). */
export const useAbnormalReport = (q: Omit<AbnormalReportQuery, 'langType'>) =>
  useQuery({
    queryKey: ['report', 'abnormal', q],
    queryFn: () => callEndpoint(REPORT.abnormal, { query: q }),
  });

/** The caller's custom report templates. */
export const useReportTemplates = () =>
  useQuery({
    queryKey: ['report', 'templates'],
    queryFn: () => callEndpoint(REPORT.templates),
  });

/** Saves a template: a new one without `id`, else changes it. */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: ReportTemplateInput & { id?: number | undefined }) =>
      id
        ? callEndpoint(REPORT.updateTemplate, { path: { id }, body: input })
        : callEndpoint(REPORT.createTemplate, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['report', 'templates'] }),
  });
}

export function useDeleteTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(REPORT.deleteTemplate, { path: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['report', 'templates'] }),
  });
}

/** Makes a definition for a local day (the preview). */
export const useCustomPreview = () =>
  useMutation({
    mutationFn: (body: { definition: CustomReportDefinition; date: string }) =>
      callEndpoint(REPORT.preview, { body }),
  });

/** "Send a test report now" of a saved template with a schedule. */
export const useSendTestReport = () =>
  useMutation({
    mutationFn: (id: number) => callEndpoint(REPORT.sendTestReport, { path: { id } }),
  });
