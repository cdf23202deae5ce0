import { randomUUID } from 'node:crypto';
import { COMMAND_LIMITS, UPGRADE_LIMITS } from '@solarops/contracts';
import type { Database } from '../../db/openDatabase.ts';
import { AppError, badRequest } from '../../http/AppError.ts';
import {
  enqueueCommands,
  lockChangesOf,
  type CommandCenter,
  type CommandRecord,
  type UpgradeParams,
} from '../commands/index.ts';
import type { Caller } from '../plants/plantScope.ts';
import { assignablePackage } from './assignment.ts';
import type { firmwarePackages } from './tables.ts';
import type { FirmwareTarget } from './targets.ts';
import { packageDevicesUnapproved } from './upgradeChange.ts';

export type Package = typeof firmwarePackages.$inferSelect;

/** The route name an upgrade command is created from (the `update` screen). */
export const UPGRADE_ROUTE = 'update';

/** What every upgrade command of a package carries: the start message's args and where the image lies. */
export function upgradeParams(pkg: Package, chunkBytes: number, holdInstall = false): UpgradeParams {
  return {
    packageId: pkg.id,
    fileId: pkg.fileId,
    version: pkg.version,
    size: pkg.size,
    sha256: pkg.sha256,
    // assignablePackage has judged it: a package without a good signature never gets here.
    signature: pkg.signature!,
    chunkBytes,
    chunks: Math.ceil(pkg.size / chunkBytes),
    holdInstall,
  };
}

/**
 * Stores one `queued` upgrade command per target (the command model's state, time-to-live and audit). The
 * command goes through the target's collector; for collector firmware the target is the collector itself.
 */
export async function storeUpgrades(
  db: Database,
  o: {
    pkg: Package;
    targets: readonly Pick<FirmwareTarget, 'id' | 'plantId' | 'serial' | 'collectorSerial'>[];
    createdBy: number;
    chunkBytes: number;
    ttlS: number;
    holdInstall?: boolean;
  },
): Promise<CommandRecord[]> {
  const params = upgradeParams(o.pkg, o.chunkBytes, o.holdInstall);
  const expiresAt = new Date(Date.now() + o.ttlS * 1000);
  const rows = o.targets.map((t) => ({
    id: randomUUID(),
    batchId: null,
    kind: 'upgrade' as const,
    route: UPGRADE_ROUTE,
    plantId: t.plantId,
    deviceId: t.id,
    deviceSerial: t.serial,
    collectorSerial: t.collectorSerial!,
    params,
    createdBy: o.createdBy,
    expiresAt,
  }));
  return enqueueCommands(db, rows);
}

/**
 * Upgrades one device a user picked: the package passes the one gate (`assignablePackage`: signature, scope,
 * model, intact image), and a device that is offline now is refused ("Device offline cannot be upgraded!")
 * rather than left waiting; in a rollout it would stay queued instead. Answers the command, already sent.
 */
export async function upgradeOne(
  deps: {
    db: Database;
    commandCenter: CommandCenter;
    config: { filesDir: string; firmwareChunkBytes?: number };
  },
  caller: Caller & { userId: number },
  body: { packageId: number; serial: string; ttlS?: number | undefined },
): Promise<CommandRecord> {
  const { db, commandCenter, config } = deps;
  const { pkg, targets } = await assignablePackage(db, config.filesDir, caller, body.packageId, [
    body.serial,
  ]);
  const target = targets[0]!;
  if (!target.online || !target.collectorSerial) throw badRequest('firmware.deviceOffline');
  const [command] = await db.transaction(async (tx) => {
    // One-device upgrades have no waiting state: the one that would take the user's change of this package past
    // 50 devices within the hour is refused, and the rest goes as a rollout, which a second user approves.
    await lockChangesOf(tx, caller.userId);
    const tdb = tx as unknown as Database;
    const before = await packageDevicesUnapproved(tdb, { userId: caller.userId, packageId: pkg.id });
    if (before + 1 > COMMAND_LIMITS.approvalAbove)
      throw new AppError(409, 'firmware.upgradeNeedsRollout', { params: { count: before } });
    return storeUpgrades(tdb, {
      pkg,
      targets,
      createdBy: caller.userId,
      chunkBytes: config.firmwareChunkBytes ?? UPGRADE_LIMITS.defaultChunkBytes,
      ttlS: body.ttlS ?? UPGRADE_LIMITS.defaultTtlS,
    });
  });
  const [sent] = await commandCenter.dispatchCreated([command!]);
  return sent ?? command!;
}
