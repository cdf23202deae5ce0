import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Plugin } from 'vite';

const run = promisify(execFile);
// (Not `new URL(…, import.meta.url)`: Vite would take that for an asset of the module in the tests.)
const EXTRACT_SCRIPT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'antdStylesExtract.mjs');

/** The stylesheet the console imports for Ant Design's components (components/ConsoleTheme.tsx). */
export const ANTD_STYLES_MODULE = 'virtual:antd-styles.css';
const RESOLVED_ID = `\0${ANTD_STYLES_MODULE}`;

/** The last rule of an extraction: the style paths drawn, as `path:hash` pairs (`;`-separated) in its content. */
const CACHE_PATH_RULE = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/;

/** Ant Design's rules and the style paths (component, part, class prefix) they come from. */
export interface AntdStyles {
  css: string;
  stylePaths: string[];
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
    env: { ...process.env, NODE_ENV: nodeEnv },
    maxBuffer: 64 * 1024 * 1024,
  });
  return { css: stdout.replace(CACHE_PATH_RULE, ''), stylePaths: stylePathsOf(stdout) };
}

/**
 * Ant Design's styles without run-time cost (decision 0035): the theme runs in zero-runtime mode (no component
 * writes its styles while a page draws), and `virtual:antd-styles.css` is the sheet of every component's rules,
 * written when the console is built (or the dev server starts) and loaded with the theme's code. `empty` gives an
 * empty sheet, for tests in jsdom that draw no styles (the web project's `css: false`).
 */
export function antdStyles({ empty = false }: { empty?: boolean } = {}): Plugin {
  let nodeEnv = 'production';
  let sheet: Promise<string> | undefined;
  return {
    name: 'solarops-antd-styles',
    configResolved(config) {
      // What the bundle's `process.env.NODE_ENV` is replaced with, which names Ant Design's scoping class.
      nodeEnv = config.isProduction ? 'production' : 'development';
    },
    resolveId(id) {
      return id === ANTD_STYLES_MODULE ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      if (empty) return '';
      sheet ??= extractAntdStyles(nodeEnv).then((styles) => styles.css);
      return sheet;
    },
  };
}
