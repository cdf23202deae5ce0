import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE_CALLS as ROLE, type RoleDetail } from '@solarops/contracts';
import { callEndpoint } from '../../../api/callEndpoint.ts';

/** A role and its menu list (`GET /role/manager/list`), as the contracts declare it. */
export type { RoleDetail };

export const useRoles = () =>
  useQuery({ queryKey: ['set', 'roles'], queryFn: (): Promise<RoleDetail[]> => callEndpoint(ROLE.list) });

export function useRoleMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['set'] });
  return {
    add: useMutation({
      mutationFn: (body: { name: string; description: string; menuList: string[] }) =>
        callEndpoint(ROLE.create, { body, quiet: true }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (body: { roleId: number; name?: string; description?: string; menuList?: string[] }) =>
        callEndpoint(ROLE.update, { body, quiet: true }),
      onSuccess,
    }),
  };
}
