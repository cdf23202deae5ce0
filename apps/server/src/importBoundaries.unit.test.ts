import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: repoRoot });

/** The import-rule messages the project's ESLint config gives for `code` placed at `file` (relative to the repo). */
async function importViolations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, {
    filePath: `${repoRoot}${file}`,
  });
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Building the config loads every plugin once: about 2 s of CPU here. The timeout is sized for a machine three
// times slower that is busy with other work too.
describe('the server depends on the simulator only through the demo-fleet entry', { timeout: 60_000 }, () => {
  it.each([
    ["import { x } from '@solarops/simulator';", 'the simulator'],
    ["import { x } from '@solarops/simulator/fleet';", 'the narrow entry outside the fleet hook'],
    ["import { x } from '../../../../simulator/src/physics/faultInjector.ts';", "the simulator's files"],
  ])('refuses %s in a server module (%s)', async (code) => {
    expect(await importViolations('apps/server/src/modules/alarms/example.ts', code)).toHaveLength(1);
  });

  it('refuses anything but the narrow entry in the fleet hook', async () => {
    const hook = 'apps/server/src/modules/fleet/example.ts';
    expect(await importViolations(hook, "import { x } from '@solarops/simulator';")).toHaveLength(1);
    expect(await importViolations(hook, "import { x } from '@solarops/simulator/fleet';")).toEqual([]);
  });

  it('lets server modules read the device vocabulary from the contracts', async () => {
    const code = "import { FAULT_CODES as x } from '@solarops/contracts';";
    expect(await importViolations('apps/server/src/modules/alarms/example.ts', code)).toEqual([]);
  });
});
