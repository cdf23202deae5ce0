/**
 * The demo's firmware at first start: the demo maker's key trusted, and one sample collector package per collector
 * model of the fleet, signed by it and newer than every collector's version, so that a new user can roll out an
 * upgrade and watch the simulated collectors download, install and report their new version, with no key or
 * package of their own (`@solarops/simulator/fleet`'s `demoMaker`; the simulator trusts the same key).
 */
import { AGENT_COLLECTOR_MODEL } from '@solarops/contracts';
import {
  DEMO_FIRMWARE_VERSION,
  demoFirmwareImage,
  demoMaker,
  signFirmware,
  type DemoFleet,
} from '@solarops/simulator/fleet';
import type { Database } from '../../db/openDatabase.ts';
import { trustKeyOnce } from '../firmware/keys.ts';
import { storeImagePackage } from '../firmware/packages.ts';

/** The demo maker's name in the trusted keys (a stored name: one text for both languages). */
export const DEMO_MAKER_NAME = '演示厂商 Demo maker';
const DESCRIPTION = '示例固件，演示厂商签名 · Sample firmware signed by the demo maker';

/**
 * Trusts the demo maker's key and stores a signed sample package for each collector model of the fleet.
 *
 * @param db - The database
 * @param filesDir - Where images lie (FILES_DIR)
 * @param fleet - The demo fleet
 * @param makerSeed - The demo maker's 32-byte seed (kept in the fleet's file)
 * @returns the packages' ids
 */
export async function seedDemoFirmware(
  db: Database,
  filesDir: string,
  fleet: Pick<DemoFleet, 'collectors'>,
  makerSeed: Buffer,
): Promise<number[]> {
  const maker = demoMaker(makerSeed);
  await trustKeyOnce(db, DEMO_MAKER_NAME, maker.publicKeyRaw);
  // Not for an edge agent: it runs our agent program, whose packages are its own, not a datalogger's firmware.
  const models = [...new Set(fleet.collectors.map((c) => c.model))]
    .filter((m) => m !== AGENT_COLLECTOR_MODEL)
    .sort();
  const ids: number[] = [];
  for (const model of models) {
    const image = demoFirmwareImage(model, DEMO_FIRMWARE_VERSION);
    ids.push(
      await storeImagePackage(db, filesDir, image, {
        name: `${model}-${DEMO_FIRMWARE_VERSION}.bin`,
        type: 'collector',
        collectType: model,
        interfaceType: 'any',
        snType: '',
        version: DEMO_FIRMWARE_VERSION,
        description: DESCRIPTION,
        signature: signFirmware(image, maker.privateKey),
      }),
    );
  }
  return ids;
}
