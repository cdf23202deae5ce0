import { describe, expect, it } from 'vitest';
import type { FleetMap } from '@solarops/contracts';
import { pinOrder, plantsOf } from './fleetMapView.ts';

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
