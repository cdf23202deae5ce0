import { createHash, generateKeyPairSync, randomBytes, sign, type KeyPairKeyObjectResult } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ROLE, type CommandMessage } from '@solarops/contracts';
import { FirmwareUpdater, type UpgradeFailures } from '@solarops/simulator';
import type { Database } from '../src/db/openDatabase.ts';
import { CommandCenter } from '../src/modules/commands/CommandCenter.ts';
import { createFixturePlant } from '../src/modules/devices/deviceFixtures.ts';
import { rolloutTurn } from '../src/modules/firmware/rollouts.ts';
import { FirmwareTransfer } from '../src/modules/firmware/transfer.ts';
import { createTestApp, type TestApp } from './createTestApp.ts';
import { createUser, loginAs } from './factories.ts';
import { multipart } from './multipart.ts';

type Headers = Record<string, string>;
export type MakerKey = KeyPairKeyObjectResult;

export const makerKey = (): MakerKey => generateKeyPairSync('ed25519');

/**
 * Trusts a maker's key (as an administrator) and uploads an image signed by it: `image`, or `size` random bytes;
 * `signature`: the signature as the maker's tools printed it, instead of one made here.
 */
export async function uploadSignedPackage(
  app: FastifyInstance,
  admin: Headers,
  maker: MakerKey,
  o: { collectType: string; version: string; trust?: boolean; signature?: string } & (
    { size: number } | { image: Buffer }
  ),
): Promise<number> {
  if (o.trust ?? true) {
    const publicKey = maker.publicKey.export({ format: 'der', type: 'spki' }).subarray(12).toString('base64');
    const added = await app.inject({
      method: 'POST',
      url: '/prod-api/firmware/key/add',
      headers: admin,
      payload: { name: `maker ${publicKey.slice(0, 6)}`, publicKey },
    });
    // A key trusted already is refused with 409: either way it is trusted now.
    expect([200, 409]).toContain(added.statusCode);
  }
  const image = 'image' in o ? o.image : randomBytes(o.size);
  const body = multipart({
    type: 'collector',
    collectType: o.collectType,
    interfaceType: 'any',
    version: o.version,
    signature:
      o.signature ??
      sign(null, createHash('sha256').update(image).digest(), maker.privateKey).toString('base64'),
    file: {
      filename: `${o.collectType}-${o.version}.bin`,
      contentType: 'application/octet-stream',
      data: image,
    },
  });
  const res = await app.inject({
    method: 'POST',
    url: '/prod-api/firmware/package/upload',
    headers: { ...admin, ...body.headers },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return (res.json().data as { id: number }).id;
}

/**
 * Collectors simulated in the test's process: a command center of its own on the test's database, whose
 * messages go straight to each collector's `FirmwareUpdater` and whose replies come straight back, so that
 * rollouts run at full size in seconds without a broker.
 */
export class InProcessFleet {
  readonly center: CommandCenter;
  readonly updaters = new Map<string, FirmwareUpdater>();
  readonly failuresOf = new Map<string, UpgradeFailures>();
  /** Collectors that received any message. */
  readonly reached = new Set<string>();
  readonly transfer: FirmwareTransfer;
  /** When the shared link is free again (with `linkMs`) [ms since the epoch]. */
  private linkFree = 0;
  private readonly options: {
    version: string;
    maker: MakerKey;
    retryMs?: number;
    stepMs?: (serial: string) => number;
    rebootMs?: number;
  };

  constructor(
    db: Database,
    filesDir: string,
    serials: readonly string[],
    o: {
      version: string;
      maker: MakerKey;
      retryMs?: number;
      /** Each step of a device's install (verifying, installing, rebooting) takes this long [ms]; 1 by default. */
      stepMs?: (serial: string) => number;
      /**
       * A congested way down: every message waits for the one before it and takes this long on the one link that
       * all collectors share, and its send resolves once it is through (as the broker's publish does once written).
       */
      linkMs?: number;
      /** The transfer's budget of chunk bytes in flight (its default otherwise). */
      chunkBytesInFlight?: number;
      /** A device that loses power (`rebootAtPct`) is off this long [ms]; 200 by default. */
      rebootMs?: number;
    },
  ) {
    this.options = o;
    this.center = new CommandCenter(
      db,
      async (collectorSerial, message: CommandMessage) => {
        this.reached.add(collectorSerial);
        if (o.linkMs) {
          const through = Math.max(Date.now(), this.linkFree) + o.linkMs;
          this.linkFree = through;
          await new Promise((r) => setTimeout(r, through - Date.now()));
        }
        setImmediate(() => this.updaters.get(collectorSerial)?.handle(message));
      },
      { warn: () => undefined, error: () => undefined },
    );
    this.transfer = new FirmwareTransfer(this.center, filesDir, o.chunkBytesInFlight);
    this.center.onProgress((serial, reply) => this.transfer.take(serial, reply));
    for (const serial of serials) {
      const failures: UpgradeFailures = {};
      this.failuresOf.set(serial, failures);
      this.updaters.set(serial, this.newUpdater(serial, o.version, failures));
    }
  }

  /** A collector's device; its replies reach the server while it is the one at `serial`. */
  private newUpdater(serial: string, version: string, failures: UpgradeFailures): FirmwareUpdater {
    const o = this.options;
    const updater: FirmwareUpdater = new FirmwareUpdater(
      (r) => {
        if (this.updaters.get(serial) === updater) void this.center.onReply(serial, JSON.stringify(r));
      },
      {
        version,
        trustedKeys: [o.maker.publicKey],
        failures,
        stepMs: o.stepMs?.(serial) ?? 1,
        retryMs: o.retryMs ?? 2000,
        ...(o.rebootMs === undefined ? {} : { rebootMs: o.rebootMs }),
      },
    );
    return updater;
  }

  /**
   * The device at `serial` loses what it knew of its upgrade (swapped, reset, its flash wiped): the old one
   * falls silent for good and a new one, running the same version, takes its place. Without `replace` nothing
   * takes its place: the collector stays online but its device never answers again.
   */
  loseTransfer(serial: string, replace = true): FirmwareUpdater | undefined {
    const old = this.updaters.get(serial)!;
    old.powerOff();
    if (!replace) {
      this.updaters.delete(serial);
      return undefined;
    }
    const fresh = this.newUpdater(serial, old.version, {});
    this.updaters.set(serial, fresh);
    return fresh;
  }

  close(): void {
    this.transfer.close();
  }
}

/** What a firmware transfer test starts from (`firmwareTransferSetup`). */
export interface FirmwareTransferSetup {
  t: TestApp;
  admin: Headers;
  plantId: number;
  /** The plant's collectors: 4G, online. */
  serials: string[];
  /** Version 3.0.0 for them, signed by the test's maker. */
  packageId: number;
}

/**
 * An app sending images in chunks of `chunkBytes`, an administrator, a plant of `collectors` online 4G collectors,
 * and a package of `imageBytes` for them signed by `maker`.
 */
export async function firmwareTransferSetup(o: {
  chunkBytes: number;
  collectors: number;
  imageBytes: number;
  maker: MakerKey;
}): Promise<FirmwareTransferSetup> {
  const t = await createTestApp({ firmwareChunkBytes: o.chunkBytes });
  const admin = (await loginAs(t.app, await createUser(t.db, { roleId: ROLE.admin }))).headers;
  const owner = await createUser(t.db, { roleId: ROLE.endUser });
  const plant = await createFixturePlant(t.db, { ownerId: owner.id, collectors: o.collectors });
  await t.db.execute(sql`update collectors set model = 'SC-4G', network = '4G', online = true`);
  const packageId = await uploadSignedPackage(t.app, admin, o.maker, {
    collectType: 'SC-4G',
    version: '3.0.0',
    size: o.imageBytes,
  });
  return { t, admin, plantId: plant.plantId, serials: plant.collectors.map((c) => c.serial), packageId };
}

/** Rolls the package out to the plant as the firmware screen does; expects it accepted. */
export async function rollOut(s: FirmwareTransferSetup): Promise<void> {
  const res = await s.t.app.inject({
    method: 'POST',
    url: '/prod-api/firmware/rollout?langType=en',
    headers: s.admin,
    payload: { packageId: s.packageId, plantIds: [s.plantId] },
  });
  expect(res.statusCode).toBe(200);
}

/** One turn of the server's side: queued commands sent, the rollout job run once. */
export async function transferTurn(t: TestApp, fleet: InProcessFleet): Promise<void> {
  await fleet.center.dispatch();
  await rolloutTurn({ db: t.db, commandCenter: fleet.center, config: t.config });
}
