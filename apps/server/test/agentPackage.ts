import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
// The agent's own package format (apps/agent/src/update/agentPackage.ts).
import { packPackage, type PackageEntry } from '../../agent/src/update/agentPackage.ts';

/** The agent's folder in this repository. */
export const AGENT_DIR = path.resolve(import.meta.dirname, '../../agent');

/**
 * An update package of this repository's agent made from its sources, run as `bin/solarops-agent.mjs` runs them
 * (through tsx), saying `version` as its own; `broken`: its entry throws at once, as a build that cannot start.
 * It carries no dependencies: installed in a folder inside the repository, it finds the repository's
 * node_modules as the package the update builder makes finds its own (`apps/agent/packaging/build-update.mjs`).
 */
export function sourceAgentPackage(version: string, broken = false): Buffer {
  const files: PackageEntry[] = [];
  const walk = (rel: string): void => {
    for (const name of readdirSync(path.join(AGENT_DIR, rel))) {
      const r = `${rel}/${name}`;
      if (statSync(path.join(AGENT_DIR, r)).isDirectory()) walk(r);
      else
        files.push({
          path: `apps/agent/${r}`,
          kind: 'file',
          mode: 0o644,
          data: readFileSync(path.join(AGENT_DIR, r)),
        });
    }
  };
  walk('src');
  const manifest = JSON.parse(readFileSync(path.join(AGENT_DIR, 'package.json'), 'utf8')) as object;
  files.push(
    {
      path: 'apps/agent/package.json',
      kind: 'file',
      mode: 0o644,
      data: Buffer.from(JSON.stringify({ ...manifest, version })),
    },
    {
      path: 'apps/agent/bin/solarops-agent.mjs',
      kind: 'file',
      mode: 0o755,
      data: readFileSync(path.join(AGENT_DIR, 'bin/solarops-agent.mjs')),
    },
  );
  if (broken) {
    const main = files.find((f) => f.path === 'apps/agent/src/main.ts')!;
    main.data = Buffer.from("throw new Error('this build cannot start');\n");
  }
  return packPackage({ version, entry: 'apps/agent/bin/solarops-agent.mjs' }, files);
}
