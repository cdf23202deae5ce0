import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  IvDiagnoseBody,
  IvDiagnosisResult,
  IvInverter,
  IvStringDetail,
  IvStringRow,
  IvTask,
  IvTaskBody,
  IvTemplate,
  IvTemplateBody,
} from '@solarops/contracts';
import { request } from '../../../api/request.ts';

export const useIvTemplates = () =>
  useQuery({ queryKey: ['iv', 'templates'], queryFn: () => request<IvTemplate[]>('/iv/templates') });

/** Tasks, polled while any is still scanning. */
export const useIvTasks = () =>
  useQuery({
    queryKey: ['iv', 'tasks'],
    queryFn: () => request<IvTask[]>('/iv/tasks'),
    refetchInterval: (q) => (q.state.data?.some((t) => t.state !== 'complete') ? 2000 : false),
  });

export const useIvInverters = () =>
  useQuery({ queryKey: ['iv', 'inverters'], queryFn: () => request<IvInverter[]>('/iv/inverters') });

export const useIvTask = (id: number) =>
  useQuery({
    queryKey: ['iv', 'task', id],
    enabled: id > 0,
    queryFn: () =>
      request<{
        task: IvTask;
        inverters: { serial: string; commandState: string; failure: string | null }[];
      }>(`/iv/tasks/${id}`),
    refetchInterval: (q) => (q.state.data && q.state.data.task.state !== 'complete' ? 2000 : false),
  });

export const useIvStrings = (id: number, complete: boolean) =>
  useQuery({
    queryKey: ['iv', 'strings', id, complete],
    enabled: id > 0,
    queryFn: () => request<IvStringRow[]>(`/iv/tasks/${id}/strings`),
  });

export const useIvString = (id: number) =>
  useQuery({
    queryKey: ['iv', 'string', id],
    enabled: id > 0,
    queryFn: () => request<IvStringDetail>(`/iv/strings/${id}`),
  });

export function useIvMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['iv'] });
  return {
    createTemplate: useMutation({
      mutationFn: (body: IvTemplateBody) => request<IvTemplate>('/iv/templates', { json: body, quiet: true }),
      onSuccess: refresh,
    }),
    updateTemplate: useMutation({
      mutationFn: ({ id, body }: { id: number; body: IvTemplateBody }) =>
        request<IvTemplate>(`/iv/templates/${id}`, { method: 'PUT', json: body, quiet: true }),
      onSuccess: refresh,
    }),
    deleteTemplate: useMutation({
      mutationFn: (id: number) => request<null>(`/iv/templates/${id}`, { method: 'DELETE' }),
      onSuccess: refresh,
    }),
    startTask: useMutation({
      mutationFn: (body: IvTaskBody) =>
        request<{ task: IvTask; refused: { serial: string; message: string }[] }>('/iv/tasks', {
          json: body,
          quiet: true,
        }),
      onSuccess: refresh,
    }),
    diagnose: useMutation({
      mutationFn: (body: IvDiagnoseBody) =>
        request<IvDiagnosisResult>('/iv/diagnose', { json: body, quiet: true }),
    }),
  };
}
