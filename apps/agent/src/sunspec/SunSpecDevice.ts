import { toReadingFields, MAPPED_MODELS, type ReadingFields } from '../mapping/toReading.ts';
import { discoverSunSpec, type ReadRegisters, type SunSpecMap } from './discover.ts';
import { decodeModel, modelDef, type DecodedModel } from '@solarops/contracts/sunspec';
import { ModelReader, readRequest, wholeModelReads } from './readModels.ts';

/** What the common model (1) says of a device. */
export interface DeviceIdentity {
  manufacturer?: string;
  model?: string;
  serial?: string;
  version?: string;
}

/**
 * One SunSpec device: its map (found once), its identity, and a reader for each model that gives reading fields.
 * Models the agent does not know (vendor models) stay in `map.models` and are never read.
 */
export class SunSpecDevice {
  private readonly refused = new Set<number>();
  private readonly readers: ModelReader[];

  private constructor(
    readonly map: SunSpecMap,
    readonly identity: DeviceIdentity,
  ) {
    this.readers = map.models.flatMap((location) => {
      const def = modelDef(location.id);
      return def && MAPPED_MODELS.has(location.id) ? [new ModelReader(location, def, this.refused)] : [];
    });
  }

  /** Discovers the device behind `read`; undefined when it answers without a SunSpec map. */
  static async discover(read: ReadRegisters): Promise<SunSpecDevice | undefined> {
    const map = await discoverSunSpec(read);
    if (!map) return undefined;
    const common = map.models.find((m) => m.id === 1);
    let identity: DeviceIdentity = {};
    if (common) {
      const out = new Map<number, number>();
      for (const request of wholeModelReads(common)) await readRequest(read, request, out, new Set());
      const regs = Array.from({ length: 2 + common.length }, (_, i) => out.get(common.address + i) ?? null);
      const p = decodeModel(modelDef(1)!, regs).points;
      const text = (name: string): string | undefined =>
        typeof p[name] === 'string' ? (p[name] as string) : undefined;
      identity = { manufacturer: text('Mn'), model: text('Md'), serial: text('SN'), version: text('Vr') };
    }
    return new SunSpecDevice(map, identity);
  }

  /** Every model id of the chain, in order, known or not. */
  get modelIds(): number[] {
    return this.map.models.map((m) => m.id);
  }

  /** Reads the mapped models once and decodes them. */
  async readModels(read: ReadRegisters): Promise<DecodedModel[]> {
    const models: DecodedModel[] = [];
    for (const reader of this.readers) models.push(await reader.read(read));
    return models;
  }

  /** Reads the device once: our reading's fields (without `sn`, `ts` and `energyTodayKwh`). */
  async read(read: ReadRegisters): Promise<ReadingFields> {
    return toReadingFields(await this.readModels(read));
  }
}
