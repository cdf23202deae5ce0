import { LinkQueue } from './modbus/LinkQueue.ts';
import { ModbusSerialTransport, describeEndpoint, type LinkEndpoint } from './modbus/transport.ts';
import type { ReadingFields } from './mapping/toReading.ts';
import { SunSpecDevice, type DeviceIdentity } from './sunspec/SunSpecDevice.ts';

/** Unit ids tried when none is given: 1, then 126 (SMA serves its SunSpec map at 126, its own map at 1). */
export const PROBED_UNIT_IDS = [1, 126];

export interface ScannedDevice {
  unitId: number;
  identity: DeviceIdentity;
  models: number[];
  reading: ReadingFields;
}

export interface ScanOptions {
  endpoint: LinkEndpoint;
  unitId?: number;
  timeoutMs?: number;
}

/**
 * Discovers and reads one device once: the given unit id, or the first of {@link PROBED_UNIT_IDS} with a SunSpec
 * map. Rejects with a message saying what was tried when no device answered with one.
 */
export async function scan(options: ScanOptions): Promise<ScannedDevice[]> {
  const queue = new LinkQueue(new ModbusSerialTransport(options.endpoint), {
    timeoutMs: options.timeoutMs ?? 2000,
    retries: 1,
    // A scan is one look: never back a unit off for the rest of it.
    deadAfter: 1000,
  });
  const tried: string[] = [];
  try {
    for (const unitId of options.unitId === undefined ? PROBED_UNIT_IDS : [options.unitId]) {
      const read = (address: number, count: number): Promise<number[]> =>
        queue.read({ unitId, timeoutMs: options.timeoutMs }, address, count);
      let device: SunSpecDevice | undefined;
      try {
        device = await SunSpecDevice.discover(read);
      } catch (err) {
        tried.push(`unit ${unitId}: ${(err as Error).message}`);
        continue;
      }
      if (!device) {
        tried.push(`unit ${unitId}: answers, but has no SunSpec map (no "SunS" at 40000, 0 or 50000)`);
        continue;
      }
      const reading = await device.read(read);
      return [{ unitId, identity: device.identity, models: device.modelIds, reading }];
    }
  } finally {
    await queue.close();
  }
  throw new Error(`no SunSpec device at ${describeEndpoint(options.endpoint)} (${tried.join('; ')})`);
}

/** The human form of a scan (without --json). */
export function formatScan(devices: ScannedDevice[]): string {
  const lines: string[] = [];
  for (const d of devices) {
    const id = d.identity;
    lines.push(
      `unit ${d.unitId}: ${[id.manufacturer, id.model].filter(Boolean).join(' ') || 'unknown device'}`,
    );
    if (id.serial) lines.push(`  serial   ${id.serial}`);
    if (id.version) lines.push(`  version  ${id.version}`);
    lines.push(`  models   ${d.models.join(', ')}`);
    for (const [field, value] of Object.entries(d.reading)) {
      lines.push(`  ${field.padEnd(18)} ${Array.isArray(value) ? value.join(' / ') : value}`);
    }
  }
  return lines.join('\n');
}
