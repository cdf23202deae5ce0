import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROLE_CALLS, USER_CALLS as USER, type CreateUserBody } from '@solarops/contracts';
import { callEndpoint, callPage } from '../../../api/callEndpoint.ts';

export interface AccountFilters {
  userCode?: string;
  email?: string;
  phone?: string;
  /** As the query expects. */
  enabled?: 'true' | 'false';
  /** 'true' on the accountback screen: deleted accounts too. */
  withDeleted?: 'true' | 'false';
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
      callPage(USER.list, {
        query: { ...filters, roleIds: roleIds?.join(','), pageStart, pageSize },
      }),
  });

/** The roles the signed-in user may give (`POST /role/manager/child/list`). */
export const useChildRoles = () =>
  useQuery({
    queryKey: ['set', 'childRoles'],
    queryFn: () => callEndpoint(ROLE_CALLS.givable),
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
      mutationFn: (body: CreateUserBody) => callEndpoint(USER.create, { body, quiet: true }),
      ...opts,
    }),
    edit: useMutation({
      mutationFn: (form: AccountEdit) => callEndpoint(USER.updateAccount, { form: { ...form }, quiet: true }),
      ...opts,
    }),
    setEnabled: useMutation({
      mutationFn: ({ userCode, enabled }: { userCode: string; enabled: boolean }) =>
        callEndpoint(enabled ? USER.enable : USER.disable, { query: { userCode } }),
      ...opts,
    }),
    remove: useMutation({
      mutationFn: (userCode: string) => callEndpoint(USER.delete, { body: { userCode } }),
      ...opts,
    }),
    resetPassword: useMutation({
      mutationFn: (userCode: string) => callEndpoint(USER.resetPassword, { body: { userCode } }),
      ...opts,
    }),
    bindRole: useMutation({
      mutationFn: ({ userId, roleId }: { userId: number; roleId: number }) =>
        callEndpoint(USER.bindRole, { form: { userId, roleId } }),
      ...opts,
    }),
  };
}
