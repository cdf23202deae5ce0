import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPlantState,
  generateDemoFleet,
  ModbusFace,
  stepPlant,
  sunspecImage,
  toProtocolReading,
  withAgentPlant,
  type DeviceDescription,
} from '@solarops/simulator';
import { AGENT_COLLECTOR_MODEL, type TelemetryReading } from '@solarops/contracts';
import { scan, type ScannedDevice } from '../src/scan.ts';

// The demo's agent plant (storage: hybrid inverters with batteries, single- and three-phase, and a meter) at noon
// in its zone, served on the simulator's Modbus TCP face and read by the agent's own scan, as the demo runs it.
const { fleet, agent } = withAgentPlant(generateDemoFleet({ seed: 20240601, plants: 3 }));
const plant = fleet.plants.find((p) => p.id === agent?.plantId)!;
const face = new ModbusFace();
let port = 0;
const served = new Map<string, { device: DeviceDescription; reading: TelemetryReading }>();

beforeAll(async () => {
  port = await face.start();
  // Counters of a plant some years old (an accumulator at 0 is "not implemented" in SunSpec, as a new one reads).
  const meter = plant.devices.find((d) => d.kind === 'meter')!;
  const state = createPlantState(plant, {
    [meter.serial]: { importEnergyKwh: 1234.5, exportEnergyKwh: 2345.6 },
  });
  // Two steps at 04:00 UTC (noon in Shanghai): the second has the first's counters behind it.
  const t = Date.UTC(2026, 5, 15, 4, 0);
  stepPlant(plant, state, t - 300_000);
  for (const r of stepPlant(plant, state, t).readings) {
    const device = plant.devices.find((d) => d.serial === r.serial)!;
    const reading = toProtocolReading(r);
    const unitId = agent!.devices.find((d) => d.sn === r.serial)!.unitId;
    face.serve(unitId, sunspecImage(device, reading)!);
    served.set(r.serial, { device, reading });
  }
});
afterAll(() => face.stop());

async function scanUnit(unitId: number): Promise<ScannedDevice> {
  const [device] = await scan({
    endpoint: { kind: 'tcp', host: '127.0.0.1', port },
    unitId,
    timeoutMs: 5000,
  });
  return device!;
}

describe("the simulator's Modbus TCP face, read by the agent", () => {
  it('puts a whole storage plant behind one collector, an edge agent, each device at its own unit id', () => {
    expect(plant.type).toBe('energyStorage');
    expect(new Set(plant.devices.map((d) => d.collectorSerial))).toEqual(new Set([agent!.collectorSerial]));
    expect(fleet.collectors.filter((c) => c.plantId === plant.id).map((c) => c.serial)).toEqual([
      agent!.collectorSerial,
    ]);
    expect(agent!.devices.map((d) => d.unitId)).toEqual(plant.devices.map((_, i) => i + 1));
    expect(fleet.collectors.find((c) => c.serial === agent!.collectorSerial)!.model).toBe(
      AGENT_COLLECTOR_MODEL,
    );
  });

  it("gives each inverter's identity, SunSpec models and readings as the simulation has them", async () => {
    for (const d of agent!.devices) {
      const { device, reading } = served.get(d.sn)!;
      if (device.kind === 'meter') continue;
      const found = await scanUnit(d.unitId);
      expect(found.identity).toMatchObject({
        manufacturer: 'SolarOps',
        model: device.model,
        serial: device.serial,
      });
      const phaseModel = 'phases' in device && device.phases === 3 ? 103 : 101;
      expect(found.models).toEqual([1, phaseModel, 120, 160, 802]);
      const r = found.reading;
      expect(r.acPowerW).toBeCloseTo(reading.acPowerW!, 0);
      expect(r.energyTotalKwh).toBeCloseTo(reading.energyTotalKwh!, 3);
      expect(r.gridVoltageV).toEqual(reading.gridVoltageV!.map((v) => Math.round(v * 10) / 10));
      expect(r.gridCurrentA!.length).toBe(reading.gridCurrentA!.length);
      r.gridCurrentA!.forEach((a, i) => expect(a).toBeCloseTo(reading.gridCurrentA![i]!, 2));
      expect(r.gridFrequencyHz![0]).toBeCloseTo(reading.gridFrequencyHz![0]!, 2);
      expect(r.tempC).toBeCloseTo(reading.tempC!, 1);
      expect(r.status).toBe(reading.status);
      expect(r.pvVoltageV).toEqual(reading.pvVoltageV!.map((v) => Math.round(v * 10) / 10));
      r.pvCurrentA!.forEach((a, i) => expect(a).toBeCloseTo(reading.pvCurrentA![i]!, 2));
      expect(r.batterySocPercent).toBeCloseTo(reading.batterySocPercent!, 1);
      expect(r.batteryPowerW).toBeCloseTo(reading.batteryPowerW!, 0);
      expect(r.batteryVoltageV).toBeCloseTo(reading.batteryVoltageV!, 2);
      // Noon: the inverters produce, so the comparison is not of zeros.
      expect(r.acPowerW).toBeGreaterThan(0);
    }
  });

  it("gives the meter's power with our sign (export positive) and both energy counters", async () => {
    const d = agent!.devices.find((x) => served.get(x.sn)!.device.kind === 'meter')!;
    const { reading } = served.get(d.sn)!;
    const found = await scanUnit(d.unitId);
    expect(found.models).toEqual([1, 201]);
    expect(found.reading.acPowerW).toBeCloseTo(reading.acPowerW!, 0);
    expect(found.reading.energyTotalKwh).toBeCloseTo(reading.energyTotalKwh!, 3);
    expect(found.reading.importEnergyKwh).toBeCloseTo(reading.importEnergyKwh!, 3);
  });

  it('answers a unit it does not serve as a gateway does (exception 11), and the agent says so', async () => {
    await expect(
      scan({ endpoint: { kind: 'tcp', host: '127.0.0.1', port }, unitId: 42, timeoutMs: 2000 }),
    ).rejects.toThrow(/unit 42/);
  });
});
