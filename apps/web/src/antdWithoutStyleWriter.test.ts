import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  styleFunctionArguments,
  styleWriterNoOp,
  withoutStyleFunctions,
  zeroRuntimeStyleHook,
} from '../antdWithoutStyleWriter.ts';

const require = createRequire(import.meta.url);
const antdEs = path.join(path.dirname(require.resolve('antd/package.json')), 'es');
const styleWriter = path.join(
  path.dirname(require.resolve('@ant-design/cssinjs/package.json')),
  'es/hooks/useStyleRegister.js',
);

// The console's build (vite.config.ts) draws Ant Design without its run-time style writer: these check, on the
// installed Ant Design, that what it leaves out stays out, and that an upgrade that changes its shape is caught.
describe("the build leaves out Ant Design's run-time style writer", () => {
  it('replaces the writer by a hook that writes nothing and imports no CSS parser', () => {
    const writer = styleWriterNoOp(styleWriter);
    expect(writer).toContain('export default function useStyleRegister() {}');
    expect(writer).not.toMatch(/from 'stylis'|@emotion\/unitless/);
    // The hash the CSS variables' hook shares with it stays, as Ant Design wrote it.
    expect(writer).toContain('export function uniqueHash(path, styleStr)');
  });

  it('makes each component style hook return its scoping class without reaching the writer', () => {
    const file = require.resolve('@ant-design/cssinjs-utils/es/util/genStyleUtils.js');
    const hooks = zeroRuntimeStyleHook(readFileSync(file, 'utf8'), file);
    expect(hooks).not.toContain('useStyleRegister(');
    expect(hooks).not.toContain('getResetStyles(');
    // The CSS variables each component type writes stay.
    expect(hooks).toContain('useCSSVarRegister(');
  });

  it('refuses a style hook whose zero-runtime branch no longer returns the scoping class at once', () => {
    const file = require.resolve('@ant-design/cssinjs-utils/es/util/genStyleUtils.js');
    const text = readFileSync(file, 'utf8');
    const branch = '      if (memoizedZeroRuntime) {\n        return hashId;\n      }\n';
    expect(text).toContain(branch);
    // An upgrade that makes zero-runtime mode do more than return the class (or no longer return early): the rest
    // of the hook is no longer what zero-runtime mode skips, and cutting it would change what a page draws.
    for (const changed of [
      text.replace(branch, ''),
      text.replace(
        branch,
        branch.replace('return hashId;', 'useZeroRuntimeStyles(prefixCls);\n        return hashId;'),
      ),
    ])
      expect(() => zeroRuntimeStyleHook(changed, file)).toThrow(/no longer has the shape/);
  });

  it("hands the button's style hooks no style function, so none is bundled", () => {
    const file = path.join(antdEs, 'button/style/index.js');
    const out = withoutStyleFunctions(readFileSync(file, 'utf8'), file) ?? '';
    expect(out).toMatch(/genStyleHooks\('Button', null, prepareComponentToken,/);
    // The only call of the shared button rules was in the style function.
    expect(out).not.toContain('genSharedButtonStyle(buttonToken)');
  });

  it('rewrites every Ant Design module that registers style hooks', () => {
    const files = execFileSync('grep', [
      '-rlE',
      'genStyleHooks\\(|genSubStyleComponent\\(|genComponentStyleHook\\(',
      antdEs,
    ])
      .toString()
      .trim()
      .split('\n')
      .filter((f) => !/theme\/(internal|util\/genStyleUtils)\.js$/.test(f));
    expect(files.length).toBeGreaterThan(50);
    // A module left as it was counts as kept: it names a factory in a call the build does not recognize.
    const kept = files.filter((f) => {
      const out = withoutStyleFunctions(readFileSync(f, 'utf8'), f);
      return (
        out === undefined || styleFunctionArguments(out).some(({ argument }) => argument?.type !== 'Literal')
      );
    });
    expect(kept).toEqual([]);
  });
});
