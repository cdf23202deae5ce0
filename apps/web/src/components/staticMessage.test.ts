// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { ruleMessages } from '../../../../scripts/testing/lintExamples.ts';

/** The messages of the import rules the project's ESLint config gives for `code` placed at `file`. */
const violations = (file: string, code: string) =>
  ruleMessages(file, `${code}\nexport const used = x;\n`, ['no-restricted-imports', 'no-restricted-syntax']);

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
