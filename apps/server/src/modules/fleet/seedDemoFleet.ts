import { eq, inArray, sql } from 'drizzle-orm';
import { ROLE } from '@solarops/contracts';
import type { DemoFleet } from '@solarops/simulator/fleet';
import type { Database } from '../../db/openDatabase.ts';
import { PASSWORD_NOT_ISSUED } from '../auth/passwords.ts';
import { users } from '../users/tables.ts';
import { createPlants } from '../plants/service.ts';
import { createCollectors, createDevices } from '../devices/service.ts';
import type { BrokerAccounts } from '../devices/BrokerAccounts.ts';

/** The demo accounts: a distributor, two installers bound to it, end users owning the plants. */
export const DEMO_DISTRIBUTOR = 'demo-distributor';
export const DEMO_DEALERCODE = 'DEMO01';
const INSTALLERS = ['demo-installer-1', 'demo-installer-2'];
const END_USERS = ['demo-user-1', 'demo-user-2', 'demo-user-3', 'demo-user-4'];
/** Every demo account's user code. */
export const DEMO_ACCOUNTS: readonly string[] = [DEMO_DISTRIBUTOR, ...INSTALLERS, ...END_USERS];

export interface SeededFleet {
  /** The collectors' device secrets, for the in-process simulator (kept in DATA_DIR, never in the database). */
  secrets: Record<string, string>;
  /** Database ids by the fleet's serials and plant ids. */
  deviceIds: Map<string, { id: number; plantId: number; collectorId: number | null }>;
}

/**
 * Seeds the demo fleet of `generateDemoFleet` (plants, collectors with new secrets, devices) and its owners, whose
 * passwords are not issued yet: `issueDemoPasswords` gives them theirs.
 */
export async function seedDemoFleet(
  db: Database,
  fleet: DemoFleet,
  /** The external broker's accounts, given the demo collectors' secrets (none for the embedded broker). */
  brokerAccounts: BrokerAccounts,
): Promise<SeededFleet> {
  const make = async (
    userCode: string,
    roleId: number,
    extra: { dealercode?: string; parentId?: number; name: string },
  ) => {
    const [row] = await db
      .insert(users)
      .values({
        userCode,
        name: extra.name,
        email: `${userCode}@demo.solarops.local`,
        // Issued once the fleet is live (issueDemoPasswords.ts): the fleet's listing does not wait for the hashes.
        passwordHash: PASSWORD_NOT_ISSUED,
        roleId,
        dealercode: extra.dealercode ?? null,
        parentId: extra.parentId ?? null,
        // Printed once: the console asks for a new password at first sign-in, like the administrator's.
        firstLogin: true,
      })
      .returning({ id: users.id });
    return row!.id;
  };
  // Someone may have created accounts by these names already; the demo then reuses nothing and stops.
  const taken = await db
    .select({ c: users.userCode })
    .from(users)
    .where(inArray(users.userCode, [...DEMO_ACCOUNTS]));
  if (taken.length > 0) throw new Error(`demo accounts exist already: ${taken.map((t) => t.c).join(', ')}`);
  await make(DEMO_DISTRIBUTOR, ROLE.distributor, { dealercode: DEMO_DEALERCODE, name: 'Demo Distributor' });
  const installerIds: number[] = [];
  for (const [i, code] of INSTALLERS.entries()) {
    installerIds.push(
      await make(code, ROLE.installer, { dealercode: DEMO_DEALERCODE, name: `Demo Installer ${i + 1}` }),
    );
  }
  const owners: { id: number; installerId: number }[] = [];
  for (const [i, code] of END_USERS.entries()) {
    const installerId = installerIds[i % installerIds.length]!;
    owners.push({
      id: await make(code, ROLE.endUser, { parentId: installerId, name: `Demo User ${i + 1}` }),
      installerId,
    });
  }

  const plantIds = await createPlants(
    db,
    fleet.plants.map((p, i) => {
      const owner = owners[i % owners.length]!;
      return {
        code: p.id,
        name: p.name,
        ownerId: owner.id,
        installerId: owner.installerId,
        address: p.address,
        timeZone: p.timeZone,
        priceMinorPerKwh: p.priceMinorPerKwh,
        currency: p.currency,
        capacityW: p.capacityW,
        latitude: p.latitude,
        longitude: p.longitude,
        altitude: p.altitude,
        type: p.type,
        buildDate: p.buildDate,
      };
    }),
  );
  const plantIdOf = new Map(fleet.plants.map((p, i) => [p.id, plantIds[i]!]));
  const collectors = await createCollectors(
    db,
    brokerAccounts,
    fleet.collectors.map((c) => ({
      serial: c.serial,
      plantId: plantIdOf.get(c.plantId)!,
      model: c.model,
      firmwareVersion: c.firmwareVersion,
      network: c.network,
    })),
  );
  const collectorIdOf = new Map(collectors.map((c) => [c.serial, c.id]));
  const devices = fleet.devices.map((d) => ({
    serial: d.serial,
    plantId: plantIdOf.get(d.plantId)!,
    collectorId: collectorIdOf.get(d.collectorSerial) ?? null,
    kind: d.kind,
    name: d.serial,
    model: d.model,
    armVersion: d.armVersion,
    dspVersion: d.dspVersion,
    ratedPowerW: d.ratedPowerW,
    pvStrings: 'strings' in d ? d.strings : 0,
  }));
  const ids = await createDevices(db, devices);
  return {
    secrets: Object.fromEntries(collectors.map((c) => [c.serial, c.secret])),
    deviceIds: new Map(
      devices.map((d, i) => [d.serial, { id: ids[i]!, plantId: d.plantId, collectorId: d.collectorId }]),
    ),
  };
}

/** Whether the demo fleet was seeded already (its distributor exists). */
export async function demoFleetSeeded(db: Database): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.userCode})`, DEMO_DISTRIBUTOR));
  return rows.length > 0;
}
