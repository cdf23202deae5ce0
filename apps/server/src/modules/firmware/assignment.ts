import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import type { Database } from '../../db/openDatabase.ts';
import { AppError, badRequest, notFound } from '../../http/AppError.ts';
import type { Caller } from '../plants/plantScope.ts';
import { trustedKeys } from './keys.ts';
import { findPackage, imagePath } from './packages.ts';
import { judgeSignature } from './signatures.ts';
import { firmwareTargetsInScope, packageFits, type FirmwareTarget } from './targets.ts';

/** SHA-256 of a stored image, read as a stream; undefined when the file is gone. */
function hashFile(file: string): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .once('end', () => resolve(hash.digest('hex')))
      .once('error', (err: NodeJS.ErrnoException) =>
        err.code === 'ENOENT' ? resolve(undefined) : reject(err),
      );
  });
}

/**
 * The one gate every assignment of a package passes (a single upgrade, a rollout): the package is signed by a key
 * administrators trust now, its image on disk still has the signed hash, every device is in the caller's scope
 * (404 otherwise, never revealing which) and every device is of a model the package is built for. Answers the
 * package and its targets; refuses with the first reason otherwise, so that nothing is ever sent for a package
 * that fails one of these.
 */
export async function assignablePackage(
  db: Database,
  filesDir: string,
  caller: Caller,
  packageId: number,
  serials: readonly string[],
) {
  const pkg = await findPackage(db, packageId);
  const { state } = judgeSignature(pkg.sha256, pkg.signature, await trustedKeys(db));
  if (state === 'unsigned') throw badRequest('firmware.unsigned');
  if (state === 'invalid') throw badRequest('firmware.badSignature');
  const targets = await firmwareTargetsInScope(db, caller, pkg.type, serials);
  if (serials.some((s) => !targets.has(s))) throw notFound();
  const misfit = [...targets.values()].find((t) => !packageFits(pkg, t));
  if (misfit) {
    throw badRequest('firmware.wrongModel', {
      serial: misfit.serial,
      model: pkg.type === 'collector' ? misfit.collectorModel : misfit.model,
    });
  }
  if ((await hashFile(imagePath(filesDir, pkg.fileId))) !== pkg.sha256) {
    throw new AppError(409, 'firmware.imageMissing');
  }
  return { pkg, targets: serials.map((s) => targets.get(s)!) as FirmwareTarget[] };
}
