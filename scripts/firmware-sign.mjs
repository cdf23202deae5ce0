#!/usr/bin/env node
// Signs firmware images for the console (docs/firmware.md): an Ed25519 signature over the image's SHA-256 digest.
//
//   node scripts/firmware-sign.mjs keygen <folder>          a maker key pair: <folder>/maker-private.pem (kept
//                                                          secret, mode 600) and maker-public.pem; prints the
//                                                          public key as administrators enter it
//   node scripts/firmware-sign.mjs sign <image> <key.pem>   prints the image's SHA-256 and the signature to paste
//                                                          into the upload dialog
import { createHash, createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import { createReadStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The DER prefix of an Ed25519 SubjectPublicKeyInfo; the key's 32 bytes follow it. */
const SPKI_PREFIX_BYTES = 12;

function usage() {
  console.error(
    'usage: firmware-sign.mjs keygen <folder>\n       firmware-sign.mjs sign <image> <private-key.pem>',
  );
  process.exit(2);
}

async function sha256Of(file) {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk);
  return hash.digest();
}

const [command, ...args] = process.argv.slice(2);
if (command === 'keygen' && args.length === 1) {
  const folder = args[0];
  mkdirSync(folder, { recursive: true });
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  const privateFile = path.join(folder, 'maker-private.pem');
  writeFileSync(privateFile, privateKey.export({ format: 'pem', type: 'pkcs8' }), {
    mode: 0o600,
    flag: 'wx',
  });
  writeFileSync(path.join(folder, 'maker-public.pem'), publicKey.export({ format: 'pem', type: 'spki' }));
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(SPKI_PREFIX_BYTES);
  console.log(`public key: ${raw.toString('base64')}`);
} else if (command === 'sign' && args.length === 2) {
  const [image, keyFile] = args;
  const key = createPrivateKey(readFileSync(keyFile));
  if (key.asymmetricKeyType !== 'ed25519') {
    console.error(`${keyFile} is not an Ed25519 private key`);
    process.exit(1);
  }
  const digest = await sha256Of(image);
  console.log(`sha256: ${digest.toString('hex')}`);
  console.log(`signature: ${sign(null, digest, key).toString('base64')}`);
} else {
  usage();
}
