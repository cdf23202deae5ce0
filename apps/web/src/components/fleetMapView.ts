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

/**
 * Past this many plants the map gathers pins by area: thousands of separate SVG pins stall the page for seconds,
 * and at the dashboard's scale they would lie on top of each other anyway.
 */
export const MAX_SEPARATE_PINS = 1000;
/** Side of the areas pins are gathered in [degrees]. */
const AREA_DEGREES = 2;
/** At most this many plants are listed beside the map; the plant list has them all. */
export const MAX_LISTED = 100;

/** A pin on the map: one plant, or the plants of one area of a large fleet. */
export interface MapMarker {
  key: string;
  latitude: number;
  longitude: number;
  /** The state the pin shows: the worst among the plants the filter selects (alarm, then offline, then normal). */
  state: MapState;
  plants: MapPlant[];
  /** Whether the filter selects any of its plants (the others are drawn dimmed, below). */
  selected: boolean;
}

const SEVERITY: Record<MapState, number> = { normal: 0, offline: 1, alarm: 2 };

/** The map's pins for a filter, in drawing order (see pinOrder): one per plant, or one per area past MAX_SEPARATE_PINS. */
export function mapMarkers(plants: readonly MapPlant[], filter: MapFilter): MapMarker[] {
  const selects = (p: MapPlant) => filter === 'all' || p.state === filter;
  if (plants.length <= MAX_SEPARATE_PINS)
    return pinOrder(plants, filter).map((p) => ({
      key: String(p.id),
      latitude: p.latitude,
      longitude: p.longitude,
      state: p.state,
      plants: [p],
      selected: selects(p),
    }));
  const areas = new Map<string, MapPlant[]>();
  for (const p of plants) {
    const key = `${Math.floor(p.latitude / AREA_DEGREES)}:${Math.floor(p.longitude / AREA_DEGREES)}`;
    const area = areas.get(key);
    if (area) area.push(p);
    else areas.set(key, [p]);
  }
  const markers = [...areas].map(([key, members]): MapMarker => {
    const chosen = members.filter(selects);
    const shown = chosen.length > 0 ? chosen : members;
    return {
      key,
      latitude: members.reduce((a, p) => a + p.latitude, 0) / members.length,
      longitude: members.reduce((a, p) => a + p.longitude, 0) / members.length,
      state: shown.reduce(
        (worst, p) => (SEVERITY[p.state] > SEVERITY[worst] ? p.state : worst),
        shown[0]!.state,
      ),
      plants: members,
      selected: chosen.length > 0,
    };
  });
  const weight = (m: MapMarker) => (m.selected ? 10 : 0) + SEVERITY[m.state];
  return markers.sort((a, b) => weight(a) - weight(b));
}
