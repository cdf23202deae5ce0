import { useCallback } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  COMMAND_CALLS as COMMANDS,
  TERMINAL_STATES,
  endpointPath,
  type CommandBatch,
  type CommandPush,
  type CommandRow,
  type DispatchSchedule,
  type PointValues,
  type RegisterType,
  type SettingsProfileId,
} from '@solarops/contracts';
import { callEndpoint, callPage } from '../../../api/callEndpoint.ts';
import { useEventStream } from '../../../api/eventStream.ts';
import type { PageQuery } from '../../../components/list/usePagedRows.ts';

/** The screens that write settings (each is the permission the server checks). */
export type SettingsRoute = 'remoteSet' | 'remoteSet1' | 'YongfuRemoteSettings' | 'setUpList';
/** The screens that read and write registers and restart devices. */
export type DebugRoute = 'debug' | 'faultRemote';

/** While a command on screen is unfinished it is also fetched this often, in case a push is missed [ms]. */
const UNFINISHED_POLL_MS = 3_000;

/** The settings profiles (register maps) of the device models; they change only with a release. */
export const useProfiles = () =>
  useQuery({
    queryKey: ['commands', 'profiles'],
    queryFn: () => callEndpoint(COMMANDS.profiles),
    staleTime: Number.POSITIVE_INFINITY,
  });

/** Devices in the caller's scope that a command can reach, of one profile or all. */
export const useCommandDevices = (filter: {
  profileId?: SettingsProfileId;
  plantId?: number;
  search?: string;
}) =>
  useQuery({
    queryKey: ['commands', 'devices', filter],
    queryFn: () => callEndpoint(COMMANDS.devices, { query: filter }),
    placeholderData: keepPreviousData,
  });

export interface CommandFilter {
  batchId?: string;
  serial?: string;
  kind?: CommandRow['kind'];
  state?: CommandRow['state'];
}

/** A page of commands (a batch's, a device's), newest first; refreshed while some are unfinished. */
export const commandPage = (
  filter: CommandFilter,
  pageStart: number,
  pageSize: number,
  enabled = true,
): PageQuery<CommandRow> => ({
  queryKey: ['commands', 'list', filter, pageStart, pageSize],
  queryFn: () => commandApi.list(filter, pageStart, pageSize),
  placeholderData: keepPreviousData,
  enabled,
  refetchInterval: (q) => (q.state.data?.rows.some((r) => !isFinished(r.state)) ? UNFINISHED_POLL_MS : false),
});

/** Commands by id (the ones a screen just created), live until every one has finished. */
export const useCommandsById = (ids: readonly string[]) =>
  useQuery({
    queryKey: ['commands', 'byId', ids],
    queryFn: () => Promise.all(ids.map((id) => callEndpoint(COMMANDS.command, { path: { id } }))),
    enabled: ids.length > 0,
    refetchInterval: (q) => (q.state.data?.every((r) => isFinished(r.state)) ? false : UNFINISHED_POLL_MS),
  });

/**
 * A batch's counts by state, live until every command has finished. Pushes refresh it too, but a push that
 * arrives while the counts are being fetched joins that fetch and is answered by counts older than itself: the
 * last pushes of a large batch would leave its counts behind for good without this poll.
 */
export const useBatch = (id: string | undefined) =>
  useQuery({
    queryKey: ['commands', 'batch', id],
    queryFn: () => callEndpoint(COMMANDS.batch, { path: { id: id! } }),
    enabled: Boolean(id),
    refetchInterval: (q) => (batchUnfinished(q.state.data) ? UNFINISHED_POLL_MS : false),
  });

/** Whether any command of the batch is still on its way (a batch not yet fetched counts as unfinished). */
export const batchUnfinished = (batch: { counts: Partial<CommandBatch['counts']> } | undefined): boolean =>
  !batch ||
  Object.entries(batch.counts).some(
    ([state, n]) => (n ?? 0) > 0 && !isFinished(state as CommandRow['state']),
  );

/**
 * Keeps every command query live: each pushed state change refreshes the commands on screen, and a reconnection
 * refetches what was missed while the stream was down.
 */
export function useCommandPush(onPush?: (rows: CommandPush[]) => void) {
  const client = useQueryClient();
  const refresh = useCallback(() => void client.invalidateQueries({ queryKey: ['commands'] }), [client]);
  useEventStream(
    endpointPath(COMMANDS.stream, {}),
    (e) => {
      if (e.event !== 'command') return;
      const rows = JSON.parse(e.data) as CommandPush[];
      const changed = new Map(rows.map((r) => [r.id, r]));
      // A pushed change lands in the rows already on screen at once; lists are refetched for their counts.
      client.setQueriesData<{ total: number; rows: CommandRow[] }>(
        { queryKey: ['commands', 'list'] },
        (old) => (old ? { ...old, rows: old.rows.map((r) => merge(r, changed.get(r.id))) } : old),
      );
      client.setQueriesData<CommandRow[]>({ queryKey: ['commands', 'byId'] }, (old) =>
        old?.map((r) => merge(r, changed.get(r.id))),
      );
      // Lists are refetched for their counts and for commands new to them (a read just asked for is pushed
      // before any list holds it). A refetch under way is not restarted: during a large batch's stream of
      // pushes each list is fetched at most once at a time.
      void client.invalidateQueries({ queryKey: ['commands', 'list'] }, { cancelRefetch: false });
      void client.invalidateQueries({ queryKey: ['commands', 'batch'] }, { cancelRefetch: false });
      onPush?.(rows);
    },
    refresh,
  );
}

const merge = (row: CommandRow, push: CommandPush | undefined): CommandRow =>
  push
    ? {
        ...row,
        state: push.state,
        failure: push.failure,
        newValues: push.newValues ?? row.newValues,
        result: push.result ?? row.result,
      }
    : row;

/** The command calls; each answers the commands made, the batch and the devices refused before sending. */
export const commandApi = {
  list: (filter: CommandFilter, pageStart: number, pageSize: number) =>
    callPage(COMMANDS.list, {
      query: {
        batchId: filter.batchId,
        serial: filter.serial,
        kind: filter.kind,
        state: filter.state,
        pageStart,
        pageSize,
      },
    }),
  readSettings: (route: SettingsRoute | DebugRoute, serial: string) =>
    callEndpoint(COMMANDS.readSettings, { body: { route, serial } }),
  writeSettings: (body: { route: SettingsRoute; serials: string[]; values: PointValues; confirm: string }) =>
    callEndpoint(COMMANDS.writeSettings, { body }),
  dispatch: (body: { serials: string[]; schedule: DispatchSchedule; confirm: string }) =>
    callEndpoint(COMMANDS.dispatch, { body }),
  debugRead: (body: {
    route: DebugRoute;
    serial: string;
    address: number;
    count: number;
    dataType: RegisterType;
  }) => callEndpoint(COMMANDS.debugRead, { body }),
  debugWrite: (body: {
    route: DebugRoute;
    serial: string;
    address: number;
    dataType: RegisterType;
    values: number[];
    confirm: string;
  }) => callEndpoint(COMMANDS.debugWrite, { body }),
  restart: (body: { route: DebugRoute; serial: string; confirm: string }) =>
    callEndpoint(COMMANDS.restart, { body }),
  decide: (batchId: string, approve: boolean) =>
    callEndpoint(COMMANDS.decideBatch, { path: { id: batchId }, body: { approve } }),
  cancel: (id: string) => callEndpoint(COMMANDS.cancel, { path: { id } }),
};

/** Whether a command has reached a state it never leaves. */
export const isFinished = (state: CommandRow['state']) => TERMINAL_STATES.includes(state);
