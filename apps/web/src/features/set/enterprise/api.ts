import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnterpriseRow } from '@solarops/contracts';
import { request, requestPage } from '../../../api/request.ts';

export type EnterpriseStatus = EnterpriseRow['status'];

/** `GET /user/manager/enterprise/list`. */
export const useEnterprises = (status: EnterpriseStatus | undefined, pageStart: number, pageSize: number) =>
  useQuery({
    queryKey: ['set', 'enterprises', status, pageStart, pageSize],
    placeholderData: keepPreviousData,
    queryFn: () =>
      requestPage<EnterpriseRow>('/user/manager/enterprise/list', {
        params: { status, pageStart, pageSize },
      }),
  });

/** `POST /user/manager/enterprise/audit`: approval mails the initial password. */
export function useEnterpriseAudit() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { userId: number; approve: boolean; notes: string }) =>
      request<null>('/user/manager/enterprise/audit', { json: body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['set'] }),
  });
}
