import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCache, StyleProvider } from '@ant-design/cssinjs';
import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import '../i18n/i18n.ts';
import {
  type AntdStyles,
  extractAntdStyles,
  registerWithoutPrebuilt,
  stylePathsOf,
  tokensWithoutPrebuilt,
} from '../../antdStyles.ts';
import { useLayoutStore } from '../store/layoutStore.ts';
import { ConsoleTheme } from './ConsoleTheme.tsx';
import { DEFAULT_SETTINGS } from '../config/settings.ts';
import { PREBUILT_VARIABLES_CLASS, variablesClassOf } from './themeVariables.ts';

/** A button drawn under the console's theme into a style cache of its own: what the page's hooks put there. */
function drawnIntoCache() {
  const cache = createCache();
  render(
    <StyleProvider cache={cache}>
      <ConsoleTheme>
        <Button>Save</Button>
      </ConsoleTheme>
    </StyleProvider>,
  );
  return cache;
}

/** The rules written into the page's <style> elements that set something other than CSS variables. */
function writtenRules(): string[] {
  const css = [...document.head.querySelectorAll('style')].map((s) => s.textContent).join('');
  return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)]
    .filter(([, , body = '']) => body.split(';').some((d) => d.includes(':') && !d.trim().startsWith('--')))
    .map(([, selector = '']) => selector);
}

describe("ConsoleTheme: Ant Design's styles come from the build, not from the page's script", () => {
  let styles: AntdStyles;
  beforeAll(async () => {
    // The build's extraction, as a development bundle's (the tests' NODE_ENV names the class as it does).
    styles = await extractAntdStyles('development');
  }, 180_000);

  it("draws a button without writing the button's rules into the page", () => {
    render(
      <ConsoleTheme>
        <Button type="primary">OK</Button>
      </ConsoleTheme>,
    );
    expect(screen.getByRole('button', { name: 'OK' })).toHaveClass('ant-btn');
    expect(writtenRules().filter((selector) => selector.includes('ant-btn'))).toEqual([]);
  });

  it("holds the button's rules, scoped by the class the button carries", () => {
    render(
      <ConsoleTheme>
        <Button>Save</Button>
      </ConsoleTheme>,
    );
    const scope = [...screen.getByRole('button', { name: 'Save' }).classList].find((c) => /^css-/.test(c));
    expect(scope).toBeDefined();
    expect(styles.css).toContain(`:where(.${scope}).ant-btn{`);
  });

  it("holds every component's styles that Ant Design's own complete stylesheet holds", () => {
    const require = createRequire(import.meta.url);
    const complete = stylePathsOf(readFileSync(require.resolve('antd/dist/antd.css'), 'utf8'));
    expect(complete.length).toBeGreaterThan(50);
    expect(complete.filter((path) => !styles.stylePaths.includes(path))).toEqual([]);
  });

  it('reads every colour of the theme from its variables, so one set of tokens drives it', () => {
    // Ant Design's default primary colour and the hover and active colours derived from it.
    for (const colour of ['#1677ff', '#4096ff', '#0958d9'])
      expect(styles.css.toLowerCase()).not.toContain(colour);
    expect(styles.css).toContain('var(--ant-color-primary)');
  });

  it("holds each component's variables for the default colour, under the paths the page's own hook computes", () => {
    const cache = drawnIntoCache();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveClass(PREBUILT_VARIABLES_CLASS);
    const buttonPaths = [...cache.cache.keys()].filter((key) => key.startsWith('cssVar%Button%'));
    expect(buttonPaths).toHaveLength(1);
    // The built page skips exactly these paths: the component, the class, the scope and the token's key.
    expect(styles.variablePaths).toContain(buttonPaths[0]);
    expect(styles.variables).toContain(`.${PREBUILT_VARIABLES_CLASS}.ant-btn{--ant-button-`);
  });

  it("holds the theme's tokens as the page's own theme provider derives them, under the same path", () => {
    const cache = drawnIntoCache();
    const [derived] = [...cache.cache.entries()].filter(
      ([key, [, value]]) => key.startsWith('token%') && (value as unknown[])[4] === PREBUILT_VARIABLES_CLASS,
    );
    expect(derived).toBeDefined();
    const [key, [, value]] = derived!;
    // The path the built hook looks the tokens up by: the theme's running number left out.
    const prebuilt = styles.themeTokens.find((t) => t.path === key.split('%').toSpliced(2, 1).join('%'));
    expect(prebuilt).toBeDefined();
    expect(prebuilt!.value).toEqual(JSON.parse(JSON.stringify(value)));
    expect(styles.variables).toContain(`.${PREBUILT_VARIABLES_CLASS}{--ant-`);
  });

  it('gives another theme colour a class of its own, whose variables the page computes as before', () => {
    useLayoutStore.setState((s) => ({ settings: { ...s.settings, themeColor: '#722ed1' } }));
    try {
      render(
        <ConsoleTheme>
          <Button>Purple</Button>
        </ConsoleTheme>,
      );
      const button = screen.getByRole('button', { name: 'Purple' });
      expect(button).not.toHaveClass(PREBUILT_VARIABLES_CLASS);
      expect(button).toHaveClass('css-var-722ed1');
      expect(styles.variables).not.toContain('css-var-722ed1');
      // The default colour written otherwise is another seed, with tokens of its own: a class of its own too.
      expect(variablesClassOf('#009CFF')).not.toBe(PREBUILT_VARIABLES_CLASS);
      expect(variablesClassOf(DEFAULT_SETTINGS.themeColor)).toBe(PREBUILT_VARIABLES_CLASS);
    } finally {
      useLayoutStore.getState().resetSettings();
    }
  });
});

