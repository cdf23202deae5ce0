import { readFileSync } from 'node:fs';
import { parseAst, type Plugin } from 'vite';

/** Ant Design's run-time style writer: the hook that turns a component's style function into a `<style>` element. */
const STYLE_WRITER = /\/@ant-design\/cssinjs\/es\/hooks\/useStyleRegister\.js$/;
/** The helpers through which each Ant Design component hands its style function to the style writer. */
const STYLE_HOOK_FACTORIES = ['genStyleHooks', 'genSubStyleComponent', 'genComponentStyleHook'];
const ANTD_MODULE = /\/node_modules\/antd\/es\/.+\.js$/;
/** Where the factories are declared and re-exported, not called with a style function. */
const FACTORY_HOMES = /\/antd\/es\/theme\/(internal|util\/genStyleUtils)\.js$/;
/** Where each component's style hook is made: in zero-runtime mode it returns the scoping class, and no more. */
const STYLE_HOOK_MAKER = /\/@ant-design\/cssinjs-utils\/es\/util\/genStyleUtils\.js$/;
/**
 * From the zero-runtime check of the component style hook to the hook's end: what runs without zero-runtime mode.
 * The check is spelled out (the class returned at once, nothing else), so that an upgrade that has zero-runtime mode
 * do more no longer matches.
 */
const RUN_TIME_STYLES =
  /\n {6}\/\/ Update of `disabledRuntimeStyle`[^\n]*\n {6}var memoizedZeroRuntime = useMemo\(function \(\) \{\n {8}return zeroRuntime;\n {6}\}, \[\]\);\n {6}if \(memoizedZeroRuntime\) \{\n {8}return hashId;\n {6}\}\n[\s\S]*?\n {6}return hashId;\n {4}\};\n {2}\}\n {2}function genSubStyleComponent\(/;
/** The CSS parser only the style writer uses. */
const STYLE_PARSER = /\/node_modules\/stylis\//;

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

/** The second argument of each call of a style hook factory in `code`: the style function it registers. */
export function styleFunctionArguments(code: string): Array<{ factory: string; argument: Node | undefined }> {
  const found: Array<{ factory: string; argument: Node | undefined }> = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (!value || typeof value !== 'object') return;
    const node = value as Node;
    const callee = node.callee as Node | undefined;
    if (node.type === 'CallExpression' && callee?.type === 'Identifier') {
      const factory = callee.name as string;
      if (STYLE_HOOK_FACTORIES.includes(factory))
        found.push({ factory, argument: (node.arguments as Node[])[1] });
    }
    for (const key of Object.keys(node)) visit(node[key]);
  };
  visit(parseAst(code));
  return found;
}

/**
 * The style writer reduced to what it does in zero-runtime mode (decision 0035): nothing. It keeps the hash helper
 * that the CSS variables' hook shares with it, cut out of Ant Design's own text.
 */
