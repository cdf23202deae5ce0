// @ts-check
// Prints the rules of every Ant Design component as the component's own style hooks write them, for the build's
// stylesheet (antdStyles.ts). It runs in a process of its own, with NODE_ENV as the console's bundle has it: Ant
// Design names the class its rules are scoped by after it (`css-…` in a production bundle,
// `css-dev-only-do-not-override-…` otherwise), and the rules must carry the class the components will.
//
// Every component is drawn once, server-side, into one style cache; the cache's rules are printed. In CSS
// variables mode (Ant Design 6) a rule reads each design token from a variable (`var(--ant-color-primary)`), so
// the rules are the same whatever the theme: the console's one set of tokens stays where it was, in the theme
// provider. Every component is drawn a second time under that theme at its default colour, and the variables each
// component writes are printed too: a page under that colour finds them in the sheet and computes none of them
// (components/themeVariables.ts), nor the theme's own tokens and variables.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const React = require('react');
const { renderToString } = require('react-dom/server');
const antd = require('antd');
const { createCache, extractStyle, StyleProvider } = require('@ant-design/cssinjs');

const h = React.createElement;

/** Exports that are no component with styles of its own, or whose styles come with the ones drawn below. */
const SKIPPED = new Set(['ConfigProvider', 'Grid']);

/**
 * Components that need props to draw, and those with parts whose styles register apart from the component's (a
 * Space.Compact's buttons, a confirm dialog, preset and status tag colours, message and notification panels).
 * @type {Record<string, (component: any) => import('react').ReactNode>}
 */
const DRAWN_AS = {
  Affix: (Affix) => h(Affix, null, h('div')),
  Badge: (Badge) => [h(Badge, { key: 'b' }), h(Badge.Ribbon, { key: 'r' })],
  Button: (Button) => [h(Button, { key: 'b' }), h(antd.Space.Compact, { key: 'c' }, h(Button))],
  Cascader: (Cascader) => [h(Cascader, { key: 'c' }), h(Cascader.Panel, { key: 'p' })],
  Dropdown: (Dropdown) => h(Dropdown, { menu: { items: [] } }, h('div')),
  Input: (Input) =>
    [Input, Input.TextArea, Input.Search, Input.Password, Input.OTP].map((part, i) => h(part, { key: i })),
  Layout: (Layout) => [h(Layout, { key: 'l' }), h(Layout.Sider, { key: 's' })],
  Menu: (Menu) => h(Menu, { items: [] }),
  Modal: (Modal) => [
    h(Modal, { key: 'm' }),
    h(Modal._InternalPanelDoNotUseOrYouWillBeFired, { key: 'c', type: 'confirm' }),
  ],
  QRCode: (QRCode) => h(QRCode, { value: 'solarops' }),
  Space: (Space) => [h(Space, { key: 's' }), h(Space.Compact, { key: 'c' }), h(Space.Addon, { key: 'a' })],
  Tag: (Tag) => [h(Tag, { key: 'p', color: 'blue' }), h(Tag, { key: 's', color: 'success' })],
  Tree: (Tree) => h(Tree, { treeData: [] }),
  message: (message) => h(message._InternalPanelDoNotUseOrYouWillBeFired),
  notification: (notification) => h(notification._InternalPanelDoNotUseOrYouWillBeFired),
};

/**
 * Draws every component once, server-side, into `cache` under the theme `theme`; each component alone, so that one
 * that cannot draw names itself in `failed`.
 * @param {ReturnType<typeof createCache>} cache
 * @param {object} theme
 * @param {string[]} failed
 */
function drawEvery(cache, theme, failed) {
  for (const [name, component] of Object.entries(antd)) {
    const isComponent = /^[A-Z]/.test(name) || name in DRAWN_AS;
    if (!isComponent || SKIPPED.has(name)) continue;
    const node = DRAWN_AS[name]?.(component) ?? h(component);
    try {
      renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme }, node)));
    } catch (err) {
      failed.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}

const failed = [];
// The rules: hashed scoping and CSS variables as the console has them (the values come from the variables).
const rules = createCache();
drawEvery(rules, { token: {} }, failed);
// The variables of every component under the console's theme at its default colour, as the theme provider
// configures it (CONSOLE_THEME, from antdStyles.ts): the page writes none of them while it draws.
const variables = createCache();
drawEvery(variables, JSON.parse(process.env.CONSOLE_THEME ?? '{}'), failed);
if (failed.length > 0) {
  console.error(`Ant Design components that did not draw:\n${failed.join('\n')}`);
  process.exit(1);
}
// `plain`: the rules alone, no <style> tags. The rules' last rule lists the style paths drawn (a map Ant Design
// reads for server-rendered pages); antdStyles.ts reads it and leaves it out of the sheet.
//
// The variables: each entry of the style cache under the console's variables class, as the page's hooks would
// have written it. A component's (`cssVar%Button%<class>%<scope>%<token key>` → [token, rule, …]) is named by its
// path, which the page's hook computes the same way; the theme's (`token%<salt>%<theme number>%<seed>%<override>%
// <variables config>` → [token with variables, scoping class, token, rule, class]) by its path without the theme's
// running number, with its whole value, which the page's hook would derive. (Parts that draw a theme of their own,
// a confirm dialog's, get a class of their own, here and in the page: they are left out.)
const { key: variablesClass } = JSON.parse(process.env.CONSOLE_THEME ?? '{}').cssVar ?? {};
const entries = [...variables.cache.entries()].map(([path, [, value]]) => ({ path, value }));
const components = entries.filter((e) => e.path.startsWith('cssVar%') && e.value[3] === variablesClass);
const themes = entries.filter((e) => e.path.startsWith('token%') && e.value[4] === variablesClass);
process.stdout.write(
  JSON.stringify({
    rules: extractStyle(rules, { plain: true, types: ['style'] }),
    variables: [...themes.map((e) => e.value[3]), ...components.map((e) => e.value[1])].join('\n'),
    variablePaths: components.map((e) => e.path),
    themeTokens: themes.map((e) => ({ path: e.path.split('%').toSpliced(2, 1).join('%'), value: e.value })),
  }),
);
