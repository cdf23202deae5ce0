import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../api/request.ts';

/** A role and its menu list (`GET /role/manager/list`). */
export interface RoleDetail {
  roleId: number;
  name: string;
  description: string;
  menuList: string[];
  builtin: boolean;
}

export const useRoles = () =>
  useQuery({ queryKey: ['set', 'roles'], queryFn: () => request<RoleDetail[]>('/role/manager/list') });

export function useRoleMutations() {
  const client = useQueryClient();
  const onSuccess = () => client.invalidateQueries({ queryKey: ['set'] });
  return {
    add: useMutation({
      mutationFn: (body: { name: string; description: string; menuList: string[] }) =>
        request<RoleDetail>('/role/manager/add', { json: body, quiet: true }),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (body: { roleId: number; name?: string; description?: string; menuList?: string[] }) =>
        request<null>('/role/manager/update', { json: body, quiet: true }),
      onSuccess,
    }),
  };
}
