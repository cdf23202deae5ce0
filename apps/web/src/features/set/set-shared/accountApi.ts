import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateUserBody, RoleItem, UserRow } from '@solarops/contracts';
import { request, requestPage } from '../../../api/request.ts';

export interface AccountFilters {
  userCode?: string;
  email?: string;
  phone?: string;
  /** 'true' | 'false' as the query expects. */
  enabled?: string;
  /** 'true' on the accountback screen: deleted accounts too. */
  withDeleted?: string;
  roleId?: number;
}

/** `GET /user/manager/next/list`, limited to the roles of one screen. */
export const useAccounts = (
  roleIds: readonly number[] | undefined,
  filters: AccountFilters,
  pageStart: number,
  pageSize: number,
) =>
  useQuery({
    queryKey: ['set', 'accounts', roleIds, filters, pageStart, pageSize],
    enabled: roleIds === undefined || roleIds.length > 0,
    placeholderData: keepPreviousData,
    queryFn: () =>
      requestPage<UserRow>('/user/manager/next/list', {
        params: { ...filters, roleIds: roleIds?.join(','), pageStart, pageSize },
      }),
  });

/** The roles the signed-in user may give (`POST /role/manager/child/list`). */
export const useChildRoles = () =>
  useQuery({
    queryKey: ['set', 'childRoles'],
    queryFn: () => request<RoleItem[]>('/role/manager/child/list', { method: 'POST' }),
  });

export interface AccountEdit {
  userCode: string;
  name?: string;
  email?: string;
  phone?: string;
}

/** Every write of the account screens; each refreshes the lists when it succeeds. */
export function useAccountMutations() {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: ['set', 'accounts'] });
  const opts = { onSuccess: done };
  return {
    create: useMutation({
      mutationFn: (body: CreateUserBody) =>
        request<UserRow>('/user/manager/add', { json: body, quiet: true }),
      ...opts,
    }),
    edit: useMutation({
      mutationFn: (form: AccountEdit) =>
        request<null>('/user/manager/update/encrypted', { form: { ...form }, quiet: true }),
      ...opts,
    }),
    setEnabled: useMutation({
      mutationFn: ({ userCode, enabled }: { userCode: string; enabled: boolean }) =>
        request<null>(enabled ? '/user/manager/update/enable' : '/user/manager/update/unable', {
          params: { userCode },
        }),
      ...opts,
    }),
    remove: useMutation({
      mutationFn: (userCode: string) => request<null>('/user/manager/delete', { json: { userCode } }),
      ...opts,
    }),
    resetPassword: useMutation({
      mutationFn: (userCode: string) => request<null>('/user/manager/reset/password', { json: { userCode } }),
      ...opts,
    }),
    bindRole: useMutation({
      mutationFn: ({ userId, roleId }: { userId: number; roleId: number }) =>
        request<null>('/user/manager/bind/role', { form: { userId, roleId } }),
      ...opts,
    }),
  };
}
