import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  WORK_ORDER_CALLS as WO,
  type SlaTarget,
  type WorkOrderMoveBody,
  type WorkOrderPriority,
  type WorkOrderRuleInput,
  type WorkOrderState,
} from '@solarops/contracts';
import { callEndpoint, callPage } from '../../../api/callEndpoint.ts';
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
      callPage(WO.list, {
        query: {
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
    queryFn: () => callEndpoint(WO.detail, { path: { id: id! } }),
    enabled: id !== undefined,
  });

/** Who may take order `workOrderId`: the server offers only users who see its plant. */
export const useAssignees = (workOrderId: number, enabled: boolean) =>
  useQuery({
    queryKey: [...KEY, 'assignees', workOrderId],
    queryFn: () => callEndpoint(WO.assignees, { query: { workOrderId } }),
    enabled,
  });

export const useSlaNotices = () =>
  useQuery({
    queryKey: [...KEY, 'notices'],
    queryFn: () => callEndpoint(WO.notices, { quiet: true }),
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
  useOrderMutation((body: WorkOrderMoveBody) => callEndpoint(WO.move, { path: { id }, body }));

export const useAddNote = (id: number) =>
  useOrderMutation((text: string) => callEndpoint(WO.addNote, { path: { id }, body: { text } }));

export const useAddImage = (id: number, kind: 'photos' | 'signatures') =>
  useOrderMutation((file: Blob) => {
    const body = new FormData();
    body.append('file', file, kind === 'photos' ? 'photo.jpg' : 'signature.png');
    return callEndpoint(kind === 'photos' ? WO.addPhoto : WO.addSignature, { path: { id }, multipart: body });
  });

/** Opens a work order for an alarm; resolves to its id (a 409 names the open one, shown by the client). */
export const useCreateWorkOrder = () =>
  useOrderMutation((alarmId: number) => callEndpoint(WO.create, { body: { alarmId } }).then((r) => r.id));

/** Whether the signed-in user has the work-order screen. */
export function useCanUseWorkOrders(): boolean {
  const info = useUserStore((s) => s.info);
  const menuList = info?.menuList ?? storedMenuList();
  return info?.roleId === 1 || menuList.includes('question');
}

export const useWorkOrderRules = () =>
  useQuery({ queryKey: [...KEY, 'rules'], queryFn: () => callEndpoint(WO.rules) });

export const useSlaTargets = () =>
  useQuery({ queryKey: [...KEY, 'sla'], queryFn: () => callEndpoint(WO.slaTargets) });

/**
 * Saving, changing and removing rules and SLA targets. Saving is quiet: the dialogs put a refused field's message under
 * the field (or show it) themselves.
 */
export function useWorkOrderSettings() {
  return {
    saveRule: useOrderMutation(({ id, rule }: { id?: number; rule: WorkOrderRuleInput }) =>
      id === undefined
        ? callEndpoint(WO.addRule, { body: rule, quiet: true })
        : callEndpoint(WO.updateRule, { path: { id }, body: rule, quiet: true }),
    ),
    deleteRule: useOrderMutation((id: number) => callEndpoint(WO.deleteRule, { path: { id } })),
    saveSla: useOrderMutation((target: SlaTarget) =>
      callEndpoint(WO.setSlaTarget, { body: target, quiet: true }),
    ),
    resetSla: useOrderMutation((priority: SlaTarget['priority']) =>
      callEndpoint(WO.resetSlaTarget, { path: { priority } }),
    ),
  };
}
