import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { SERVER_DIR } from './serverDir.ts';

const root = path.join(SERVER_DIR, '..', '..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

describe('the Node.js the README promises', () => {
  it('runs every installed package: none asks for a newer Node than the oldest we promise', () => {
    const promised: string = readJson('package.json').engines.node;
    const oldest = semver.minVersion(promised)?.version;
    expect(oldest, promised).toBeDefined();
    const packages: Record<string, { version: string; engines?: { node?: string } }> =
      readJson('package-lock.json').packages;
    const tooNew = Object.entries(packages)
      .filter(([, p]) => p.engines?.node && !semver.satisfies(oldest!, p.engines.node))
      .map(([where, p]) => `${where}@${p.version} needs node ${p.engines!.node}`);
    expect(tooNew).toEqual([]);
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    expect(readme).toContain(`Node ${oldest!.replace(/\.0$/, '')} or newer`);
  });
});
