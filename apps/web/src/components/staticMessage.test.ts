// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
// The import rules need no type information; the typed rules would need the example file on disk in a tsconfig.
const eslint = new ESLint({
  cwd: repoRoot,
  overrideConfig: {
    languageOptions: { parserOptions: { projectService: false } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'off',
      '@typescript-eslint/no-misused-promises': 'off',
    },
  },
});

/** The messages of the import rules the project's ESLint config gives for `code` placed at `file`. */
async function violations(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${code}\nexport const used = x;\n`, {
    filePath: `${repoRoot}${file}`,
  });
  return result!.messages
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-syntax')
    .map((m) => m.message);
}

// Building the config loads every plugin once; on a slow machine that takes a few seconds.
describe(
  "the console shows notices through useMessage(), never antd's static message",
  { timeout: 30_000 },
  () => {
    it.each([
      ['apps/web/src/features/station/list/example.tsx', "import { Button, message as x } from 'antd';"],
      ['apps/web/src/components/example.tsx', "import { message as x } from 'antd';"],
      ['apps/web/src/layout/example.tsx', "import x from 'antd/es/message';"],
      ['apps/web/src/features/set/system/example.ts', "const x = import('antd/lib/message');"],
    ])('refuses it in %s', async (file, code) => {
      const messages = await violations(file, code);
      expect(messages).toHaveLength(1);
      expect(messages[0]).toContain('useMessage()');
    });

    it.each([
      [
        'apps/web/src/features/station/list/example.tsx',
        "import { useMessage as x } from '../../../components/MessageProvider.tsx';",
      ],
      [
        'apps/web/src/components/example.tsx',
        "import type { MessageInstance as x } from 'antd/es/message/interface';",
      ],
      ['apps/web/src/components/example.tsx', "import { Button as x } from 'antd';"],
    ])('allows %s: %s', async (file, code) => {
      expect(await violations(file, code)).toEqual([]);
    });
  },
);
