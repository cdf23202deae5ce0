import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';
import { consoleTheme } from './src/components/themeVariables.ts';
import { DEFAULT_SETTINGS } from './src/config/settings.ts';

const run = promisify(execFile);
// (Not `new URL(…, import.meta.url)`: Vite would take that for an asset of the module in the tests.)
const EXTRACT_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'antdStylesExtract.mjs');

/** The stylesheet the console imports for Ant Design's components (components/ConsoleTheme.tsx). */
export const ANTD_STYLES_MODULE = 'virtual:antd-styles.css';
const RESOLVED_ID = `\0${ANTD_STYLES_MODULE}`;

/** The last rule of an extraction: the style paths drawn, as `path:hash` pairs (`;`-separated) in its content. */
const CACHE_PATH_RULE = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/;

/**
 * Ant Design's rules and the style paths (component, part, class prefix) they come from; every component's CSS
 * variables under the console's default theme, and their paths in the style cache.
 */
export interface AntdStyles {
  css: string;
  stylePaths: string[];
  variables: string;
  variablePaths: string[];
  themeTokens: PrebuiltTokens[];
}

/** The theme's tokens as the theme provider derives them: their path in the style cache, and their value. */
export interface PrebuiltTokens {
  path: string;
  value: unknown[];
}

/**
 * The style paths a sheet written by Ant Design's extraction lists (its own dist/antd.css included), without the
 * scoping class each starts with (none in dist/antd.css): `|Button-Button|ant-btn|anticon`.
 */
export function stylePathsOf(sheet: string): string[] {
  const listed = CACHE_PATH_RULE.exec(sheet)?.[1] ?? '';
  return listed
    .split(';')
    .map((pair) => pair.slice(pair.indexOf('|'), pair.lastIndexOf(':')))
    .filter((path) => path !== '');
}

/**
 * Every Ant Design component's rules, written by its own style hooks at build time (antdStylesExtract.mjs) for a
 * bundle built with NODE_ENV `nodeEnv`. The map of style paths is left out of the sheet: a page that found it would
 * make Ant Design look for server-rendered styles, a forced style computation for nothing.
 */
