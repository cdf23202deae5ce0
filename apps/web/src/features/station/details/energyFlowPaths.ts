import type { EnergyFlow } from '@solarops/contracts';

/** The nodes of the energy-flow diagram; power flows through the inverter (`hub`) between the others. */
export type FlowNode = 'pv' | 'battery' | 'grid' | 'load';

/** One path of the diagram: which way power flows now, and how much [W]; null when the plant cannot measure it. */
export interface FlowPath {
  node: FlowNode;
  /** `in`: from the node into the hub (PV generating, battery discharging, grid importing); `out`: the reverse. */
  direction: 'in' | 'out' | 'idle';
  powerW: number | null;
}

/** Below this [W] a path counts as idle: meter noise and a battery's standby draw are not a flow. */
export const IDLE_W = 20;

const path = (node: FlowNode, signedInW: number | null): FlowPath => {
  if (signedInW === null) return { node, direction: 'idle', powerW: null };
  const powerW = Math.abs(signedInW);
  return { node, direction: powerW < IDLE_W ? 'idle' : signedInW > 0 ? 'in' : 'out', powerW };
};

/**
 * The four paths of a plant's live flow, signs turned into directions: PV only ever flows in; the battery flows
 * in when discharging (its power is + charging); the grid flows in when importing (its power is + export); the
 * load only ever draws.
 */
export function flowPaths(flow: EnergyFlow): FlowPath[] {
  return [
    path('pv', flow.pvPowerW),
    path('battery', flow.batteryPowerW === null ? null : -flow.batteryPowerW),
    path('grid', flow.gridPowerW === null ? null : -flow.gridPowerW),
    path('load', flow.loadPowerW === null ? null : -flow.loadPowerW),
  ];
}
