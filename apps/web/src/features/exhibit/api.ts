import { useQuery, useQueryClient, useMutation } from '@tanstack/react-query';
import { createContext, useContext, useState } from 'react';
import {
  endpointPath,
  EXHIBIT_CALLS as EX,
  type CreateDisplayLinkBody,
  type ExhibitScreen,
  type WallEquipment,
  type WallOperation,
  type WallOverview,
  type WallStation,
} from '@solarops/contracts';
import { ApiError } from '../../api/ApiError.ts';
import { callEndpoint } from '../../api/callEndpoint.ts';
import { useEventStream } from '../../api/eventStream.ts';
import { displayAuthorization, type RequestOptions } from '../../api/request.ts';

export interface WallData {
  overview: WallOverview;
  station: WallStation;
  equipment: WallEquipment;
  operation: WallOperation;
}

/** Who may call a wall: the signed-in user, or a display link's token (`auth`). */
type WallCallOptions = Pick<RequestOptions, 'quiet' | 'auth'>;

/** Each wall screen's call. */
const WALL_CALLS: { [S in ExhibitScreen]: (options: WallCallOptions) => Promise<WallData[S]> } = {
  overview: (options) => callEndpoint(EX.overview, options),
  station: (options) => callEndpoint(EX.station, options),
  equipment: (options) => callEndpoint(EX.equipment, options),
  operation: (options) => callEndpoint(EX.operation, options),
};

/** Who the wall calls as: the signed-in user (no token) or a display link's token. */
export type WallAuth = { display: string } | null;

/** A fallback refetch in case a push was missed while the stream reconnected [ms]. */
const WALL_REFETCH_MS = 60_000;

/** Who the wall on screen calls as, for the screens' own calls (the station's curve). */
export const WallAuthContext = createContext<WallAuth>(null);

/** The query key of a wall screen's calls: a push for the wall refreshes every query under it. */
const wallKey = (screen: ExhibitScreen, auth: WallAuth) => ['exhibit', screen, auth?.display ?? 'session'];

/**
 * One wall screen's data, refetched whenever the server pushes `changed` (a reading or an alarm of the wall's
 * plants arrived, decision 0013). `refused`: the display link is unknown or was revoked.
 */
export function useWall<S extends ExhibitScreen>(screen: S, auth: WallAuth) {
  const client = useQueryClient();
  const [revoked, setRevoked] = useState(false);
  const options: WallCallOptions = { quiet: true, ...(auth ? { auth } : {}) };
  const key = wallKey(screen, auth);
  const query = useQuery({
    queryKey: key,
    queryFn: () => WALL_CALLS[screen](options),
    refetchInterval: WALL_REFETCH_MS,
    retry: (count, e) => !(e instanceof ApiError && e.status === 401) && count < 3,
  });
  useEventStream(
    revoked ? null : endpointPath(EX.stream, {}),
    (e) => {
      if (e.event === 'changed') void client.invalidateQueries({ queryKey: key });
      if (e.event === 'revoked') setRevoked(true);
    },
    // On reconnecting: whatever changed while the stream was down.
    () => void client.invalidateQueries({ queryKey: key }),
    auth ? displayAuthorization(auth.display) : undefined,
  );
  const refused = revoked || (query.error instanceof ApiError && query.error.status === 401);
  return { ...query, refused };
}

/** Today's power curve of one plant of the station wall, refreshed with the wall's data when a push comes. */
export function useStationCurve(plantId: number) {
  const auth = useContext(WallAuthContext);
  return useQuery({
    queryKey: [...wallKey('station', auth), 'curve', plantId],
    queryFn: () =>
      callEndpoint(EX.stationCurve, { path: { id: plantId }, quiet: true, ...(auth ? { auth } : {}) }),
    refetchInterval: WALL_REFETCH_MS,
  });
}

export const useDisplayLinks = (enabled: boolean) =>
  useQuery({
    queryKey: ['exhibit', 'links'],
    queryFn: () => callEndpoint(EX.links),
    enabled,
  });

export function useCreateDisplayLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateDisplayLinkBody) => callEndpoint(EX.createLink, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['exhibit', 'links'] }),
  });
}

export function useRevokeDisplayLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callEndpoint(EX.revokeLink, { path: { id } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['exhibit', 'links'] }),
  });
}
