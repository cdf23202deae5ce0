// @ts-check
// Prints the rules of every Ant Design component as the component's own style hooks write them, for the build's
// stylesheet (antdStyles.ts). It runs in a process of its own, with NODE_ENV as the console's bundle has it: Ant
// Design names the class its rules are scoped by after it (`css-…` in a production bundle,
// `css-dev-only-do-not-override-…` otherwise), and the rules must carry the class the components will.
//
// Every component is drawn once, server-side, into one style cache; the cache's rules are printed. In CSS
// variables mode (Ant Design 6) a rule reads each design token from a variable (`var(--ant-color-primary)`), so
// the rules are the same whatever the theme: the console's one set of tokens stays where it was, in the theme
// provider, which writes the variables' values when the page runs (components/ConsoleTheme.tsx).
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

const cache = createCache();
const failed = [];
for (const [name, component] of Object.entries(antd)) {
  const isComponent = /^[A-Z]/.test(name) || name in DRAWN_AS;
  if (!isComponent || SKIPPED.has(name)) continue;
  const node = DRAWN_AS[name]?.(component) ?? h(component);
  try {
    // The theme provider as the console has it (hashed scoping, CSS variables); each component alone, so that one
    // that cannot draw names itself.
    renderToString(h(StyleProvider, { cache }, h(antd.ConfigProvider, { theme: { token: {} } }, node)));
  } catch (err) {
    failed.push(`${name}: ${err instanceof Error ? err.message : String(err)}`);
  }
}
if (failed.length > 0) {
  console.error(`Ant Design components that did not draw:\n${failed.join('\n')}`);
  process.exit(1);
}
// `plain`: the rules alone, no <style> tags. The last rule lists the style paths drawn (a map Ant Design reads for
// server-rendered pages); antdStyles.ts reads it and leaves it out of the sheet.
process.stdout.write(extractStyle(cache, { plain: true, types: ['style'] }));
