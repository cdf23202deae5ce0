import { useEffect, useRef, useState } from 'react';

/**
 * How long each plant stays on the station wall [s]: 20 by default; `?interval=` on the wall's address (the
 * console's `/exhibit/station` or a display link) sets it within these bounds.
 */
export const STATION_INTERVAL_SECONDS = { default: 20, min: 1, max: 3600 } as const;
/** The intervals offered on the wall [s]; an address may ask for any other within the bounds. */
export const STATION_INTERVAL_CHOICES = [10, 20, 30, 60, 120, 300] as const;

/** The address's parameters of the station screen: the wall keeps them when it moves between screens. */
export const STATION_OPTION_PARAMS = ['plant', 'interval'] as const;

/** What the wall's address asks of the station screen: one plant (`?plant=<id>`) or a rotation, and its pace. */
export interface StationOptions {
  /** Shown alone when it is one of the wall's plants; otherwise the wall rotates. */
  plantId?: number;
  intervalSeconds: number;
}

/** Reads `?plant=` and `?interval=`; a value that is not a whole number in range is ignored. */
export function stationOptions(search: URLSearchParams): StationOptions {
  const whole = (name: string) => {
    const raw = search.get(name);
    const n = raw === null || raw.trim() === '' ? NaN : Number(raw);
    return Number.isSafeInteger(n) ? n : undefined;
  };
  const plantId = whole('plant');
  const interval = whole('interval');
  const { min, max } = STATION_INTERVAL_SECONDS;
  return {
    plantId: plantId !== undefined && plantId > 0 ? plantId : undefined,
    intervalSeconds:
      interval !== undefined && interval >= min && interval <= max
        ? interval
        : STATION_INTERVAL_SECONDS.default,
  };
}

/**
 * The plant after `current` in `ids` (the wall's order, which changes as powers change); the second one when
 * `current` is unknown or has left the list, since the first was the one shown.
 */
export function nextPlantId(ids: readonly number[], current: number | undefined): number | undefined {
  if (ids.length === 0) return undefined;
  const at = current === undefined ? -1 : ids.indexOf(current);
  return at < 0 ? ids[Math.min(1, ids.length - 1)] : ids[(at + 1) % ids.length];
}

/**
 * The plant the station wall shows: `pinned` when it is one of `ids`, otherwise each plant in turn every
 * `intervalMs`, held while `paused`. The turn follows plant ids, not places, so a new answer that reorders the
 * plants (every push may) neither restarts the clock nor skips a plant.
 */
export function useStationRotation(
  ids: readonly number[],
  pinned: number | undefined,
  intervalMs: number,
  paused: boolean,
): { plantId: number | undefined; rotating: boolean } {
  const [current, setCurrent] = useState<number>();
  const latest = useRef(ids);
  latest.current = ids;
  const isPinned = pinned !== undefined && ids.includes(pinned);
  const rotating = !isPinned && ids.length > 1;
  useEffect(() => {
    if (!rotating || paused) return;
    const timer = window.setInterval(() => setCurrent((c) => nextPlantId(latest.current, c)), intervalMs);
    return () => window.clearInterval(timer);
  }, [rotating, paused, intervalMs]);
  if (isPinned) return { plantId: pinned, rotating };
  return { plantId: current !== undefined && ids.includes(current) ? current : ids[0], rotating };
}