export function styleWriterNoOp(file: string): string {
  const text = readFileSync(file, 'utf8');
  const hashImport = /^import hash from '@emotion\/hash';$/m.exec(text)?.[0];
  const uniqueHash = /^export function uniqueHash\(path, styleStr\) \{\n[\s\S]*?\n\}$/m.exec(text)?.[0];
  const prefix = /^export const STYLE_PREFIX = 'style';$/m.exec(text)?.[0];
  const hook = /^export default function useStyleRegister\(info, styleFn\) \{$/m.test(text);
  if (!hashImport || !uniqueHash || !prefix || !hook)
    throw new Error(`${file} no longer has the shape antdWithoutStyleWriter.ts replaces: revisit it`);
  const unused = (name: string) =>
    `export const ${name} = () => {\n  throw new Error('${name}: the console builds Ant Design without its style writer');\n};`;
  return [
    hashImport,
    uniqueHash,
    prefix,
    '// Zero-runtime mode: every rule is in the build-time stylesheet, none is written while a page draws.',
    'export default function useStyleRegister() {}',
    // Server-side extraction's pieces: the console never calls them (apps/web/antdStylesExtract.mjs does, unbundled).
    ...['normalizeStyle', 'parseStyle', 'extract'].map(unused),
    '',
  ].join('\n');
}

/**
 * An Ant Design module with every style function it hands to the style writer replaced by `null`, so that the
 * functions (and the style helpers only they use) leave the bundle; `undefined` when it hands none.
 */
export function withoutStyleFunctions(code: string, id: string): string | undefined {
  if (FACTORY_HOMES.test(id) || !STYLE_HOOK_FACTORIES.some((name) => code.includes(`${name}(`)))
    return undefined;
  // A module may name a factory only to pass on a hook made elsewhere.
  const calls = styleFunctionArguments(code);
  if (calls.length === 0) return undefined;
  let out = code;
  // From the last call to the first, so that the offsets of earlier calls stay valid.
  for (const { factory, argument } of calls.sort(
    (a, b) => (b.argument?.start ?? 0) - (a.argument?.start ?? 0),
  )) {
    // Written in place, or declared in the module and named here.
    if (!argument || !/^(Identifier|FunctionExpression|ArrowFunctionExpression)$/.test(argument.type))
      throw new Error(
        `${id}: ${factory}'s second argument is no longer a style function: revisit antdWithoutStyleWriter.ts`,
      );
    out = `${out.slice(0, argument.start)}null${out.slice(argument.end)}`;
  }
  return out;
}

/**
 * The component style hook as it runs in zero-runtime mode: it returns the scoping class, so that the style
 * functions' calculators and the reset styles it hands the writer otherwise leave the bundle too.
 */
export function zeroRuntimeStyleHook(code: string, id: string): string {
  if (!RUN_TIME_STYLES.test(code))
    throw new Error(`${id} no longer has the shape antdWithoutStyleWriter.ts replaces: revisit it`);
  return code.replace(
    RUN_TIME_STYLES,
    '\n      return hashId;\n    };\n  }\n  function genSubStyleComponent(',
  );
}

/**
 * The console draws Ant Design in zero-runtime mode: its rules come from the stylesheet written at build time
 * (antdStyles.ts), and its style writer (`useStyleRegister`) never writes a rule; the component style hooks return
 * before they reach it, and the icons' reset that does reach it is in the sheet too. Its code, the CSS parser it
 * uses (stylis) and every component's style function were still downloaded with each page (25 KB and more gzipped on
 * the dashboard). This build leaves them out: the writer becomes the no-op it is, the component style hook its
 * zero-runtime branch, and each component's call that registers its style hooks passes `null` for the style
 * function it no longer needs. The CSS variables' hook and the design tokens stay. The build fails when Ant Design
 * changes the shape a substitution relies on, and when the CSS parser is bundled again.
 */
export function antdWithoutStyleWriter(): Plugin {
  let writerReplaced = false;
  let hookReduced = false;
  let styleFunctions = 0;
  return {
    name: 'solarops-antd-without-style-writer',
    apply: 'build',
    enforce: 'pre',
    buildStart() {
      writerReplaced = false;
      hookReduced = false;
      styleFunctions = 0;
    },
    load(id) {
      if (!STYLE_WRITER.test(id.replace(/\\/g, '/'))) return null;
      writerReplaced = true;
      return styleWriterNoOp(id);
    },
    transform(code, id) {
      if (STYLE_HOOK_MAKER.test(id.replace(/\\/g, '/'))) {
        hookReduced = true;
        return { code: zeroRuntimeStyleHook(code, id), map: null };
      }
      if (!ANTD_MODULE.test(id.replace(/\\/g, '/'))) return null;
      const out = withoutStyleFunctions(code, id);
      if (out === undefined) return null;
      styleFunctions += 1;
      return { code: out, map: null };
    },
    buildEnd(error) {
      if (error) return;
      if (!writerReplaced)
        this.error('Ant Design no longer loads useStyleRegister.js: revisit antdWithoutStyleWriter.ts');
      if (!hookReduced)
        this.error(
          'Ant Design no longer makes its style hooks in genStyleUtils.js: revisit antdWithoutStyleWriter.ts',
        );
      if (styleFunctions === 0)
        this.error('No Ant Design style function was left out: revisit antdWithoutStyleWriter.ts');
      const parser = [...this.getModuleIds()].filter((id) => STYLE_PARSER.test(id.replace(/\\/g, '/')));
      if (parser.length > 0)
        this.error(`The console bundles Ant Design's CSS parser again: ${parser.join(', ')}`);
    },
  };
}
