import { randomBytes } from 'node:crypto';
import type { DeviceKind, PlantType } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { createPlants } from '../plants/service.ts';
import { noBrokerAccounts, type BrokerAccounts } from './BrokerAccounts.ts';
import { createCollectors, createDevices } from './service.ts';

/** A plant with collectors and devices for the device-link tests, built through the real service functions. */
export interface FixturePlant {
  plantId: number;
  collectors: { id: number; serial: string; secret: string }[];
  devices: { id: number; serial: string; collectorSerial: string; ratedPowerW: number }[];
}

let seq = 0;
const uniq = () => `${++seq}${randomBytes(2).toString('hex')}`.toUpperCase();

/** Creates a plant owned by `ownerId` with `collectors` collectors and the devices spread over them. */
export async function createFixturePlant(
  db: Database,
  o: {
    ownerId: number;
    installerId?: number | null;
    timeZone?: string;
    name?: string;
    type?: PlantType;
    collectors?: number;
    devices?: { kind?: DeviceKind; ratedPowerW?: number; pvStrings?: number; model?: string }[];
    priceMinorPerKwh?: number;
    currency?: string;
    buildDate?: string;
    capacityW?: number;
    /** The broker that is given the collectors' accounts (an external Mosquitto); none by default. */
    brokerAccounts?: BrokerAccounts;
  },
): Promise<FixturePlant> {
  const tag = uniq();
  const [plantId] = await createPlants(db, [
    {
      name: o.name ?? `Test plant ${tag}`,
      ownerId: o.ownerId,
      installerId: o.installerId ?? null,
      timeZone: o.timeZone ?? 'Asia/Shanghai',
      capacityW: o.capacityW ?? 10_000,
      latitude: 31.2,
      longitude: 121.5,
      type: o.type ?? 'residential',
      buildDate: o.buildDate ?? '2024-05-01',
      priceMinorPerKwh: o.priceMinorPerKwh ?? 50,
      currency: o.currency ?? 'CNY',
    },
  ]);
  const collectors = await createCollectors(
    db,
    o.brokerAccounts ?? noBrokerAccounts,
    Array.from({ length: o.collectors ?? 1 }, (_, i) => ({ serial: `TC${tag}C${i}`, plantId: plantId! })),
  );
  const specs = o.devices ?? [{ kind: 'stringInverter' as const, ratedPowerW: 5000, pvStrings: 2 }];
  const list = specs.map((d, i) => {
    const c = collectors[i % collectors.length]!;
    return {
      serial: `TD${tag}D${i}`,
      plantId: plantId!,
      collectorId: c.id,
      collectorSerial: c.serial,
      kind: d.kind ?? ('stringInverter' as const),
      ratedPowerW: d.ratedPowerW ?? 5000,
      pvStrings: d.pvStrings ?? 2,
      model: d.model ?? 'SO-5K-S1',
    };
  });
  const ids = await createDevices(db, list);
  return {
    plantId: plantId!,
    collectors,
    devices: list.map((d, i) => ({
      id: ids[i]!,
      serial: d.serial,
      collectorSerial: d.collectorSerial,
      ratedPowerW: d.ratedPowerW,
    })),
  };
}
