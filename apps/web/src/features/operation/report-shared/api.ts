import { useQuery } from '@tanstack/react-query';
import type {
  AbnormalReport,
  AbnormalReportQuery,
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
