#!/usr/bin/env node
// Builds an update package of the edge agent, which the console rolls out to agents as collector firmware
// (docs/decisions/0030-agent-self-update.md, README "Updating itself"):
//   npm run package:update -w @solarops/agent -- [--version V] [--arch A] [--key maker-private.pem] [--out DIR]
// --version: the version the package installs (default: apps/agent/package.json's); --arch: arm64, amd64 or armhf
// (default: this machine's), for the native parts of its dependencies; --key: the maker's Ed25519 private key
// (`node scripts/firmware-sign.mjs keygen`), to print the image's SHA-256 and signature for the upload; --out:
// where the package goes (default: dist/ of the repository).
//
// The package is the agent's tree as the Debian package installs it (stage-tree.sh: the production build with its
// production dependencies, so that it runs from its own folder on a gateway) and `agent-package.json` at its root,
// as a gzip-compressed tar. An agent installs it only when its maker's key is among its trusted keys.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repo = fileURLToPath(new URL('../../..', import.meta.url));
const USAGE =
  'usage: build-update.mjs [--version V] [--arch arm64|amd64|armhf] [--key maker-private.pem] [--out DIR]\n';
/** A version is a folder's name on the gateway (src/update/agentPackage.ts `agentVersion`). */
const VERSION = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$/;
/** The program the supervisor starts, inside the version's folder. */
const ENTRY = 'apps/agent/dist/solarops-agent.mjs';

let values;
try {
  ({ values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      version: { type: 'string' },
      arch: { type: 'string' },
      key: { type: 'string' },
      out: { type: 'string' },
    },
  }));
} catch (err) {
  process.stderr.write(`${err.message}\n${USAGE}`);
  process.exit(2);
}
const agentManifest = JSON.parse(readFileSync(path.join(repo, 'apps/agent/package.json'), 'utf8'));
const version = values.version ?? agentManifest.version;
if (!VERSION.test(version)) {
  process.stderr.write(`--version ${version}: a version of letters, digits, ".", "_", "+" and "-"\n`);
  process.exit(2);
}
const arch =
  values.arch ?? { x64: 'amd64', arm64: 'arm64', arm: 'armhf' }[process.arch] ?? String(process.arch);
// Paths given are taken from where the command was started (npm runs the script in apps/agent).
const here = process.env.INIT_CWD ?? process.cwd();
const out = values.out ? path.resolve(here, values.out) : path.join(repo, 'dist');
const key = values.key && path.resolve(here, values.key);
if (key && !existsSync(key)) {
  process.stderr.write(`--key ${key}: no such file\n`);
  process.exit(2);
}
const image = path.join(out, `solarops-agent-${version}-${arch}.tar.gz`);

const stage = mkdtempSync(path.join(tmpdir(), 'agent-update-'));
try {
  execFileSync('bash', [path.join(repo, 'apps/agent/packaging/stage-tree.sh'), stage, arch], {
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  // The version the agent says it runs is its package.json's (src/version.ts): set after the install, whose lock
  // file names the version of the sources.
  writeFileSync(
    path.join(stage, 'apps/agent/package.json'),
    `${JSON.stringify({ ...agentManifest, version }, null, 2)}\n`,
  );
  writeFileSync(path.join(stage, 'agent-package.json'), `${JSON.stringify({ version, entry: ENTRY })}\n`);
  mkdirSync(out, { recursive: true });
  // Owned by nobody in particular and in a fixed order: the agent reads files, folders and links, and their modes.
  execFileSync('tar', [
    '--create',
    '--gzip',
    `--file=${image}`,
    `--directory=${stage}`,
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    '--sort=name',
    '.',
  ]);
} finally {
  rmSync(stage, { recursive: true, force: true });
}

const megabytes = (statSync(image).size / 1e6).toFixed(1);
console.log(`image: ${image} (${megabytes} MB)`);
console.log(
  `upload it on the firmware screen: type collector, collector model solarops-agent, version ${version}`,
);
if (key) {
  // The very signature a collector's firmware gets (docs/firmware.md): printed as the upload dialog takes it.
  execFileSync(process.execPath, [path.join(repo, 'scripts/firmware-sign.mjs'), 'sign', image, key], {
    stdio: ['ignore', 'inherit', 'inherit'],
  });
} else {
  console.log(`sign it: node scripts/firmware-sign.mjs sign ${image} <maker-private.pem>`);
}
