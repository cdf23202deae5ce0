import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SlaTarget,
  SlaTargetRow,
  WorkOrderDetail,
  WorkOrderMoveBody,
  WorkOrderNotice,
  WorkOrderPriority,
  WorkOrderRow,
  WorkOrderRule,
  WorkOrderRuleInput,
  WorkOrderState,
} from '@solarops/contracts';
import { request, requestPage } from '../../../api/request.ts';
import { storedMenuList } from '../../../api/session.ts';
import { useUserStore } from '../../../store/userStore.ts';

export interface WorkOrderFilters {
  state?: WorkOrderState | undefined;
  priority?: WorkOrderPriority | undefined;
  keyword?: string | undefined;
  mine?: boolean | undefined;
}

const KEY = ['workOrders'] as const;

export const useWorkOrders = (filters: WorkOrderFilters, page: number, limit: number) =>
  useQuery({
    queryKey: [...KEY, 'list', filters, page, limit],
    queryFn: () =>
      requestPage<WorkOrderRow>('/workorder/list', {
        params: {
          state: filters.state,
          priority: filters.priority,
          keyword: filters.keyword,
          mine: filters.mine ? 'true' : undefined,
          pageNumber: page,
          pageSize: limit,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useWorkOrder = (id: number | undefined) =>
  useQuery({
    queryKey: [...KEY, 'detail', id],
    queryFn: () => request<WorkOrderDetail>(`/workorder/${id}`),
    enabled: id !== undefined,
  });

/** Who may take order `workOrderId`: the server offers only users who see its plant. */
export const useAssignees = (workOrderId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'assignees', workOrderId],
    queryFn: () =>
      request<{ id: number; name: string; userCode: string }[]>('/workorder/assignees', {
        params: { workOrderId },
      }),
    enabled,
  });

export const useSlaNotices = () =>
  useQuery({
    queryKey: [...KEY, 'notices'],
    queryFn: () => request<WorkOrderNotice[]>('/workorder/notices', { quiet: true }),
    refetchInterval: 60_000,
  });

/** Every change to an order: the mutation, then its lists and detail read again. */
function useOrderMutation<V, R>(fn: (v: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

export const useMoveWorkOrder = (id: number) =>
  useOrderMutation((body: WorkOrderMoveBody) =>
    request<{ state: WorkOrderState }>(`/workorder/${id}/move`, { json: body }),
  );

export const useAddNote = (id: number) =>
  useOrderMutation((text: string) => request<null>(`/workorder/${id}/notes`, { json: { text } }));

export const useAddImage = (id: number, kind: 'photos' | 'signatures') =>
  useOrderMutation((file: Blob) => {
    const body = new FormData();
    body.append('file', file, kind === 'photos' ? 'photo.jpg' : 'signature.png');
    return request<null>(`/workorder/${id}/${kind}`, { multipart: body });
  });

/** Opens a work order for an alarm; resolves to its id (a 409 names the open one, shown by the client). */
export const useCreateWorkOrder = () =>
  useOrderMutation((alarmId: number) =>
    request<{ id: number }>('/workorder', { json: { alarmId } }).then((r) => r.id),
  );

/** Whether the signed-in user has the work-order screen. */
export function useCanUseWorkOrders(): boolean {
  const info = useUserStore((s) => s.info);
  const menuList = info?.menuList ?? storedMenuList();
  return info?.roleId === 1 || menuList.includes('question');
}

export const useWorkOrderRules = () =>
  useQuery({ queryKey: [...KEY, 'rules'], queryFn: () => request<WorkOrderRule[]>('/workorder/rules') });

export const useSlaTargets = () =>
  useQuery({ queryKey: [...KEY, 'sla'], queryFn: () => request<SlaTargetRow[]>('/workorder/sla') });

/**
 * Saving, changing and removing rules and SLA targets. Saving is quiet: the dialogs put a refused field's message under
 * the field (or show it) themselves.
 */
export function useWorkOrderSettings() {
  return {
    saveRule: useOrderMutation(({ id, rule }: { id?: number; rule: WorkOrderRuleInput }) =>
      id === undefined
        ? request<WorkOrderRule>('/workorder/rules', { json: rule, quiet: true })
        : request<WorkOrderRule>(`/workorder/rules/${id}`, { method: 'PUT', json: rule, quiet: true }),
    ),
    deleteRule: useOrderMutation((id: number) =>
      request<null>(`/workorder/rules/${id}`, { method: 'DELETE' }),
    ),
    saveSla: useOrderMutation((target: SlaTarget) =>
      request<null>('/workorder/sla', { method: 'PUT', json: target, quiet: true }),
    ),
    resetSla: useOrderMutation((priority: SlaTarget['priority']) =>
      request<null>(`/workorder/sla/${priority}`, { method: 'DELETE' }),
    ),
  };
}
