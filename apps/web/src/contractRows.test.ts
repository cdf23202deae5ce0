// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ruleMessages } from '../../../scripts/testing/lintExamples.ts';

const rowMessages = async (file: string, code: string) =>
  (await ruleMessages(file, code, ['no-restricted-syntax'])).filter((m) => m.startsWith('Rows come from'));

// Building the config loads every plugin once; on a slow machine that takes a few seconds.
describe('the console types the API’s rows by the contracts only', { timeout: 30_000 }, () => {
  it.each([
    ['apps/web/src/features/set/log-list/example.tsx', 'interface LogRow {\n  id: number;\n}'],
    [
      'apps/web/src/features/operation/alarm-shared/example.ts',
      'export type BiPlantRow = { plantId: number };',
    ],
    ['apps/web/src/layout/example.ts', 'type AlarmRow = { id: number } & { level: 1 | 2 | 3 };'],
  ])('refuses a row declared in %s', async (file, code) => {
    expect(await rowMessages(file, code)).toHaveLength(1);
  });

  it.each([
    "import type { OperationLogRow } from '@solarops/contracts';\nexport type LogRow = OperationLogRow;",
    "type FigureRow = 'measured' | 'expected';",
    'interface Filters {\n  sn?: string;\n}',
  ])('lets a file name the contracts’ row or declare other shapes: %s', async (code) => {
    expect(await rowMessages('apps/web/src/features/set/log-list/example.tsx', code)).toEqual([]);
  });
});
