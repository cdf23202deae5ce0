import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { render, screen } from '@testing-library/react';
import { Button } from 'antd';
import { beforeAll, describe, expect, it } from 'vitest';
import '../i18n/i18n.ts';
import { type AntdStyles, extractAntdStyles, stylePathsOf } from '../../antdStyles.ts';
import { ConsoleTheme } from './ConsoleTheme.tsx';

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
});