describe("the build's variables and tokens hooks", () => {
  const require = createRequire(import.meta.url);
  const hook = require.resolve('@ant-design/cssinjs/es/hooks/useCSSVarRegister.js');
  const tokensHook = require.resolve('@ant-design/cssinjs/es/hooks/useCacheToken.js');

  it('skips the paths it is given, and keeps computing every other', () => {
    const code = registerWithoutPrebuilt(hook, ['cssVar%Button%css-var-console%ant-btn%abc']);
    expect(code).toContain('const PREBUILT = new Set(["cssVar%Button%css-var-console%ant-btn%abc"]);');
    expect(code).toMatch(/if \(prebuilt\) return \[\{\}, "", "", key\];\n\s+const originToken = fn\(\);/);
  });

  it('takes the derived tokens for their path, and derives any other theme as before', () => {
    const code = tokensWithoutPrebuilt(tokensHook, [
      { path: 'token%6%seed%o%v', value: [{ a: 1 }, 'css-x', {}, '', 'k'] },
    ]);
    expect(code).toContain(
      'const PREBUILT = new Map([["token%6%seed%o%v","[{\\"a\\":1},\\"css-x\\",{},\\"\\",\\"k\\"]"]]);',
    );
    expect(code).toMatch(
      /if \(prebuilt\) \{[\s\S]*?return \[tokenWithCssVar, hashCls, actualToken, "", key\];\n\s+\}\n\s+const mergedDerivativeToken = /,
    );
  });

  it('fails the build when Ant Design changes the hook', () => {
    const changed = path.join(mkdtempSync(path.join(tmpdir(), 'hook-')), 'useCSSVarRegister.js');
    writeFileSync(
      changed,
      readFileSync(hook, 'utf8').replace('const originToken = fn();', 'const token = fn();'),
    );
    expect(() => registerWithoutPrebuilt(changed, [])).toThrow(/no longer has the shape/);
    const changedTokens = path.join(path.dirname(changed), 'useCacheToken.js');
    writeFileSync(
      changedTokens,
      readFileSync(tokensHook, 'utf8').replace('theme.id, tokenStr', 'theme.id, seedStr'),
    );
    expect(() => tokensWithoutPrebuilt(changedTokens, [])).toThrow(/no longer has the shape/);
  });
});
