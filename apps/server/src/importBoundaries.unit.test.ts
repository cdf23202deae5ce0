import { describe, expect, it } from 'vitest';
import { ruleMessages } from '../../../scripts/testing/lintExamples.ts';

/** The import-rule messages for `code` (an import of `x`) placed at `file`. */
const importViolations = (file: string, code: string) =>
  ruleMessages(file, `${code}\nexport const used = x;\n`, [
    'no-restricted-imports',
    '@typescript-eslint/no-restricted-imports',
  ]);

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

describe('a module with a front door is used through it', { timeout: 60_000 }, () => {
  const firmware = 'apps/server/src/modules/firmware/example.ts';

  it.each([
    "import { commands as x } from '../commands/tables.ts';",
    "import { moveCommands as x } from '../commands/stateMachine.ts';",
    "import { IngestPipeline as x } from '../deviceLink/IngestPipeline.ts';",
    "import { x } from '../../commands/createCommands.ts';",
  ])('refuses %s in another module', async (code) => {
    const [message] = await importViolations(firmware, code);
    expect(message).toMatch(/through its index\.ts, queries\.ts or types/);
  });

  it.each([
    "import { enqueueCommands as x } from '../commands/index.ts';",
    "import { listCommands as x } from '../commands/queries.ts';",
    "import type { CommandRecord as x } from '../commands/stateMachine.ts';",
  ])('lets another module %s', async (code) => {
    expect(await importViolations(firmware, code)).toEqual([]);
  });

  it('lets the module, the composition root and the tests use its files', async () => {
    const code = "import { commands as x } from '../commands/tables.ts';";
    expect(
      await importViolations(
        'apps/server/src/modules/commands/example.ts',
        "import { commands as x } from './tables.ts';",
      ),
    ).toEqual([]);
    expect(await importViolations('apps/server/src/modules/firmware/example.test.ts', code)).toEqual([]);
    expect(
      await importViolations(
        'apps/server/src/example.ts',
        "import { x } from './modules/commands/CommandCenter.ts';",
      ),
    ).toEqual([]);
  });
});

describe('route files register routes only', { timeout: 60_000 }, () => {
  const listens = [
    "commandCenter.events.on('changed', () => undefined);",
    'commandCenter.onProgress(async () => undefined);',
    "deviceLink.events.once('telemetry', () => undefined);",
  ];
  const declared = 'declare const commandCenter: any;\ndeclare const deviceLink: any;\n';

  it.each(listens)('refuses %s in a route file', async (code) => {
    for (const file of [
      'apps/server/src/modules/iv/routes.ts',
      'apps/server/src/modules/users/roleRoutes.ts',
    ])
      expect(await ruleMessages(file, declared + code, ['no-restricted-syntax'])).toHaveLength(1);
  });

  it('lets the composition root wire the same listener', async () => {
    expect(
      await ruleMessages('apps/server/src/buildDeps.ts', declared + listens[0], ['no-restricted-syntax']),
    ).toEqual([]);
  });
});
