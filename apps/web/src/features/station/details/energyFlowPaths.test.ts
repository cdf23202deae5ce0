import { describe, expect, it } from 'vitest';
import type { EnergyFlow } from '@solarops/contracts';
import { flowPaths } from './energyFlowPaths.ts';

const FLOW: EnergyFlow = {
  plantId: 3,
  timeZone: 'Europe/Berlin',
  today: '2026-11-22',
  asOf: '2026-11-22T11:00:00Z',
  hasStorage: true,
  hasMeter: true,
  pvPowerW: 4200,
  batteryPowerW: 1500,
  batterySocPercent: 64,
  loadPowerW: 1900,
  gridPowerW: 800,
  generationTodayKwh: 12.4,
  chargeTodayKwh: 5.1,
  dischargeTodayKwh: 2.3,
  gridImportTodayKwh: 1.2,
  gridExportTodayKwh: 3.4,
};

const byNode = (f: EnergyFlow) => Object.fromEntries(flowPaths(f).map((p) => [p.node, p]));

describe('flowPaths: which way power flows on each path of a storage plant', () => {
  it('at noon: PV in, the battery charging, export to the grid, the load drawing', () => {
    const p = byNode(FLOW);
    expect(p.pv).toEqual({ node: 'pv', direction: 'in', powerW: 4200 });
    expect(p.battery).toEqual({ node: 'battery', direction: 'out', powerW: 1500 });
    expect(p.grid).toEqual({ node: 'grid', direction: 'out', powerW: 800 });
    expect(p.load).toEqual({ node: 'load', direction: 'out', powerW: 1900 });
  });

  it('at night: no PV, the battery discharging and the grid importing into the house', () => {
    const p = byNode({ ...FLOW, pvPowerW: 0, batteryPowerW: -900, gridPowerW: -300, loadPowerW: 1200 });
    expect(p.pv!.direction).toBe('idle');
    expect(p.battery).toEqual({ node: 'battery', direction: 'in', powerW: 900 });
    expect(p.grid).toEqual({ node: 'grid', direction: 'in', powerW: 300 });
  });

  it('shows a few watts of meter noise as idle, and what the plant cannot measure as unknown', () => {
    const p = byNode({ ...FLOW, gridPowerW: -12, loadPowerW: null, hasMeter: false });
    expect(p.grid).toEqual({ node: 'grid', direction: 'idle', powerW: 12 });
    expect(p.load).toEqual({ node: 'load', direction: 'idle', powerW: null });
  });
});
