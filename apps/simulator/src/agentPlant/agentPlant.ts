import { AGENT_COLLECTOR_MODEL } from '@solarops/contracts';
import type { DemoCollector, DemoFleet } from '../physics/demoFleet.ts';

/** One device the edge agent reads: its serial, its Modbus unit id, and whether it speaks SunSpec or a vendor map. */
export interface AgentDevice {
  sn: string;
  unitId: number;
  profile: 'sunspec' | 'hybridRegister';
}

/** The demo plant that reports through a real edge agent instead of a simulated collector. */
export interface AgentPlant {
  plantId: string;
  /** The collector serial the agent signs in with: the plant's first collector, now its only one. */
  collectorSerial: string;
  devices: AgentDevice[];
}

/** Plant types by preference: storage first (inverters, batteries and a meter), then homes; never a station. */
const PREFERRED = ['energyStorage', 'residential'] as const;

/**
 * The fleet with one plant taken over by an edge agent, as an installer would put one beside a real plant: all of
 * its devices move to its first collector (the agent), its other collectors leave the fleet, and each device gets
 * a Modbus unit id (1, 2, … in the plant's order). That collector is registered as an edge agent
 * (`AGENT_COLLECTOR_MODEL`), which the console shows on the plant's page. The plant is the first storage plant, else the first home, and
 * never one with a weather station (SunSpec gives the agent no model for it); a fleet without such a plant has no
 * agent plant. The rest of the fleet is unchanged, so that a fleet made before agent plants existed keeps its
 * collectors by not asking for one.
 */
export function withAgentPlant(fleet: DemoFleet): { fleet: DemoFleet; agent: AgentPlant | undefined } {
  const plant = PREFERRED.map((type) =>
    fleet.plants.find((p) => p.type === type && !p.devices.some((d) => d.kind === 'weatherStation')),
  ).find(Boolean);
  const collector = plant && fleet.collectors.find((c) => c.plantId === plant.id);
  if (!plant || !collector) return { fleet, agent: undefined };
  const moved = <D extends { collectorSerial: string; serial: string }>(d: D): D =>
    plant.devices.some((p) => p.serial === d.serial) ? { ...d, collectorSerial: collector.serial } : d;
  // Registered as what it is, an edge agent; on the plant's own network, without a SIM card of ours.
  const agentCollector: DemoCollector = { ...collector, model: AGENT_COLLECTOR_MODEL, network: 'WiFi' };
  const plants = fleet.plants.map((p) => (p.id === plant.id ? { ...p, devices: p.devices.map(moved) } : p));
  const agentPlant = plants.find((p) => p.id === plant.id)!;
  return {
    fleet: {
      ...fleet,
      plants,
      collectors: fleet.collectors
        .filter((c) => c.plantId !== plant.id || c.serial === collector.serial)
        .map((c) => (c.serial === collector.serial ? agentCollector : c)),
      devices: fleet.devices.map(moved),
    },
    agent: {
      plantId: plant.id,
      collectorSerial: collector.serial,
      devices: agentPlant.devices.map((d, i) => ({ sn: d.serial, unitId: i + 1, profile: 'sunspec' })),
    },
  };
}
