// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ENDPOINT_MAPS } from '@solarops/contracts';
import { ruleMessages } from '../../../../scripts/testing/lintExamples.ts';

const mappedPathMessages = async (file: string, code: string) =>
  (await ruleMessages(file, code, ['no-restricted-syntax'])).filter((m) =>
    m.startsWith('This module is in the endpoint map'),
  );

// Building the config loads every plugin once; on a slow machine that takes a few seconds.
describe('the console calls a mapped module through the endpoint map only', { timeout: 30_000 }, () => {
  it.each([
    ['apps/web/src/features/operation/diagnosis/example.ts', "request('/iv/templates');"],
    ['apps/web/src/api/example.ts', 'request(`/iv/devices/${sn}/layout`, { method: "PUT" });'],
    [
      'apps/web/src/features/operation/diagnosis/example.tsx',
      'const a = <ExportButton path={`/iv/tasks/${id}/report`} />;',
    ],
    ['apps/web/src/features/operation/diagnosis/example.ts', "const path = '/iv';"],
  ])('refuses a written path of the map in %s: %s', async (file, code) => {
    expect(await mappedPathMessages(file, code)).toHaveLength(1);
  });

  // The rule reads the segments from the contracts' source: each key of the map, written as a path, is refused.
  it.each(Object.keys(ENDPOINT_MAPS))('refuses a written path of the mapped segment %s', async (segment) => {
    const file = 'apps/web/src/api/example.ts';
    expect(await mappedPathMessages(file, `request('/${segment}/x');`)).toHaveLength(1);
    expect(await mappedPathMessages(file, `request(\`/${segment}/\${id}\`);`)).toHaveLength(1);
  });

  it.each([
    'callEndpoint(IV_CALLS.templates);',
    "request('/health');",
    "navigateTo('/ivy');",
    "const text = 'iv/tasks';",
  ])('lets other calls and strings be: %s', async (code) => {
    expect(await mappedPathMessages('apps/web/src/features/operation/diagnosis/example.ts', code)).toEqual(
      [],
    );
  });

  it.each([
    ['apps/web/src/api/example.ts', "import { IV_ENDPOINTS } from '@solarops/contracts';", 1],
    [
      'apps/web/src/api/example.test.ts',
      "import { type IV_ENDPOINTS, IV_CALLS } from '@solarops/contracts';",
      0,
    ],
    ['apps/web/src/api/example.ts', "import type { IV_ENDPOINTS } from '@solarops/contracts';", 0],
    [
      'apps/web/src/api/example.ts',
      "import * as contracts from '@solarops/contracts';\nexport const entries = contracts.IV_ENDPOINTS;",
      1,
    ],
  ])('imports a full entry as a type only, in %s: %s', async (file, code, refused) => {
    const messages = await ruleMessages(file, code, ['no-restricted-syntax']);
    expect(
      messages.filter((m) => m.startsWith('The console calls through the schema-free view')),
    ).toHaveLength(refused);
  });
});
