import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SerialRuleBody, SerialRuleRow } from '@solarops/contracts';
import { request, requestPage } from '../../../api/request.ts';

export const useSerialRules = (model: string | undefined, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['set', 'serialRules', model, pageStart, pageSize],
    placeholderData: keepPreviousData,
    queryFn: () =>
      requestPage<SerialRuleRow>('/serial/rule/list', { params: { model, pageStart, pageSize } }),
  });

export function useSerialRuleMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['set', 'serialRules'] });
  return {
    save: useMutation({
      mutationFn: (body: SerialRuleBody & { id?: number }) =>
        request<null>(body.id ? '/serial/rule/update' : '/serial/rule/add', { json: body, quiet: true }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => request<null>('/serial/rule/delete', { json: { id } }),
      onSuccess,
    }),
  };
}

export const checkSerial = (model: string, sn: string) =>
  request<{ valid: boolean; reason: string | null; message: string | null }>('/serial/rule/check', {
    json: { model, sn },
  });
