// The lint-rule tests of both apps lint small example files through the project's own ESLint config, to prove that
// each import or syntax rule fires where it should and stays quiet elsewhere.
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

/** The repository's root folder, with a trailing slash. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

// The rules under test need no type information, and the typed rules could not have it: their project service
// places only files on disk in a tsconfig, so an example file would answer a parse error instead of the rule.
let linter: ESLint | undefined;
const untypedLinter = () =>
  (linter ??= new ESLint({
    cwd: REPO_ROOT,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
      },
    },
  }));

/**
 * The messages of `rules` that the project's ESLint config gives for `code` placed at `file` (relative to the
 * repository). Building the config loads every plugin once, about 2 s of CPU here: a test calling this is given a
 * timeout sized for a machine three times slower that is busy with other work too.
 */
export async function ruleMessages(file: string, code: string, rules: readonly string[]): Promise<string[]> {
  const [result] = await untypedLinter().lintText(code, { filePath: `${REPO_ROOT}${file}` });
  return result!.messages.filter((m) => rules.includes(m.ruleId ?? '')).map((m) => m.message);
}
