import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { USER_CALLS, type EnterpriseRow } from '@solarops/contracts';
import { callEndpoint, callPage } from '../../../api/callEndpoint.ts';

export type EnterpriseStatus = EnterpriseRow['status'];

/** `GET /user/manager/enterprise/list`. */
export const useEnterprises = (status: EnterpriseStatus | undefined, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['set', 'enterprises', status, pageStart, pageSize],
    placeholderData: keepPreviousData,
    queryFn: () => callPage(USER_CALLS.enterprises, { query: { status, pageStart, pageSize } }),
  });

/** `POST /user/manager/enterprise/audit`: approval mails the initial password. */
export function useEnterpriseAudit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: number; approve: boolean; notes: string }) =>
      callEndpoint(USER_CALLS.auditEnterprise, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['set'] }),
  });
}
