import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SERIAL_CALLS as SERIALS, type SerialRuleBody } from '@solarops/contracts';
import { callEndpoint, callPage } from '../../../api/callEndpoint.ts';

export const useSerialRules = (model: string | undefined, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['set', 'serialRules', model, pageStart, pageSize],
    placeholderData: keepPreviousData,
    queryFn: () => callPage(SERIALS.rules, { query: { model, pageStart, pageSize } }),
  });

export function useSerialRuleMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['set', 'serialRules'] });
  return {
    save: useMutation({
      mutationFn: ({ id, ...rule }: SerialRuleBody & { id?: number }) =>
        id
          ? callEndpoint(SERIALS.updateRule, { body: { ...rule, id }, quiet: true })
          : callEndpoint(SERIALS.addRule, { body: rule, quiet: true }),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (id: number) => callEndpoint(SERIALS.deleteRule, { body: { id } }),
      onSuccess,
    }),
  };
}

export const checkSerial = (model: string, sn: string) =>
  callEndpoint(SERIALS.check, { body: { model, sn } });
