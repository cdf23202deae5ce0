import { sql } from 'drizzle-orm';
import type { DeviceKind } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import { verifyDeviceSecret } from '../devices/deviceSecrets.ts';

/** What the device link needs to know about a collector. */
export interface CollectorInfo {
  id: number;
  serial: string;
  plantId: number | null;
  secretHash: string;
}

/** What the device link needs to know about a device. */
export interface DeviceInfo {
  id: number;
  serial: string;
  plantId: number;
  collectorId: number | null;
  kind: DeviceKind;
  ratedPowerW: number;
  timeZone: string;
  /** Newest device time stored so far [ms] (late readings are those before it). */
  latestTsMs: number;
  /** A clock-skew alert is open. */
  skewAlertOpen: boolean;
}

/**
 * An in-memory view of collectors and devices for the device link: collectors are looked up at sign-in, devices
 * per plant on first use. Collectors and devices are added by seeding or shipment import, which call
 * `forget` so that the next lookup reads them again.
 */
export class DeviceRegistry {
  private readonly collectors = new Map<string, CollectorInfo>();
  private readonly devices = new Map<string, DeviceInfo>();
  private readonly loadedPlants = new Set<number>();

  constructor(private readonly db: Database) {}

  /** The collector `serial` when `secret` is its device secret, else undefined. */
  async verifyCollector(serial: string, secret: string): Promise<CollectorInfo | undefined> {
    const c = await this.collectorBySerial(serial);
    return c && verifyDeviceSecret(secret, c.secretHash) ? c : undefined;
  }

  /** A collector by serial without checking its secret (an external broker has authenticated it already). */
  async collectorBySerial(serial: string): Promise<CollectorInfo | undefined> {
    const cached = this.collectors.get(serial);
    if (cached) return cached;
    const [row] = await rowsOf<{ id: number; plant_id: number | null; secret_hash: string }>(
      this.db,
      sql`select id, plant_id, secret_hash from collectors where serial = ${serial}`,
    );
    if (!row) return undefined;
    const c = { id: row.id, serial, plantId: row.plant_id, secretHash: row.secret_hash };
    this.collectors.set(serial, c);
    return c;
  }

  /** The devices of `serials` that belong to the collector's plant; the others are left out. */
  async resolveDevices(
    collector: CollectorInfo,
    serials: Iterable<string>,
  ): Promise<Map<string, DeviceInfo>> {
    await this.load(collector);
    return this.devicesOf(collector, serials);
  }

  /**
   * Reads the devices of the collector's plant into memory unless they are there; undefined (nothing to wait
   * for) when they are. The ingest calls this before parsing a batch, so that it can check and convert the
   * whole batch without a pause and its parsed payload dies young.
   */
  load(collector: CollectorInfo): Promise<void> | undefined {
    const known = this.collectors.get(collector.serial);
    if (!known) return this.reload(collector);
    if (known.plantId === null || this.loadedPlants.has(known.plantId)) return undefined;
    return this.loadPlant(known.plantId);
  }

  /**
   * A device link session keeps the collector of its sign-in, which a move to another plant outdates: after a
   * `forget` the collector is read again, so that its next batch lands in the plant it belongs to now.
   */
  private async reload(collector: CollectorInfo): Promise<void> {
    const c = (await this.collectorBySerial(collector.serial)) ?? collector;
    if (c.plantId !== null && !this.loadedPlants.has(c.plantId)) await this.loadPlant(c.plantId);
  }

  /** `resolveDevices` from memory: the devices not yet loaded (see `load`) are left out too. */
  devicesOf(collector: CollectorInfo, serials: Iterable<string>): Map<string, DeviceInfo> {
    const out = new Map<string, DeviceInfo>();
    const plantId = (this.collectors.get(collector.serial) ?? collector).plantId;
    if (plantId === null) return out;
    for (const sn of serials) {
      const d = this.devices.get(sn);
      // A collector may speak only for the devices of its own plant.
      if (d && d.plantId === plantId) out.set(sn, d);
    }
    return out;
  }

  private async loadPlant(plantId: number): Promise<void> {
    const rows = await rowsOf<{
      id: number;
      serial: string;
      plant_id: number;
      collector_id: number | null;
      kind: DeviceKind;
      rated_power_w: number;
      time_zone: string;
      latest_ms: number | null;
      alert_open: boolean;
    }>(
      this.db,
      sql`select d.id, d.serial, d.plant_id, d.collector_id, d.kind, d.rated_power_w, p.time_zone,
            extract(epoch from l.ts) * 1000 as latest_ms,
            exists (select 1 from device_alerts a where a.device_id = d.id and a.cleared_at is null) as alert_open
          from devices d
          join plants p on p.id = d.plant_id
          left join device_latest l on l.device_id = d.id
          where d.plant_id = ${plantId}`,
    );
    for (const r of rows) {
      this.devices.set(r.serial, {
        id: r.id,
        serial: r.serial,
        plantId: r.plant_id,
        collectorId: r.collector_id,
        kind: r.kind,
        ratedPowerW: Number(r.rated_power_w),
        timeZone: r.time_zone,
        latestTsMs: r.latest_ms === null ? 0 : Number(r.latest_ms),
        skewAlertOpen: r.alert_open,
      });
    }
    this.loadedPlants.add(plantId);
  }

  /** Drops cached entries (after collectors or devices are added, moved or given a new secret). */
  forget(): void {
    this.collectors.clear();
    this.devices.clear();
    this.loadedPlants.clear();
  }
}
