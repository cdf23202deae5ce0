import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IV_CALLS as IV,
  type IvDiagnoseBody,
  type IvTaskBody,
  type IvTemplateBody,
} from '@solarops/contracts';
import { callEndpoint, callPage } from '../../../api/callEndpoint.ts';

export const useIvTemplates = () =>
  useQuery({ queryKey: ['iv', 'templates'], queryFn: () => callEndpoint(IV.templates) });

/** A page of the tasks, newest first, polled while any on it is still scanning. */
export const useIvTasks = (pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['iv', 'tasks', pageStart, pageSize],
    queryFn: () => callPage(IV.tasks, { query: { pageStart, pageSize } }),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (q.state.data?.rows.some((t) => t.state !== 'complete') ? 2000 : false),
  });

export const useIvInverters = () =>
  useQuery({ queryKey: ['iv', 'inverters'], queryFn: () => callEndpoint(IV.inverters) });

export const useIvTask = (id: number) =>
  useQuery({
    queryKey: ['iv', 'task', id],
    enabled: id > 0,
    queryFn: () => callEndpoint(IV.task, { path: { id } }),
    refetchInterval: (q) => (q.state.data && q.state.data.task.state !== 'complete' ? 2000 : false),
  });

export const useIvStrings = (id: number, complete: boolean) =>
  useQuery({
    queryKey: ['iv', 'strings', id, complete],
    enabled: id > 0,
    queryFn: () => callEndpoint(IV.taskStrings, { path: { id } }),
  });

export const useIvString = (id: number) =>
  useQuery({
    queryKey: ['iv', 'string', id],
    enabled: id > 0,
    queryFn: () => callEndpoint(IV.string, { path: { id } }),
  });

export function useIvMutations() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: ['iv'] });
  return {
    createTemplate: useMutation({
      mutationFn: (body: IvTemplateBody) => callEndpoint(IV.createTemplate, { body, quiet: true }),
      onSuccess: refresh,
    }),
    updateTemplate: useMutation({
      mutationFn: ({ id, body }: { id: number; body: IvTemplateBody }) =>
        callEndpoint(IV.updateTemplate, { path: { id }, body, quiet: true }),
      onSuccess: refresh,
    }),
    deleteTemplate: useMutation({
      mutationFn: (id: number) => callEndpoint(IV.deleteTemplate, { path: { id } }),
      onSuccess: refresh,
    }),
    startTask: useMutation({
      mutationFn: (body: IvTaskBody) => callEndpoint(IV.startTask, { body, quiet: true }),
      onSuccess: refresh,
    }),
    diagnose: useMutation({
      mutationFn: (body: IvDiagnoseBody) => callEndpoint(IV.diagnose, { body, quiet: true }),
    }),
  };
}
