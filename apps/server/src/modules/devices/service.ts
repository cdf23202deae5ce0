import { sql } from 'drizzle-orm';
import type { DeviceKind } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { rowsOf } from '../../db/rowsOf.ts';
import type { BrokerAccounts } from './BrokerAccounts.ts';
import { issueBrokerAccounts } from './collectorAccounts.ts';
import { generateDeviceSecret, hashDeviceSecret } from './deviceSecrets.ts';
import { collectorDevices, collectors, devices } from './tables.ts';

export interface NewCollector {
  serial: string;
  plantId: number | null;
  /** Given by tests and the demo fleet; otherwise a new random one is issued. */
  secret?: string;
  model?: string;
  firmwareVersion?: string;
  network?: string;
  iccid?: string | null;
  reportIntervalS?: number;
}

/**
 * Inserts collectors with their device secrets (stored hashed), gives the broker their accounts (call it inside a
 * transaction: a broker failure then undoes the insert) and returns `{ id, serial, secret }` in order.
 */
export async function createCollectors(
  db: Database,
  accounts: BrokerAccounts,
  input: readonly NewCollector[],
) {
  if (input.length === 0) return [];
  const secrets = input.map((c) => c.secret ?? generateDeviceSecret());
  const rows = await db
    .insert(collectors)
    .values(
      input.map((c, i) => ({
        serial: c.serial,
        plantId: c.plantId,
        secretHash: hashDeviceSecret(secrets[i]!),
        model: c.model ?? '',
        firmwareVersion: c.firmwareVersion ?? '',
        network: c.network ?? '4G',
        iccid: c.iccid ?? null,
        reportIntervalS: c.reportIntervalS ?? 300,
      })),
    )
    .returning({ id: collectors.id, serial: collectors.serial });
  const made = rows.map((r, i) => ({ ...r, secret: secrets[i]! }));
  await issueBrokerAccounts(accounts, made);
  return made;
}

export interface NewDevice {
  serial: string;
  plantId: number;
  collectorId: number | null;
  kind: DeviceKind;
  name?: string;
  model?: string;
  armVersion?: string;
  dspVersion?: string;
  ratedPowerW?: number;
  pvStrings?: number;
}

/** Inserts devices, bound to their collectors (the first row of the mapping history), and returns their ids. */
export async function createDevices(db: Database, input: readonly NewDevice[]): Promise<number[]> {
  if (input.length === 0) return [];
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(devices)
      .values(
        input.map((d) => ({
          serial: d.serial,
          plantId: d.plantId,
          collectorId: d.collectorId,
          kind: d.kind,
          name: d.name ?? d.serial,
          model: d.model ?? '',
          armVersion: d.armVersion ?? '',
          dspVersion: d.dspVersion ?? '',
          ratedPowerW: d.ratedPowerW ?? 0,
          pvStrings: d.pvStrings ?? 0,
        })),
      )
      .returning({ id: devices.id });
    const bound = input
      .map((d, i) => ({ d, id: rows[i]!.id }))
      .filter((x): x is { d: NewDevice & { collectorId: number }; id: number } => x.d.collectorId !== null);
    if (bound.length > 0) {
      await tx
        .insert(collectorDevices)
        .values(bound.map((b) => ({ plantId: b.d.plantId, collectorId: b.d.collectorId, deviceId: b.id })));
    }
    return rows.map((r) => r.id);
  });
}

/** Serials of collectors that exist (shipment import and seeding skip them). */
export async function existingCollectorSerials(
  db: Database,
  serials: readonly string[],
): Promise<Set<string>> {
  const rows = await rowsOf<{ serial: string }>(
    db,
    sql`select serial from collectors where serial = any(${sql.param([...serials])}::text[])`,
  );
  return new Set(rows.map((r) => r.serial));
}