export async function extractAntdStyles(nodeEnv: string): Promise<AntdStyles> {
  const { stdout } = await run(process.execPath, [EXTRACT_SCRIPT], {
    env: {
      ...process.env,
      NODE_ENV: nodeEnv,
      CONSOLE_THEME: JSON.stringify(consoleTheme(DEFAULT_SETTINGS.themeColor)),
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  const { rules, variables, variablePaths, themeTokens } = JSON.parse(stdout) as {
    rules: string;
    variables: string;
    variablePaths: string[];
    themeTokens: PrebuiltTokens[];
  };
  return {
    css: rules.replace(CACHE_PATH_RULE, ''),
    stylePaths: stylePathsOf(rules),
    variables,
    variablePaths,
    themeTokens,
  };
}

/** `text` of `file` with each edit's text replaced once; fails when one is not there. */
function edited(file: string, text: string, edits: ReadonlyArray<readonly [string, string]>): string {
  let code = text;
  for (const [from, to] of edits) {
    if (!code.includes(from))
      throw new Error(`${file} no longer has the shape antdStyles.ts changes: revisit it`);
    code = code.replace(from, to);
  }
  return code;
}

/** Ant Design's hook that derives the theme's tokens and writes their CSS variables. */
const TOKENS_CACHE = /\/@ant-design\/cssinjs\/es\/hooks\/useCacheToken\.js$/;

/**
 * The theme's hook of `file` (`useCacheToken`), made to take the tokens the build derived (`tokens`) instead of
 * deriving them, for the same path (salt, seed, override and variables' configuration): a parse of their text
 * instead of the theme's algorithm, the variables' text and a hash, and without writing the variables, which the
 * build's sheet holds. Any other path goes as before. Fails when the hook no longer has the shape this relies on.
 */
export function tokensWithoutPrebuilt(file: string, tokens: readonly PrebuiltTokens[]): string {
  const derive =
    '  const cachedToken = useGlobalCache(TOKEN_PREFIX, [salt, theme.id, tokenStr, overrideTokenStr, cssVarStr], () => {\n';
  const code = edited(file, readFileSync(file, 'utf8'), [
    [
      derive,
      derive +
        '    const prebuilt = PREBUILT.get([TOKEN_PREFIX, salt, tokenStr, overrideTokenStr, cssVarStr].join("%"));\n' +
        '    if (prebuilt) {\n' +
        '      recordCleanToken(cssVar.key);\n' +
        '      const [tokenWithCssVar, hashCls, actualToken, , key] = JSON.parse(prebuilt);\n' +
        '      return [tokenWithCssVar, hashCls, actualToken, "", key];\n' +
        '    }\n',
    ],
  ]);
  const entries = tokens.map((t) => [t.path, JSON.stringify(t.value)]);
  return code.replace(
    /^export const TOKEN_PREFIX = 'token';$/m,
    (line) =>
      `${line}\n// The tokens the build derived (apps/web/antdStyles.ts).\nconst PREBUILT = new Map(${JSON.stringify(entries)});`,
  );
}

/** Ant Design's hook that computes and writes a component's CSS variables. */
const VARIABLES_REGISTER = /\/@ant-design\/cssinjs\/es\/hooks\/useCSSVarRegister\.js$/;

/**
 * The variables' hook of `file` (`useCSSVarRegister`), made to skip the variables the build's sheet holds: for a
 * style path among `paths` (component, class, scope and token key, as the extraction drew them) it computes nothing
 * and writes nothing; any other path (another theme colour, a part the extraction did not draw) goes as before. The
 * hooks it calls are the same either way. Fails when the hook no longer has the shape this relies on.
 */
export function registerWithoutPrebuilt(file: string, paths: readonly string[]): string {
  const code = edited(file, readFileSync(file, 'utf8'), [
    [
      '  const stylePath = [...config.path, key, scopeKey, tokenKey];\n',
      '  const stylePath = [...config.path, key, scopeKey, tokenKey];\n' +
        '  const prebuilt = PREBUILT.has([CSS_VAR_PREFIX, ...stylePath].join("%"));\n',
    ],
    [
      '  const cache = useGlobalCache(CSS_VAR_PREFIX, stylePath, () => {\n    const originToken = fn();',
      '  const cache = useGlobalCache(CSS_VAR_PREFIX, stylePath, () => {\n' +
        '    if (prebuilt) return [{}, "", "", key];\n    const originToken = fn();',
    ],
    [
      '  }, ([,, styleId]) => {\n    if (isClientSide) {',
      '  }, ([,, styleId]) => {\n    if (isClientSide && styleId) {',
    ],
  ]);
  // The set's paths are written before the hook that reads them.
  return code.replace(
    /^export const CSS_VAR_PREFIX = 'cssVar';$/m,
    (line) =>
      `${line}\n// The variables the build's stylesheet holds (apps/web/antdStyles.ts).\nconst PREBUILT = new Set(${JSON.stringify(paths)});`,
  );
}

/**
 * Ant Design's styles without run-time cost (decision 0035): the theme runs in zero-runtime mode (no component
 * writes its styles while a page draws), and `virtual:antd-styles.css` is the sheet of every component's rules,
 * written when the console is built (or the dev server starts) and loaded with the theme's code. The sheet holds
 * every component's CSS variables under the default theme colour too, and the theme's, and in the build the page
 * derives none of those (`registerWithoutPrebuilt`, `tokensWithoutPrebuilt`). `empty` gives an empty
 * sheet, for tests in jsdom that draw no styles (the web project's `css: false`).
 */
export function antdStyles({ empty = false }: { empty?: boolean } = {}): Plugin {
  let nodeEnv = 'production';
  let building = false;
  let extraction: Promise<AntdStyles> | undefined;
  const extracted = () => (extraction ??= extractAntdStyles(nodeEnv));
  return {
    name: 'solarops-antd-styles',
    configResolved(config) {
      // What the bundle's `process.env.NODE_ENV` is replaced with, which names Ant Design's scoping class.
      nodeEnv = config.isProduction ? 'production' : 'development';
      building = config.command === 'build';
    },
    async transform(_code, id) {
      // In the build only: the development server keeps Ant Design as it is.
      if (empty || !building) return undefined;
      if (VARIABLES_REGISTER.test(id)) return registerWithoutPrebuilt(id, (await extracted()).variablePaths);
      if (TOKENS_CACHE.test(id)) return tokensWithoutPrebuilt(id, (await extracted()).themeTokens);
      return undefined;
    },
    resolveId(id) {
      return id === ANTD_STYLES_MODULE ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (empty) return '';
      const styles = await extracted();
      return `${styles.css}\n${styles.variables}`;
    },
  };
}
