import type { FleetMap, MapState } from '@solarops/contracts';

/** A status card's choice: every plant, or the plants of one map state. */
export type MapFilter = 'all' | MapState;

/** Pin and card colours of the map states (Ant Design's success, error and a neutral grey). */
export const MAP_STATE_COLORS: Record<MapState, string> = {
  normal: '#52c41a',
  alarm: '#ff4d4f',
  offline: '#8c8c8c',
};

type MapPlant = FleetMap['plants'][number];

/** The plants a status card selects, the ones in alarm first, then by name. */
export function plantsOf(plants: readonly MapPlant[], filter: MapFilter): MapPlant[] {
  const order: Record<MapState, number> = { alarm: 0, offline: 1, normal: 2 };
  return plants
    .filter((p) => filter === 'all' || p.state === filter)
    .sort((a, b) => order[a.state] - order[b.state] || a.name.localeCompare(b.name));
}

/**
 * Pins drawn last lie on top: the selected state's pins over the others, and alarms over the rest, so that a plant
 * in alarm is never hidden under a neighbour.
 */
export function pinOrder(plants: readonly MapPlant[], filter: MapFilter): MapPlant[] {
  const weight = (p: MapPlant) =>
    (filter === 'all' || p.state === filter ? 10 : 0) + { normal: 0, offline: 1, alarm: 2 }[p.state];
  return [...plants].sort((a, b) => weight(a) - weight(b));
}
