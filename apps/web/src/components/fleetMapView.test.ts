import { describe, expect, it } from 'vitest';
import type { FleetMap } from '@solarops/contracts';
import { MAX_SEPARATE_PINS, mapMarkers, pinOrder, plantsOf } from './fleetMapView.ts';

type Plant = FleetMap['plants'][number];
const plant = (id: number, name: string, state: Plant['state']): Plant => ({
  id,
  name,
  latitude: 0,
  longitude: 0,
  state,
  status: state === 'offline' ? 'offline' : state === 'alarm' ? 'fault' : 'online',
  powerW: 0,
  capacityKw: 10,
  openAlarms: state === 'alarm' ? 1 : 0,
  devices: 2,
  devicesOnline: state === 'offline' ? 0 : 2,
});
const PLANTS = [plant(1, 'Cedar', 'normal'), plant(2, 'Birch', 'alarm'), plant(3, 'Aspen', 'offline')];

describe('the fleet map’s status cards', () => {
  it('list the plants of the chosen state, every plant for "all" with alarms first', () => {
    expect(plantsOf(PLANTS, 'all').map((p) => p.name)).toEqual(['Birch', 'Aspen', 'Cedar']);
    expect(plantsOf(PLANTS, 'offline').map((p) => p.name)).toEqual(['Aspen']);
    expect(plantsOf(PLANTS, 'alarm').map((p) => p.id)).toEqual([2]);
  });

  it('draw the chosen state’s pins last (on top), and alarms over the rest', () => {
    expect(pinOrder(PLANTS, 'all').map((p) => p.state)).toEqual(['normal', 'offline', 'alarm']);
    expect(pinOrder(PLANTS, 'normal').map((p) => p.state)).toEqual(['offline', 'alarm', 'normal']);
  });
});

describe('the fleet map at scale', () => {
  it('draws a pin per plant up to MAX_SEPARATE_PINS, with the filter’s pins on top', () => {
    const markers = mapMarkers(PLANTS, 'offline');
    expect(markers.map((m) => [m.plants[0]!.name, m.selected])).toEqual([
      ['Cedar', false],
      ['Birch', false],
      ['Aspen', true],
    ]);
  });

  it('gathers a large fleet by area, each area showing its worst selected state', () => {
    const many: Plant[] = Array.from({ length: MAX_SEPARATE_PINS + 1 }, (_, i) => ({
      ...plant(i + 1, `P${i}`, i === 5 ? 'alarm' : i === 6 ? 'offline' : 'normal'),
      // Two areas: plants 0–9 near Berlin, the rest near São Paulo.
      latitude: i < 10 ? 52.5 : -23.5,
      longitude: i < 10 ? 13.4 : -46.6,
    }));
    const all = mapMarkers(many, 'all');
    expect(all).toHaveLength(2);
    const berlin = all.find((m) => m.plants.length === 10)!;
    expect(berlin.state).toBe('alarm');
    expect(berlin.latitude).toBeCloseTo(52.5);
    expect(all.reduce((n, m) => n + m.plants.length, 0)).toBe(many.length);
    // Filtered to offline: Berlin shows its offline plant and is drawn on top; São Paulo has none and recedes.
    const offline = mapMarkers(many, 'offline');
    expect(offline.map((m) => [m.plants.length, m.state, m.selected])).toEqual([
      [many.length - 10, 'normal', false],
      [10, 'offline', true],
    ]);
  });
});
